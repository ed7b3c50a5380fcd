// Where the build goes: ./dist, or a named folder under ./.builds so several builds (parallel
// browser-test runs) can live side by side. It must stay inside the project: the server
// bundle imports its packages from the project's node_modules.
import { basename, resolve } from 'node:path';

export function outDir(root = process.cwd()) {
  const wanted = process.env.HOSTDECK_OUT_DIR;
  return wanted ? resolve(root, '.builds', basename(wanted)) : resolve(root, 'dist');
}
