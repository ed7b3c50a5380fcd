/**
 * Benchmarks that print figures (never part of `npm test`):
 * 1. For a company with 100,000 IP addresses: time and bytes of
 *    GET /ip_addresses/?page=1&per_page=99999 beside a bare SQL select of the same rows, in
 *    the same run, so the ratio is the figure that matters; then the same answer over HTTP
 *    compressed with br and gzip (bytes on the wire, time until the last one arrives); then the
 *    IP group page with 99,999 addresses in its group (bench/ip-page.ts): pages and the whole
 *    list beside a bare SQL select (ratio), the export's time and peak memory, a bulk action.
 * 2. The script each page of the panel loads in the browser, gzipped, against the issue's
 *    budgets (login 80 KiB, the signed-in shell with the dashboard 150 KiB); over budget is
 *    printed, not failed.
 * 3. Requests per second and p99 under 50 concurrent clients, on PGlite and PostgreSQL.
 * 4. With 50,000 domains in one group: a page of the domain list beside a bare SQL select, the
 *    export of all of them (time, peak memory), and in Chromium the time to the first rows and
 *    the slowest interaction while scrolling, selecting all and searching by tag.
 * 5. The HTTP edge beside nginx doing the same work (bench/edge.ts): wrk with 50 connections
 *    against a 301 redirect, a page and the page through 100 firewall rules, on PGlite and on
 *    PostgreSQL with two edge processes; requests per second, p99 and the ratio to nginx, and
 *    with 100 rules beside without (skipped, saying so, where wrk is not installed).
 * 6. The CLI packed on its own: its start-up time, 10,000 domains imported (checked and
 *    submitted) and the IP addresses exported to a file (time and peak memory).
 * 7. The DNS server's queries per second, lost queries and p99 beside Knot DNS on the same zone
 *    (dnsperf; skipped, saying so, where dnsperf is not installed).
 * Run with `npm run bench` (options: --ips N --runs N --seconds N --skip-api --skip-js --skip-load --skip-domains, --domains N, --skip-edge, --skip-cli, --skip-dns).
 */
import { parseArgs } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureIpList } from './ip-list';
import { measurePageJs } from './page-js';
import { measureConcurrency } from './concurrency';
import { measureDomains } from './domains';
import { measureEdge } from './edge';
import { measureCli } from './cli';
import { measureDns } from './dns';

const { values } = parseArgs({
  options: {
    ips: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '5' },
    'skip-api': { type: 'boolean', default: false },
    'skip-js': { type: 'boolean', default: false },
    'skip-load': { type: 'boolean', default: false },
    'skip-domains': { type: 'boolean', default: false },
    'skip-edge': { type: 'boolean', default: false },
    'skip-cli': { type: 'boolean', default: false },
    'skip-dns': { type: 'boolean', default: false },
    domains: { type: 'string', default: '50000' },
    seconds: { type: 'string', default: '5' },
  },
});

if (!values['skip-api']) {
  const dir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-'));
  try {
    await measureIpList({ dataDir: dir, ipCount: Number(values.ips), runs: Number(values.runs) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (!values['skip-js']) await measurePageJs();
if (!values['skip-load']) await measureConcurrency(Number(values.seconds));
if (!values['skip-domains']) {
  const dir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-domains-'));
  try {
    await measureDomains({ dataDir: dir, domainCount: Number(values.domains), runs: Number(values.runs) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (!values['skip-edge']) await measureEdge(Number(values.seconds));
if (!values['skip-cli']) {
  const dir = mkdtempSync(join(tmpdir(), 'hostdeck-bench-cli-db-'));
  try {
    await measureCli({ dataDir: dir, ipCount: Number(values.ips), domainCount: 10_000, runs: Number(values.runs) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (!values['skip-dns']) await measureDns(Number(values.seconds));
