import { computed } from 'nanostores';
import { persistentMap } from '@nanostores/persistent';
import { DARK_CLASS, PREFERENCE_PREFIX, SIDEBAR_COLLAPSE_BELOW } from './preference-keys';

type Stored = {
  /** 'true' or 'false'; absent until chosen. */
  dark?: string;
  /** 'collapsed' or 'expanded'; absent until chosen, then the screen width decides. */
  sidebar?: string;
};

const $stored = persistentMap<Stored>(PREFERENCE_PREFIX, {});

export interface Preferences {
  darkMode: boolean;
  sidebarCollapsed: boolean;
}

const narrowScreen = () => typeof window !== 'undefined' && window.innerWidth < SIDEBAR_COLLAPSE_BELOW;

export const $preferences = computed($stored, (stored): Preferences => ({
  darkMode: stored.dark === 'true',
  sidebarCollapsed: stored.sidebar === undefined ? narrowScreen() : stored.sidebar === 'collapsed',
}));

export function setDarkMode(on: boolean): void {
  $stored.setKey('dark', on ? 'true' : 'false');
  if (typeof document !== 'undefined') document.documentElement.classList.toggle(DARK_CLASS, on);
}

export function setSidebarCollapsed(collapsed: boolean): void {
  $stored.setKey('sidebar', collapsed ? 'collapsed' : 'expanded');
}
