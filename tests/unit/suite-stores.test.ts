import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every store module is imported by at least one test file (issue 29): store logic is tested in
 * Node, through the panel's own API object against the in-process API, or as a unit where it
 * asks no API. A new store without a test fails here, naming it.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const STORES = join(ROOT, 'src/stores');
const TESTS = join(ROOT, 'tests');

const filesUnder = (dir: string, keep: (name: string) => boolean): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(keep)
    .map((name) => join(dir, name));

/** A module's path from the project root without its extension: `src/stores/session`. */
const moduleId = (file: string) =>
  relative(ROOT, file)
    .replace(/\.tsx?$/, '')
    .replace(/\/index$/, '');

/** What a test file imports by path: static and dynamic imports, re-exports and mocks. */
function importsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    found.add(moduleId(resolve(dirname(file), match[1]!)));
  }
  return found;
}

describe('the store tests', () => {
  it('import every store module', () => {
    const stores = filesUnder(STORES, (name) => name.endsWith('.ts')).map(moduleId);
    expect(stores.length).toBeGreaterThan(50);
    const imported = new Set(filesUnder(TESTS, (name) => /\.test\.tsx?$/.test(name)).flatMap((file) => [...importsOf(file)]));
    const untested = stores.filter((store) => !imported.has(store)).sort();
    expect(untested, 'store modules no test file imports: add a test that exercises each (tests/api/*-stores.test.ts, tests/unit/stores/)').toEqual([]);
  });

  it('run in Node: only the panel environment touches the page', () => {
    // The browser's globals: not a store named after one (`$history`), a property, or a local `location` of an order's pick.
    const page =
      /(?<![\w$.])(?:(?:window|document|navigator|screen|history|localStorage|sessionStorage)\.|matchMedia\(|new MutationObserver\b|location\.(?:href|search|pathname|hash|origin|assign|replace|reload)\b)/;
    const reaching = filesUnder(STORES, (name) => name.endsWith('.ts'))
      .filter((file) => moduleId(file) !== 'src/stores/environment')
      .filter((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .some((line) => !/^\s*(?:\/\/|\*|\/\*)/.test(line) && page.test(line)),
      )
      .map(moduleId);
    expect(reaching, 'stores that reach the page themselves: go through environment() (src/stores/environment.ts) so they run in Node').toEqual([]);
  });
});
