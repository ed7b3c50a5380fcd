// Where the build goes, and building it when the sources are newer than the build.
// ./dist by default, or a named folder under ./.builds (HOSTDECK_OUT_DIR) so several builds
// (parallel browser-test runs) can live side by side. It must stay inside the project: the
// server bundle imports its packages from the project's node_modules.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

export function outDir(root = process.cwd()) {
  const wanted = process.env.HOSTDECK_OUT_DIR;
  return wanted ? resolve(root, '.builds', basename(wanted)) : resolve(root, 'dist');
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** Builds the panel unless the build is newer than every source; exits the process if the build fails. */
export function ensureBuilt(root, { force = false, log = console.log } = {}) {
  const entry = join(outDir(root), 'server/entry.mjs');
  const sources = Math.max(...['src', 'public', 'astro.config.mjs', 'package-lock.json'].map((p) => newest(join(root, p))));
  if (!force && existsSync(entry) && statSync(entry).mtimeMs >= sources) return;
  log('[hostdeck] building the panel...');
  const built = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
