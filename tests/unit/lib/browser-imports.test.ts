import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** Every island: what the browser loads starts here (src/islands, hydrated by Astro pages). */
function islands(dir = join(root, 'src/islands')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? islands(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The modules a file imports at run time: `import type` and `export type` are erased. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?\bfrom\s+)?['"]([^'"]+)['"]/gm)) {
    if (!m[2]) found.push(m[4]!);
  }
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]!);
  return found;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Walks the import graph of the islands; answers each package reached with the first module that imports it. */
function browserGraph(): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = islands();
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of runtimeImports(file)) {
      if (spec.startsWith('.')) {
        const next = resolveLocal(file, spec);
        if (next) queue.push(next);
      } else if (!packages.has(spec)) packages.set(spec, relative(root, file));
    }
    if (file.includes('/src/server/')) packages.set('(src/server)', relative(root, file));
  }
  return packages;
}

describe('what the panel ships to the browser', () => {
  const graph = browserGraph();

  it('reaches the islands and the shared schemas (the walk itself works)', () => {
    expect(graph.get('zod/mini')).toBeDefined();
    expect(graph.get('react')).toBeDefined();
  });

  it('carries no classic zod: forms check with zod/mini schemas, requesters call routes typed by the definitions', () => {
    // Definitions (src/lib/api/<area>.ts) hold the answers' schemas for the server and the
    // OpenAPI document; the panel imports only their types and src/lib/requests.
    expect(graph.get('zod'), `imported by ${graph.get('zod')}`).toBeUndefined();
  });

  it('reaches no server code', () => {
    expect(graph.get('(src/server)')).toBeUndefined();
  });
});
