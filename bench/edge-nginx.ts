import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RATE_LIMIT_MAX, REDIRECT, RULES, SITES } from './edge-sites';

/**
 * nginx doing the work of bench/edge-sites.ts's three sites, for bench/edge.ts: `return 301` for
 * the redirect, the very page Hostdeck serves as a static file, and the hundred rules as `if`,
 * `geo` and `limit_req` of the same kinds (a path, an agent or a referer, two CIDR ranges, a
 * header regex, a country with a query, five counting limits), all evaluated for each request
 * since none decides. Every request is written to an access log, as Hostdeck records each one.
 * Its own defaults otherwise: a worker per core.
 */
export const NGINX = '/usr/sbin/nginx';

/** The country table nginx reads, standing in for DB-IP: a few ranges, the lookup as cheap. */
const COUNTRIES = ['1.0.1.0/24 CN;', '1.0.2.0/23 CN;', '2.56.8.0/22 RU;', '5.8.16.0/21 RU;'];

/** The hundred rules of `benchRule` (bench/edge-sites.ts) in nginx's words, and what they need at the http level. */
function rules(): { http: string[]; server: string[]; location: string[] } {
  const http: string[] = [];
  const server: string[] = [];
  const location: string[] = [];
  for (let i = 0; i < RULES; i++) {
    if (i % 20 === 19) {
      // A limit counted for every request and never reached: as many per second as Hostdeck's per minute.
      http.push(`limit_req_zone $binary_remote_addr zone=rule${i}:1m rate=${Math.round(RATE_LIMIT_MAX / 60)}r/s;`);
      location.push(`limit_req zone=rule${i} burst=${RATE_LIMIT_MAX} nodelay;`);
      continue;
    }
    switch (i % 5) {
      case 0:
        server.push(`if ($uri = /blocked-${i}) { return 403; }`);
        break;
      case 1:
        server.push(`if ($http_user_agent ~ "scanner-${i}") { return 403; }`, `if ($http_referer ~ "spam-${i}\\.example$") { return 403; }`);
        break;
      case 2:
        http.push(`geo $cidr${i} { default 0; 203.0.113.${i}/32 1; 2001:db8:${i.toString(16)}::/48 1; }`);
        server.push(`if ($cidr${i}) { return 403; }`);
        break;
      case 3:
        server.push(`if ($http_x_probe ~ "^probe-\\d+-${i}$") { return 403; }`);
        break;
      default:
        server.push(
          `set $rule${i} "";`,
          `if ($country ~ "^(CN|RU)$") { set $rule${i} C; }`,
          `if ($args ~ "id-${i}") { set $rule${i} "\${rule${i}}Q"; }`,
          `if ($rule${i} = CQ) { return 403; }`,
        );
    }
  }
  return { http, server, location };
}

/**
 * Writes the configuration and the pages (Hostdeck's own pages of those sites, byte for byte)
 * under `dir` and starts nginx in the foreground; resolves once it answers.
 */
export async function startNginx(dir: string, port: number, pages: { page: Buffer; rules: Buffer }): Promise<{ stop(): Promise<void> }> {
  // Its workers run as nobody when started as root: they must reach and read the pages.
  mkdirSync(dir, { recursive: true });
  chmodSync(join(dir, '..'), 0o755);
  chmodSync(dir, 0o755);
  for (const [name, page] of Object.entries(pages)) {
    mkdirSync(join(dir, name), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, name, 'index.html'), page, { mode: 0o644 });
  }
  const { http, server, location } = rules();
  const listen = `listen 127.0.0.1:${port};`;
  const config = [
    'worker_processes auto;',
    'daemon off;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${join(dir, 'access.log')} combined buffer=64k flush=1s;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, `${t}-temp`)};`),
    '  default_type text/html;',
    `  geo $country { default ZZ; ${COUNTRIES.join(' ')} }`,
    ...http.map((line) => `  ${line}`),
    `  server { ${listen} server_name ${SITES.redirect}; location = ${REDIRECT.path} { return 301 ${REDIRECT.destination}; } }`,
    `  server { ${listen} server_name ${SITES.page}; root ${join(dir, 'page')}; }`,
    `  server { ${listen} server_name ${SITES.rules}; root ${join(dir, 'rules')};`,
    ...server.map((line) => `    ${line}`),
    `    location / { ${location.join(' ')} }`,
    '  }',
    '}',
  ];
  writeFileSync(join(dir, 'nginx.conf'), `${config.join('\n')}\n`);
  const child = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    await exited;
  };
  // Ready once it answers; an nginx that ended says why.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx did not start:\n${errors}`);
    const answered = await fetch(`http://127.0.0.1:${port}/`).then(
      (res) => res.arrayBuffer().then(() => true),
      () => false,
    );
    if (answered) return { stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
