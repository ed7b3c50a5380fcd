#!/usr/bin/env node
// Plain JavaScript that older Node versions can parse, so that they get the sentence below
// instead of a syntax error from a dependency.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `hostdeck needs Node.js 22.12 or later, but this is Node.js ${process.versions.node}.\n` +
      "Run it through npm in the project folder, which uses the project's own Node 24:\n" +
      '  npm run cli -- <command>     or     npx hostdeck <command>\n',
  );
  process.exit(1);
}

const { fileURLToPath } = await import('node:url');
const { register } = await import('tsx/esm/api');
// The CLI runs from source; point tsx at the project's tsconfig (for JSX) wherever it is
// started from.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { runCli } = await import('./main.tsx');
process.exitCode = await runCli(process.argv.slice(2));
