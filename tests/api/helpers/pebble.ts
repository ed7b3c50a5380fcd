import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { get } from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { until } from '../../helpers/waiting';

/**
 * Pebble, Let's Encrypt's ACME test server (Debian's `pebble` package; CI installs it), started
 * for one test file: free ports on 127.0.0.1, a configuration and a TLS certificate of its own
 * in the file's folder, validations at full speed and no nonces refused at random.
 */

export const PEBBLE = '/usr/bin/pebble';
export const OPENSSL = '/usr/bin/openssl';
export const CURL = '/usr/bin/curl';
export const pebbleInstalled = existsSync(PEBBLE) && existsSync(OPENSSL) && existsSync(CURL);

export const run = promisify(execFile);

export interface Pebble {
  /** The ACME directory (ACME_DIRECTORY_URL). */
  directoryUrl: string;
  /** The certificate of Pebble's own HTTPS listeners, to trust for the directory (ACME_CA_FILE). */
  tlsCertFile: string;
  /** The root of the certificates Pebble issues, as its management port hands it out (PEM). */
  root(): Promise<string>;
  /** Everything it printed, for a failure's message. */
  output(): string;
  /** Ends the process this helper started, by its pid, and waits for it to be gone. */
  stop(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 just now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** One GET over HTTPS trusting `ca` only. */
export function httpsGet(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = get(url, { ca }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

/**
 * Starts Pebble, validating HTTP-01 challenges on `httpPort` (the edge's HTTP port) of the
 * addresses `dnsServer` answers for the names; resolves once its directory answers.
 */
export async function startPebble(options: { dir: string; httpPort: number; dnsServer: string; stop?: AbortSignal }): Promise<Pebble> {
  const { dir } = options;
  const tlsCertFile = join(dir, 'pebble-tls.pem');
  const tlsKeyFile = join(dir, 'pebble-tls.key');
  await run(OPENSSL, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    tlsKeyFile,
    '-out',
    tlsCertFile,
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ]);
  const [listen, management, tlsPort] = [await freePort(), await freePort(), await freePort()];
  const config = {
    pebble: {
      listenAddress: `127.0.0.1:${listen}`,
      managementListenAddress: `127.0.0.1:${management}`,
      certificate: tlsCertFile,
      privateKey: tlsKeyFile,
      httpPort: options.httpPort,
      // TLS-ALPN-01 is not used; Pebble wants a port all the same.
      tlsPort,
      ocspResponderURL: '',
      externalAccountBindingRequired: false,
      // Let's Encrypt's 90 days, so renewal falls due as it would.
      certificateValidityPeriod: 90 * 86_400,
    },
  };
  const configFile = join(dir, 'pebble-config.json');
  await writeFile(configFile, JSON.stringify(config, null, 2));
  const child = spawn(PEBBLE, ['-config', configFile, '-dnsserver', options.dnsServer], {
    // Authorisations are never reused, so a renewal proves its names over HTTP-01 again.
    env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    await exited;
  };
  const directoryUrl = `https://127.0.0.1:${listen}/dir`;
  const ca = await readFile(tlsCertFile, 'utf8');
  try {
    await until(
      "Pebble's directory to answer",
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Pebble ended (${child.exitCode ?? child.signalCode}) before serving:\n${printed}`);
        return httpsGet(directoryUrl, ca).then(
          (res) => res.status,
          (error: unknown) => String(error),
        );
      },
      (status) => status === 200,
      options.stop,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    directoryUrl,
    tlsCertFile,
    async root() {
      const res = await httpsGet(`https://127.0.0.1:${management}/roots/0`, ca);
      if (res.status !== 200) throw new Error(`Pebble's root was not handed out: ${res.status} ${res.body}`);
      return res.body;
    },
    output: () => printed,
    stop,
  };
}
