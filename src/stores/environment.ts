import { createApi, type Api, type ApiOptions, type Download } from '../lib/api/client';
import { $companyGuid, $token } from './credentials';

/**
 * What the panel's stores need from the world around them: the provider API and the page they
 * run in (its address, document loads, files, new tabs, the tab's storage, the screen). The
 * browser gets the real ones; tests in Node set their own (the in-process API, a page in
 * memory that records what the panel did to it), so store logic is tested without a browser.
 * This is the one module of the stores that touches `window`, `document` or `location`.
 * Storage that outlives the tab (localStorage) is @nanostores/persistent's, which has its own
 * test engine.
 */
export interface PanelEnvironment {
  /** The provider API with the session's credentials; the panel's 401 handling wraps it. */
  api: Api;
  /** The same API's options, for the task event stream, which reads the answer as it arrives; none: no live updates. */
  apiOptions?: ApiOptions;
  /** The address the page is at. */
  location(): URL;
  /** Loads another document (or, in tests, records where the panel went). */
  go(url: string, options: { replace: boolean }): void;
  /** Loads this document again (a partner's new styles are drawn by the next load). */
  reload(): void;
  /** Hands a file the API answered to the person, under the name it suggested. */
  save(file: Download): void;
  /**
   * Opens a new tab now, within the click (a popup blocker lets nothing else through), to be
   * sent on once its address is known. The new page cannot reach back into the panel.
   */
  openTab(): OpenedTab;
  /** Storage kept for this tab across its page loads (sessionStorage); null where the browser refuses storage. */
  tabStorage(): TabStorage | null;
  /** What a card's 3-D Secure check asks of the browser (spec part 3, 3 "New card payload"). */
  device(): DeviceFacts;
  /** Calls `onChange` with whether `query` matches, at once and on every change; answers the unsubscribe. */
  watchMedia(query: string, onChange: (matches: boolean) => void): () => void;
  /** Sets or removes a class of the document's root element, where the stylesheet reads the theme. */
  rootClass(name: string, on: boolean): void;
}

/** A tab the panel opened before it knew the address to show there. */
export interface OpenedTab {
  /** Sends the tab to `url`; where no tab could open (a blocker), this page goes there instead. */
  show(url: string): void;
  /** Closes the tab again (the address was refused). */
  close(): void;
}

export type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DeviceFacts {
  screen_width: number;
  screen_height: number;
  color_depth: number;
  /** Minutes from local time to UTC, as `Date#getTimezoneOffset` counts them. */
  time_zone: number;
  browser_language: string;
}

/**
 * The provider API the panel talks to: the embedded one under `/api` on this origin unless
 * the build names another with PUBLIC_API_URL (spec decisions, 3).
 */
export const API_BASE = import.meta.env.PUBLIC_API_URL || '/api';

/** The options of the API with the stored token and company, as every environment sends them. */
export function panelApiOptions(baseURL: string, fetch?: typeof globalThis.fetch): ApiOptions {
  return {
    baseURL,
    credentials: () => ({ token: $token.get() ?? null, company: $companyGuid.get() ?? null }),
    ...(fetch ? { fetch } : {}),
  };
}

export function panelApi(baseURL: string, fetch?: typeof globalThis.fetch): Api {
  return createApi(panelApiOptions(baseURL, fetch));
}

/** How long a saved file's object URL lives: the download has started long before. */
const OBJECT_URL_MS = 10_000;

function browserEnvironment(): PanelEnvironment {
  return {
    api: panelApi(API_BASE),
    apiOptions: panelApiOptions(API_BASE),
    location: () => new URL(location.href),
    go: (url, { replace }) => (replace ? location.replace(url) : location.assign(url)),
    reload: () => location.reload(),
    save(file) {
      const url = URL.createObjectURL(new Blob([file.body], { type: file.contentType }));
      const link = Object.assign(document.createElement('a'), { href: url, download: file.filename });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_MS);
    },
    openTab() {
      const opened = window.open('about:blank', '_blank');
      if (opened) opened.opener = null;
      return {
        show: (url) => {
          if (opened) opened.location.href = url;
          else location.assign(url);
        },
        close: () => opened?.close(),
      };
    },
    tabStorage() {
      try {
        return sessionStorage;
      } catch {
        // Storage switched off (a privacy setting): the panel works without what it kept.
        return null;
      }
    },
    device: () => ({
      screen_width: screen.width,
      screen_height: screen.height,
      color_depth: screen.colorDepth,
      time_zone: new Date().getTimezoneOffset(),
      browser_language: navigator.language,
    }),
    watchMedia(query, onChange) {
      const list = matchMedia(query);
      const update = () => onChange(list.matches);
      update();
      list.addEventListener('change', update);
      return () => list.removeEventListener('change', update);
    },
    rootClass: (name, on) => void document.documentElement.classList.toggle(name, on),
  };
}

let current: PanelEnvironment | undefined;

export function environment(): PanelEnvironment {
  current ??= browserEnvironment();
  return current;
}

/** For tests: the stores use `env` from now on. */
export function setEnvironment(env: PanelEnvironment): void {
  current = env;
}
