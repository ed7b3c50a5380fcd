import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { getDomain } from '../../src/lib/requests/domains';
import { installSsl, uninstallSsl } from '../../src/lib/requests/domain-software';
import { updateMeta } from '../../src/lib/requests/domain-web';
import { startAndFollowTask } from '../../src/lib/requests/task-events';
import type { Database } from '../../src/server/db/connection';
import { acmeChallenges, dnsRecords, dnsZones, domains, ipAddresses, softwareInstallations, sslCertificates } from '../../src/server/db/schema/index';
import { PLACEHOLDER_TEXT } from '../../src/server/edge/pages';
import { HSTS_MAX_AGE_SECONDS } from '../../src/server/edge/https';
import { startEdge, type EdgeHandle } from '../../src/server/edge/server';
import { createAcmeIssuer } from '../../src/server/services/acme-issuer';
import type { CertificateIssuer } from '../../src/server/services/certificate-issuer';
import { openSeededApp, type TestApp } from './helpers/app';
import { openTaskStream, taskFinished } from './helpers/outcomes';
import { CURL, PEBBLE, freePort, pebbleInstalled, run, startPebble, type Pebble } from './helpers/pebble';

/**
 * Real ACME end to end (issue 30): Pebble, Let's Encrypt's test authority, issues a domain's
 * certificate through the API's INSTALL_LETS_ENCRYPT task, validating the HTTP-01 challenge
 * against the edge's HTTP port at the address the project's own DNS server answers; the edge
 * serves it over TLS by SNI (curl trusting Pebble's root only), the HTTPS switch redirects to
 * it, and the renewal job replaces it near its expiry.
 */

if (!pebbleInstalled) console.log(`Pebble is not installed (${PEBBLE}, with openssl and curl): the ACME tests are skipped. CI installs the pebble package.`);

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let edge: EdgeHandle;
let pebble: Pebble | undefined;
let dir: string;
let rootFile: string;
/** An ACTIVE domain of the demo company without certificate or software, its zone and address on 127.0.0.1. */
let target: { guid: string; domain: string; group: string };
/** A second such domain on an address of its own, for the requests that do not go through at first. */
let second: { guid: string; domain: string; group: string; ip: string; zone: string };
/** Another ACTIVE domain, with no certificate. */
let uncovered: string;
let pebbleIssuer: CertificateIssuer;

/** The domain and www in the zone on `address`, and nothing else at those names. */
async function pointAt(zone: string, address: string) {
  await database.db.delete(dnsRecords).where(and(eq(dnsRecords.zoneGuid, zone), inArray(dnsRecords.name, ['', 'www']), inArray(dnsRecords.type, ['A', 'AAAA', 'CNAME'])));
  await database.db.insert(dnsRecords).values([
    { zoneGuid: zone, type: 'A', name: '', value: address },
    { zoneGuid: zone, type: 'A', name: 'www', value: address },
  ]);
}

beforeAll(async () => {
  if (!pebbleInstalled) return;
  ({ database, t } = await openSeededApp({ provisionStepMs: 5, eventHeartbeatMs: 150 }));
  await t.startDns();
  demo = await t.signIn('demo@hostdeck.test');
  // The seed's certificate requests in progress are done first, by the sandbox issuer: Pebble is
  // asked only for this file's domain.
  await t.deps.jobs.start();
  await t.deps.jobs.idle();
  edge = await startEdge(database, { port: 0, tlsPort: 0, host: '127.0.0.1' }, t.deps.now);
  t.deps.edge = edge;
  const { db } = database;
  const candidates = await db
    .select({ guid: domains.guid, domain: domains.domain, group: domains.groupGuid, ip: domains.ipAddressGuid, zone: dnsZones.guid })
    .from(domains)
    .innerJoin(dnsZones, eq(dnsZones.domainGuid, domains.guid))
    .leftJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
    .where(
      and(
        eq(domains.companyGuid, demo.company),
        eq(domains.status, 'ACTIVE'),
        isNull(domains.sslStatus),
        eq(domains.isSubdomain, false),
        eq(dnsZones.status, 'ACTIVE'),
        isNull(softwareInstallations.guid),
      ),
    )
    .orderBy(domains.domain);
  const picked = candidates.find((c) => c.ip !== null)!;
  target = { guid: picked.guid, domain: picked.domain, group: picked.group };
  const other = candidates.find((c) => c.ip !== null && c.ip !== picked.ip)!;
  second = { guid: other.guid, domain: other.domain, group: other.group, ip: other.ip!, zone: other.zone };
  uncovered = candidates.find((c) => c.guid !== picked.guid && c.guid !== other.guid)!.domain;
  // The address the domain is assigned, and its zone, on this machine: where Pebble finds the edge.
  await db.update(ipAddresses).set({ ipAddress: '127.0.0.1' }).where(eq(ipAddresses.guid, picked.ip!));
  await pointAt(picked.zone, '127.0.0.1');

  dir = await mkdtemp(join(tmpdir(), 'hostdeck-acme-'));
  pebble = await startPebble({ dir, httpPort: edge.port, dnsServer: `127.0.0.1:${t.deps.dns!.port}`, stop: t.signal });
  pebbleIssuer = createAcmeIssuer({ directoryUrl: pebble.directoryUrl, email: 'hostmaster@hostdeck.test', caFile: pebble.tlsCertFile, pollMs: 50 });
  t.deps.certificates = pebbleIssuer;
  rootFile = join(dir, 'pebble-root.pem');
  await writeFile(rootFile, await pebble.root());
});
afterAll(async () => {
  if (!pebbleInstalled) return;
  await edge?.close();
  await pebble?.stop();
  await database?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** curl as a visitor: the names resolved to the edge on its two ports, Pebble's root the only one trusted. */
function curl(args: string[], domain = target.domain) {
  const resolve = [edge.port, edge.tlsPort!].flatMap((port) => [`--resolve`, `${domain}:${port}:127.0.0.1`, `--resolve`, `www.${domain}:${port}:127.0.0.1`]);
  return run(CURL, ['--silent', '--show-error', '--cacert', rootFile, ...resolve, ...args]);
}

/** curl's exit code for a request that must fail (0 if it did not). */
const curlFailure = (args: string[], domain?: string) =>
  curl(args, domain).then(
    () => 0,
    (error: { code?: number }) => error.code ?? -1,
  );

/** The serial of the certificate the edge serves for `name` (as node:tls reads it, upper-case hex). */
async function servedSerial(name: string): Promise<string> {
  const root = await readFile(rootFile, 'utf8');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: edge.tlsPort!, servername: name, ca: root }, () => {
      const serial = socket.getPeerCertificate().serialNumber;
      socket.end();
      resolve(serial);
    });
    socket.on('error', reject);
  });
}

describe.skipIf(!pebbleInstalled)("Let's Encrypt through ACME (Pebble) and TLS at the edge", () => {
  it('issues the certificate through the ACME flow when the panel asks for it, and the edge serves it over TLS', async () => {
    const answer = await installSsl(t.client(demo), target.guid, { include_www_subdomain: true });
    const task = await taskFinished(t, demo, target.group, answer.task.guid);
    expect(
      task.items.map((i) => i.error),
      pebble?.output(),
    ).toEqual([null]);
    expect(task.status).toBe('COMPLETED');

    const shown = (await getDomain(t.client(demo), target.guid)).ssl_certificate!;
    expect(shown).toMatchObject({ status: 'ACTIVE', certificate_type: 'LETS_ENCRYPT', include_www_subdomain: true });
    expect(shown.issuer).toMatch(/^Pebble Intermediate CA /);
    const [row] = await database.db.select().from(sslCertificates).where(eq(sslCertificates.domainGuid, target.guid));
    expect(row).toMatchObject({ names: [target.domain, `www.${target.domain}`], issuer: shown.issuer });
    expect(row!.chainPem).toContain('BEGIN CERTIFICATE');
    // The key is kept sealed, never as PEM.
    expect(row!.privateKeySealed).toMatch(/^v1\./);
    expect(row!.privateKeySealed).not.toContain('PRIVATE KEY');
    expect(shown.date_expires).toBe(row!.notAfter.toISOString());
    // The challenges answered are gone once the order is done.
    expect(await database.db.select().from(acmeChallenges)).toEqual([]);

    for (const name of [target.domain, `www.${target.domain}`]) {
      const { stdout } = await curl([`https://${name}:${edge.tlsPort}/`]);
      expect(stdout).toContain(PLACEHOLDER_TEXT);
    }
  });

  it('refuses a TLS handshake for a name it holds no certificate for', async () => {
    expect(await curlFailure([`https://${uncovered}:${edge.tlsPort}/`], uncovered)).toBeGreaterThan(0);
  });

  it("fails the request with the authority's reason when its validation fails, and the drawer may ask again", async () => {
    // Assigned and resolving to 127.0.0.2, where no edge listens: the authority cannot fetch the challenge.
    await database.db.update(ipAddresses).set({ ipAddress: '127.0.0.2' }).where(eq(ipAddresses.guid, second.ip));
    await pointAt(second.zone, '127.0.0.2');
    const answer = await installSsl(t.client(demo), second.guid, {});
    const task = await taskFinished(t, demo, second.group, answer.task.guid);
    expect(task.status).toBe('FAILURE');
    expect(task.items[0]!.error).toMatch(/^The certificate authority refused the certificate: .*127\.0\.0\.2/);
    expect((await getDomain(t.client(demo), second.guid)).ssl_certificate).toMatchObject({ status: 'FAILURE' });
    expect(await database.db.select().from(sslCertificates).where(eq(sslCertificates.domainGuid, second.guid))).toEqual([]);
  });

  it('waits for an authority that does not answer and issues once it does; uninstalled, the certificate is no longer served', async () => {
    // Now on the edge's address, with the directory unreachable (a port nothing listens on).
    await database.db
      .update(domains)
      .set({ ipAddressGuid: (await database.db.select({ ip: domains.ipAddressGuid }).from(domains).where(eq(domains.guid, target.guid)))[0]!.ip })
      .where(eq(domains.guid, second.guid));
    await pointAt(second.zone, '127.0.0.1');
    t.deps.certificates = createAcmeIssuer({ directoryUrl: `https://127.0.0.1:${await freePort()}/dir`, pollMs: 50 });
    const stream = await openTaskStream(t, demo);
    let task: string;
    try {
      task = (await installSsl(t.client(demo), second.guid, {})).task.guid;
      const waiting = await stream.next(task, 'the certificate item to wait for the authority (RETRYING)', (event) => event.item?.status === 'RETRYING');
      expect(waiting.item!.error).toMatch(/^Waiting for the certificate authority: The certificate authority \(https:\/\/127\.0\.0\.1:\d+\/dir\) did not answer\.$/);
    } finally {
      t.deps.certificates = pebbleIssuer;
      await stream.close();
    }
    expect((await taskFinished(t, demo, second.group, task)).status).toBe('COMPLETED');
    const { stdout } = await curl([`https://${second.domain}:${edge.tlsPort}/`], second.domain);
    expect(stdout).toContain(PLACEHOLDER_TEXT);
    // Asked for without www, the certificate does not cover it: no handshake for that name.
    expect(await curlFailure([`https://www.${second.domain}:${edge.tlsPort}/`], second.domain)).toBeGreaterThan(0);

    expect((await taskFinished(t, demo, second.group, (await uninstallSsl(t.client(demo), second.guid)).task.guid)).status).toBe('COMPLETED');
    expect(await database.db.select().from(sslCertificates).where(eq(sslCertificates.domainGuid, second.guid))).toEqual([]);
    expect(await curlFailure([`https://${second.domain}:${edge.tlsPort}/`], second.domain)).toBeGreaterThan(0);
  });

  it('redirects http:// to the TLS port with the HTTPS switch on, and sends HSTS over HTTPS only', async () => {
    const done = await startAndFollowTask(t.options(demo), async () => (await updateMeta(t.client(demo), target.guid, { redirect_to_https: true })).task);
    expect(done.status).toBe('COMPLETED');

    const redirect = await curl(['--output', '/dev/null', '--write-out', '%{http_code} %{redirect_url}', `http://${target.domain}:${edge.port}/a?b=1`]);
    expect(redirect.stdout).toBe(`301 https://${target.domain}:${edge.tlsPort}/a?b=1`);
    // Over plain HTTP, a visitor saying it came over HTTPS is not believed: the edge trusts no proxy here.
    const claimed = await curl(['--output', '/dev/null', '--write-out', '%{http_code}', '--header', 'X-Forwarded-Proto: https', `http://${target.domain}:${edge.port}/`]);
    expect(claimed.stdout).toBe('301');

    const followed = await curl(['--location', '--dump-header', '-', `http://${target.domain}:${edge.port}/`]);
    const [first, second] = followed.stdout.split(/\r\n\r\n/);
    expect(first).toMatch(/^HTTP\/1\.1 301/);
    expect(first).not.toMatch(/strict-transport-security/i);
    expect(second).toMatch(/^HTTP\/1\.1 200/);
    expect(second).toContain(`Strict-Transport-Security: max-age=${HSTS_MAX_AGE_SECONDS}`);
    expect(followed.stdout).toContain(PLACEHOLDER_TEXT);
  });

  it('renews the certificate near its expiry, and the edge serves the new one', async () => {
    const [before] = await database.db.select().from(sslCertificates).where(eq(sslCertificates.domainGuid, target.guid));
    expect((await servedSerial(target.domain)).toLowerCase()).toBe(before!.serial);
    // Not due yet: nothing is renewed.
    expect(await t.deps.jobs.renewCertificates()).toEqual({ renewed: 0, failed: 0 });

    // Two thirds into its 90 days, a minute past the moment it falls due.
    t.advance(before!.renewAfter.getTime() - t.deps.now().getTime() + 60_000);
    expect(await t.deps.jobs.renewCertificates()).toEqual({ renewed: 1, failed: 0 });

    const [after] = await database.db.select().from(sslCertificates).where(eq(sslCertificates.domainGuid, target.guid));
    expect(after!.serial).not.toBe(before!.serial);
    expect(after!.renewAfter.getTime()).toBeGreaterThan(t.deps.now().getTime());
    expect(after!.renewalError).toBeNull();
    expect((await servedSerial(target.domain)).toLowerCase()).toBe(after!.serial);
    expect((await servedSerial(`www.${target.domain}`)).toLowerCase()).toBe(after!.serial);
    const { stdout } = await curl([`https://${target.domain}:${edge.tlsPort}/`]);
    expect(stdout).toContain(PLACEHOLDER_TEXT);
    // Sixty days on, the session has ended: signed in again.
    const later = await t.signIn('demo@hostdeck.test');
    expect((await getDomain(t.client(later), target.guid)).ssl_certificate!.date_expires).toBe(after!.notAfter.toISOString());
  });
});
