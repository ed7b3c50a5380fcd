// Builds the CLI on its own: one bundle with no dependencies (ink, react, commander and the
// shared src/lib inside), its own package.json and bin, then `npm pack`s it, so
// `npm install -g hostdeck-<version>.tgz` gives a working `hostdeck` on any Node 22.12+
// without the panel, the API or a registry. Prints the path of the .tgz.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(process.argv[2] ?? join(root, '.builds', 'cli'));
const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));

await rm(out, { recursive: true, force: true });
await mkdir(join(out, 'dist'), { recursive: true });
await build({
  entryPoints: { main: join(root, 'cli', 'main.tsx') },
  outdir: join(out, 'dist'),
  bundle: true,
  // Ink is a chunk of its own, loaded only when something is drawn (cli/ui/render.ts).
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.12',
  jsx: 'automatic',
  minify: true,
  legalComments: 'external',
  define: { 'process.env.NODE_ENV': '"production"' },
  // Ink imports the React devtools only when DEV is set; they are not shipped.
  external: ['react-devtools-core'],
  // CommonJS dependencies inside an ES module bundle still call require().
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
await copyFile(join(root, 'cli', 'node-check.mjs'), join(out, 'node-check.mjs'));
await writeFile(
  join(out, 'hostdeck.mjs'),
  `#!/usr/bin/env node
import { requireNode } from './node-check.mjs';

requireNode('Install Node.js 22.12 or later (https://nodejs.org), then run hostdeck again.');
const { runCli } = await import('./dist/main.js');
process.exitCode = await runCli(process.argv.slice(2));
`,
  { mode: 0o755 },
);
await writeFile(
  join(out, 'package.json'),
  `${JSON.stringify(
    {
      name: 'hostdeck',
      version: pkg.version,
      description: 'Hostdeck in the terminal: domains, IP addresses and invoices of a Hostdeck provider API.',
      type: 'module',
      bin: { hostdeck: 'hostdeck.mjs' },
      files: ['hostdeck.mjs', 'node-check.mjs', 'dist'],
      engines: { node: '>=22.12' },
      license: pkg.license ?? 'UNLICENSED',
    },
    null,
    2,
  )}\n`,
);
await writeFile(
  join(out, 'README.md'),
  `# hostdeck\n\nThe Hostdeck CLI on its own. \`hostdeck --help\` lists the commands; \`hostdeck login --api-url https://panel.example.com\` signs in.\n`,
);
const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', out], { cwd: out, encoding: 'utf8' }).trim().split('\n').at(-1);
process.stdout.write(`${join(out, packed)}\n`);
