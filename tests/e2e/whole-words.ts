import type { Locator, Page } from '@playwright/test';

/**
 * The words (and amounts) inside `where` that a line break splits in two: a column or a dialog
 * narrower than the word. Words split at a space, a hyphen or a slash are whole; words longer
 * than 40 characters (keys, long addresses) may wrap.
 */
export async function brokenWords(where: Locator): Promise<string[]> {
  return where.evaluateAll((roots) => {
    const broken = new Set<string>();
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Text kept for screen readers only sits in a 1 px box: not a line a person reads.
        if ((node.parentElement?.getBoundingClientRect().width ?? 0) < 2) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s\-/]+/g)) {
          const word = match[0];
          if (word.length < 2 || word.length > 40) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + word.length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.add(word);
        }
      }
    }
    return [...broken];
  });
}

/** Codes of `codes` that the page shows as visible words (its text as a person reads it, dialogs included). */
export async function codesShown(page: Page, codes: readonly string[]): Promise<string[]> {
  const words = new Set((await page.locator('body').innerText()).split(/[^A-Za-z0-9_]+/));
  return codes.filter((code) => words.has(code));
}
