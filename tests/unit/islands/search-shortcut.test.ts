import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from '../../../src/islands/shell/search-shortcut';

const key = (k: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: unknown }> = {}) =>
  ({ key: k, ctrlKey: false, metaKey: false, altKey: false, target: { tagName: 'BODY' }, ...extra }) as Parameters<typeof isSearchShortcut>[0];

describe('search shortcut', () => {
  it("opens on '/' outside fields and on Ctrl/Cmd-K anywhere", () => {
    expect(isSearchShortcut(key('/'))).toBe(true);
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true, target: { tagName: 'INPUT' } }))).toBe(true);
  });

  it("leaves '/' to text fields and ignores other keys", () => {
    expect(isSearchShortcut(key('/', { target: { tagName: 'INPUT' } }))).toBe(false);
    expect(isSearchShortcut(key('/', { target: { tagName: 'TEXTAREA' } }))).toBe(false);
    expect(isSearchShortcut(key('/', { target: { tagName: 'DIV', isContentEditable: true } }))).toBe(false);
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
  });
});
