import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { planImport } from '../../cli/import/plan';
import { createUi, progressLine } from '../../cli/ui/render';
import { NO_IP_LEFT } from '../../src/lib/schemas/add-domains';
import { run, tempConfigDir } from './helpers/run';

class Capture extends Writable {
  text = '';
  isTTY = false;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

const GROUP = '11111111-1111-4111-8111-111111111111';
const ACCOUNT = { guid: '22222222-2222-4222-8222-222222222222', account_type: 'SHARED_HOSTING' };
const ip = (n: number, allowed: number, used = 0) => ({
  guid: `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`,
  ip_address: `198.51.100.${n}`,
  domains_allowed: allowed,
  domain_count: used,
  ip_address_type: 'SHARED' as const,
  http_version: 2 as const,
  country: 'Germany',
  country_code: 'DE',
  city: 'Berlin',
  group: { guid: GROUP, name: 'IPs' },
});

describe('planImport', () => {
  it('gives free slots in the order the API lists the addresses, and says which lines none is left for', () => {
    const plan = planImport('a.example\nb.example, 198.51.100.2\nc.example\nd.example\n', { group: GROUP, hostingAccount: ACCOUNT, ips: [ip(1, 2, 1), ip(2, 2)] });
    expect(plan.rows.map((r) => [r.line, r.domain, r.ip_address.slice(-1)])).toEqual([
      [1, 'a.example', '1'],
      [2, 'b.example', '2'],
      [3, 'c.example', '2'],
    ]);
    expect(plan.errors).toEqual([{ line: 4, message: NO_IP_LEFT }]);
  });

  it('applies the wizard rules: software is ignored for a custom host, https turns SSL on', () => {
    const line = 'wp.example,,false,true,WORDPRESS,https://\n';
    const shared = planImport(line, { group: GROUP, hostingAccount: ACCOUNT, ips: [ip(1, 5)] });
    expect(shared.rows[0]).toMatchObject({ install_software: 'WORDPRESS', software_protocol: 'https://', install_lets_encrypt: true });
    const custom = planImport(line, { group: GROUP, hostingAccount: { ...ACCOUNT, account_type: 'CUSTOM_HOST' }, ips: [ip(1, 5)] });
    expect(custom.rows[0]).toMatchObject({ install_software: null, software_protocol: null, install_lets_encrypt: false, redirect_to_https: false });
  });
});

describe('terminal output', () => {
  it('words the progress line with rows done, rate and time left', () => {
    expect(progressLine('Importing', 400, 1000, 120)).toBe('Importing 400/1,000 rows · 120 rows/s · about 5 s left');
    expect(progressLine('Importing', 0, 1000, 0)).toBe('Importing 0/1,000 rows');
  });

  it('draws the progress line in place on a terminal, and clears it at the end', () => {
    const stderr = new Capture();
    stderr.isTTY = true;
    const ui = createUi({ stdin: Readable.from([]), stdout: new Capture(), stderr, env: {} }, { json: false });
    const bar = ui.progress('Importing', 1000);
    bar.update(500);
    bar.stop();
    expect(stderr.text.startsWith('\r\x1b[2KImporting 0/1,000 rows')).toBe(true);
    expect(stderr.text).toContain('\r\x1b[2KImporting 500/1,000 rows');
    expect(stderr.text.endsWith('\r\x1b[2K')).toBe(true);
    // Not with --json, even on a terminal.
    const quiet = new Capture();
    quiet.isTTY = true;
    createUi({ stdin: Readable.from([]), stdout: new Capture(), stderr: quiet, env: {} }, { json: true })
      .progress('Importing', 10)
      .update(5);
    expect(quiet.text).toBe('');
  });

  it('draws no progress without a terminal, and tables without colour under NO_COLOR', () => {
    const stdout = new Capture();
    const stderr = new Capture();
    stdout.isTTY = true;
    const ui = createUi({ stdin: Readable.from([]), stdout, stderr, env: { NO_COLOR: '1' } }, { json: false });
    const bar = ui.progress('Importing', 10);
    bar.update(5);
    bar.stop();
    expect(stderr.text).toBe('');
    ui.printTable(
      [
        { header: 'NAME', value: (r: { n: string; c: number }) => r.n },
        { header: 'DOMAINS', value: (r) => String(r.c), align: 'right' },
      ],
      [{ n: 'Production', c: 12 }],
    );
    expect(stdout.text).toBe('NAME        DOMAINS\nProduction       12\n');
  });
});

describe('help', () => {
  it('lists the exit codes and the import options', async () => {
    const { dir, cleanup } = await tempConfigDir();
    try {
      const top = await run(['--help'], { configDir: dir });
      expect(top.code).toBe(0);
      expect(top.stdout).toContain('Exit codes:');
      expect(top.stdout).toContain('4    interrupted; run the same command with --resume');
      const help = await run(['domains', 'import', '--help'], { configDir: dir });
      expect(help.stdout).toContain('--skip-invalid');
      expect(help.stdout).toContain('--resume');
      expect(help.stdout).toContain('--dry-run');
    } finally {
      await cleanup();
    }
  });
});
