import { persistentAtom } from '@nanostores/persistent';

/** How many dismissals this browser remembers; old ones belong to notices long gone. */
const KEEP = 200;

/**
 * Announcements and incident notices the person closed, by guid, remembered in this browser
 * so they stay closed on every page and after a reload. Overdue and suspension notices cannot
 * be closed: they stay until the matter is settled.
 */
export const $dismissedBanners = persistentAtom<readonly string[]>('hostdeck:dismissed-banners', [], {
  encode: JSON.stringify,
  decode: (text) => {
    try {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  },
});

export function dismissBanner(guid: string): void {
  const kept = $dismissedBanners.get().filter((g) => g !== guid);
  $dismissedBanners.set([...kept, guid].slice(-KEEP));
}
