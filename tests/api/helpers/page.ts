import type { Api, ApiOptions, Download } from '../../../src/lib/api/client';
import type { DeviceFacts, PanelEnvironment, TabStorage } from '../../../src/stores/environment';

/** A tab the panel opened: where it was sent, and whether it was closed again. */
export interface TabOpened {
  url: string | null;
  closed: boolean;
}

/**
 * The page the panel's stores run in, kept in memory for tests in Node: it records what the
 * stores did to it (document loads, reloads, files, tabs, the root's classes) and answers what
 * they ask of it (the address, the tab's storage, media queries, the screen).
 */
export interface PageInMemory {
  /** The address the page is at. */
  address: URL;
  /** Moves the page to `path` (on the panel's origin), as a document load there would. */
  at(path: string): void;
  /** Document loads asked for, first first. */
  went: { url: string; replace: boolean }[];
  reloads: number;
  /** Files handed to the person. */
  saved: Download[];
  tabs: TabOpened[];
  /** The tab's storage. */
  storage: Map<string, string>;
  rootClasses: Set<string>;
  device: DeviceFacts;
  /** Whether a media query matches; change it, then call `mediaChanged`. */
  matches(query: string): boolean;
  /** Tells every watcher of a media query to read it again. */
  mediaChanged(): void;
  /** The environment the stores see: this page and `api`. */
  environment(api: Api, apiOptions?: ApiOptions): PanelEnvironment;
}

export const PANEL_ORIGIN = 'http://panel.test';

export function pageInMemory(path = '/'): PageInMemory {
  const watchers = new Set<() => void>();
  const storage = new Map<string, string>();
  const tabStorage: TabStorage = {
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, value) => void storage.set(key, String(value)),
    removeItem: (key) => void storage.delete(key),
  };
  const page: PageInMemory = {
    address: new URL(path, PANEL_ORIGIN),
    at(next) {
      page.address = new URL(next, PANEL_ORIGIN);
    },
    went: [],
    reloads: 0,
    saved: [],
    tabs: [],
    storage,
    rootClasses: new Set(),
    device: { screen_width: 1920, screen_height: 1080, color_depth: 24, time_zone: 0, browser_language: 'en-GB' },
    matches: () => false,
    mediaChanged() {
      for (const watcher of watchers) watcher();
    },
    environment: (api, apiOptions) => ({
      api,
      ...(apiOptions ? { apiOptions } : {}),
      location: () => new URL(page.address),
      go: (url, { replace }) => void page.went.push({ url, replace }),
      reload: () => {
        page.reloads += 1;
      },
      save: (file) => void page.saved.push(file),
      openTab() {
        const tab: TabOpened = { url: null, closed: false };
        page.tabs.push(tab);
        return {
          show: (url) => {
            tab.url = url;
          },
          close: () => {
            tab.closed = true;
          },
        };
      },
      tabStorage: () => tabStorage,
      device: () => ({ ...page.device }),
      watchMedia(query, onChange) {
        const watcher = () => onChange(page.matches(query));
        watcher();
        watchers.add(watcher);
        return () => void watchers.delete(watcher);
      },
      rootClass: (name, on) => void (on ? page.rootClasses.add(name) : page.rootClasses.delete(name)),
    }),
  };
  return page;
}
