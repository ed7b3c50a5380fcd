import { atom, computed, onMount } from 'nanostores';
import { persistentMap } from '@nanostores/persistent';
import type { TimeZoneChoice } from '../lib/format/dates';
import { environment } from './environment';
import { DARK_CLASS, DRAWER_BELOW, PREFERENCE_PREFIX } from './preference-keys';

type Stored = {
  /** 'true' or 'false'; absent until chosen. */
  dark?: string;
  /** 'collapsed' or 'expanded'; absent until chosen (expanded). */
  sidebar?: string;
  /** 'local' to show times in the viewer's own zone; absent or 'utc': UTC, as the spec says. */
  time?: string;
};

const $stored = persistentMap<Stored>(PREFERENCE_PREFIX, {});

export interface Preferences {
  darkMode: boolean;
  sidebarCollapsed: boolean;
  timeZone: TimeZoneChoice;
}

export const $preferences = computed(
  $stored,
  (stored): Preferences => ({
    darkMode: stored.dark === 'true',
    sidebarCollapsed: stored.sidebar === 'collapsed',
    timeZone: stored.time === 'local' ? 'local' : 'utc',
  }),
);

export function setTimeZone(zone: TimeZoneChoice): void {
  $stored.setKey('time', zone);
}

export function setDarkMode(on: boolean): void {
  $stored.setKey('dark', on ? 'true' : 'false');
  // The stylesheet reads the theme from the root's class, which the pre-paint script set at load.
  environment().rootClass(DARK_CLASS, on);
}

export function setSidebarCollapsed(collapsed: boolean): void {
  $stored.setKey('sidebar', collapsed ? 'collapsed' : 'expanded');
}

/** Whether the screen is narrow enough for the sidebar to be a drawer (a phone). */
export const $narrowScreen = atom(false);
onMount($narrowScreen, () => environment().watchMedia(`(max-width: ${DRAWER_BELOW - 0.02}px)`, (narrow) => $narrowScreen.set(narrow)));

/** The phone drawer; not remembered, so every page opens with the content in view. */
export const $drawerOpen = atom(false);

export function setDrawerOpen(open: boolean): void {
  $drawerOpen.set(open);
}

export interface SidebarState {
  /** A drawer over the page (phones) rather than a column beside it. */
  drawer: boolean;
  /** Shown in full: the drawer is open, or the column is not collapsed to icons. */
  expanded: boolean;
}

export const $sidebar = computed(
  [$preferences, $narrowScreen, $drawerOpen],
  (preferences, narrow, open): SidebarState => (narrow ? { drawer: true, expanded: open } : { drawer: false, expanded: !preferences.sidebarCollapsed }),
);

/** The header's menu button: opens or closes the drawer on a phone, collapses or expands the column elsewhere. */
export function toggleSidebar(): void {
  if ($narrowScreen.get()) $drawerOpen.set(!$drawerOpen.get());
  else setSidebarCollapsed(!$preferences.get().sidebarCollapsed);
}
