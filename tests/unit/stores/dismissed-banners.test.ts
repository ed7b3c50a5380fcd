import { describe, expect, it } from 'vitest';
import { $dismissedBanners, dismissBanner } from '../../../src/stores/dismissed-banners';

describe('dismissed banners', () => {
  it('remembers each dismissal once and only the latest 200', () => {
    $dismissedBanners.set([]);
    dismissBanner('a');
    dismissBanner('b');
    dismissBanner('a');
    expect($dismissedBanners.get()).toEqual(['b', 'a']);
    for (let i = 0; i < 250; i++) dismissBanner(`g${i}`);
    expect($dismissedBanners.get()).toHaveLength(200);
    expect($dismissedBanners.get().at(-1)).toBe('g249');
    expect($dismissedBanners.get()).not.toContain('a');
  });
});
