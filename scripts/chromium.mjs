// Finds a Chromium for the browser tests: $CHROMIUM_PATH, Debian's /usr/bin/chromium, or
// Playwright's own download. On a Debian-like machine where we may install packages, it
// installs Debian's chromium; elsewhere it says what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function playwrightChromium() {
  try {
    const out = execFileSync(process.execPath, ['-e', "import('playwright-core').then(m => console.log(m.chromium.executablePath()))"], { encoding: 'utf8' }).trim();
    return out && existsSync(out) ? out : null;
  } catch {
    return null;
  }
}

/** A Chromium already on this machine, or null. */
export function existingChromium() {
  const env = process.env.CHROMIUM_PATH;
  if (env && existsSync(env)) return env;
  return CANDIDATES.find((p) => existsSync(p)) ?? playwrightChromium();
}

export function findChromium({ install = false } = {}) {
  const found = existingChromium();
  if (found) return found;
  const canInstall = install && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canInstall) {
    console.log("No Chromium found: installing Debian's chromium package...");
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    const r = spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' });
    if (r.status === 0 && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error('The browser tests need Chromium. Install it (Debian/Ubuntu: `apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.');
  process.exit(1);
}
