import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getInvoice } from '../../src/lib/requests/billing';
import { listIpGroups } from '../../src/lib/requests/ip-addresses';
import type { Database } from '../../src/server/db/connection';
import { tempConfigDir } from '../cli/helpers/run';
import { openSeededApp, type TestApp } from './helpers/app';
import { serveOverHttp, writeDemoConfig } from './helpers/cli-api';
import { until, whenEmitted } from '../helpers/waiting';

const run = promisify(execFile);

/**
 * `hostdeck ip order` asked step by step in a real pseudo-terminal (util-linux `script`), as a
 * person runs it: Ink draws on a TTY, keys go through the terminal's line discipline in raw mode,
 * and the order is placed on the reference API over HTTP (issue 12, done when 2).
 */
let database: Database;
let t: TestApp;
let closeServer: () => Promise<void>;
let apiUrl: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  ({ apiUrl, close: closeServer } = await serveOverHttp(t));
});
afterAll(async () => {
  await closeServer();
  await database.close();
});

/** The settings of a terminal, as `stty -a` prints them. */
const settingsOf = async (tty: string) => (await run('stty', ['-a', '-F', tty])).stdout;

/** A terminal session: what it has shown so far, and a way to answer what it asks. */
function terminal(command: string, env: Record<string, string>, dir: string) {
  // The shell notes which terminal it runs on, so the test can see when the CLI has made it raw.
  const ttyFile = join(dir, 'tty');
  const child = spawn('script', ['--quiet', '--return', '--command', `tty > ${ttyFile} && exec ${command}`, '/dev/null'], {
    env: { ...process.env, TERM: 'xterm-256color', COLUMNS: '120', LINES: '40', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString();
  });
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  const shown = () => stripVTControlCharacters(screen);
  return {
    shown,
    exited,
    /**
     * Waits for `text` on the screen after what was seen last, then types `keys`. A question
     * listens once it is drawn: Ink subscribes its key handler in the commit that draws it
     * (effects run synchronously there). Only the terminal's raw mode, which Ink sets in that
     * commit too, is seen apart: a key sent before it would go through the line discipline.
     */
    async answer(text: string, keys: string, from: number) {
      await whenEmitted(
        `"${text}" on the screen`,
        child.stdout,
        'data',
        () => (shown().slice(from).includes(text) ? true : undefined),
        () => shown().slice(from),
        t.signal,
      );
      const tty = (await readFile(ttyFile, 'utf8')).trim();
      await until(
        `the terminal ${tty} in raw mode`,
        () => settingsOf(tty),
        (settings) => /(^|[\s;])-icanon([\s;]|$)/.test(settings),
        t.signal,
      );
      const at = shown().length;
      child.stdin.write(keys);
      return at;
    },
  };
}

describe('hostdeck ip order on a real terminal', () => {
  it('asks each step, shows the total and places the order', async () => {
    const demo = await t.signIn('demo@hostdeck.test');
    const { dir, cleanup } = await tempConfigDir();
    try {
      await writeDemoConfig(apiUrl, demo, dir);
      const groups = (await listIpGroups(t.client(demo), { per_page: 100 })).data;
      const term = terminal(`${process.execPath} cli/bin.mjs ip order`, { HOSTDECK_CONFIG_DIR: dir }, dir);
      let at = await term.answer('Which IP group do the addresses go to?', '\r', 0);
      at = await term.answer('IP address type', '\r', at);
      at = await term.answer('Subnet filter', '\r', at);
      if (groups.length > 1) at = await term.answer('Exclude the subnets of these groups', '\r', at);
      at = await term.answer('Locations (space to tick, Enter when done)', ' ', at);
      at = await term.answer('a month ✔', '\r', at);
      at = await term.answer('IP addresses in', '2\r', at);
      at = await term.answer('Website slots per address', '\r', at);
      at = await term.answer('Billing cycle', '\r', at);
      at = await term.answer('Coupon (Enter for none)', '\r', at);
      at = await term.answer('Place this order?', 'y', at);
      expect(await term.exited, term.shown()).toBe(0);
      const screen = term.shown();
      expect(screen).toContain(`✔ IP group: ${groups[0]!.name}`);
      const total = /Total: (\$[\d,.]+)/.exec(screen)?.[1];
      const id = Number(/Invoice #(\d+):/.exec(screen)?.[1]);
      const invoice = await getInvoice(t.client(demo), id);
      expect(total).toBe(`$${(invoice.total_amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
      expect(invoice.items.reduce((n, i) => n + (i.description.startsWith('Dedicated IP') ? i.quantity : 0), 0)).toBe(2);
    } finally {
      await cleanup();
    }
  });
});
