// Plain JavaScript that older Node versions can parse, so that they get a sentence instead of
// a syntax error from a dependency. Shared by the project's bin and the packed one.

/** Ends the process with `hint` when this Node is older than the CLI's dependencies need (ink 8: 22). */
export function requireNode(hint) {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    process.stderr.write(`hostdeck needs Node.js 22.12 or later, but this is Node.js ${process.versions.node}.\n${hint}\n`);
    process.exit(1);
  }
}
