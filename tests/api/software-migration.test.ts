import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { FtpSrv } from 'ftp-srv';
import { browseFtp, getSoftware, importSoftware, migrateSoftware, testFtp } from '../../src/lib/requests/domain-software';
import type { Database } from '../../src/server/db/connection';
import { domains, hostingAccounts, softwareInstallations } from '../../src/server/db/schema/index';
import { siteRoot } from '../../src/server/services/site-files';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal, taskFinished } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let ftp: FtpSrv;
let port: number;
const remote = mkdtempSync(join(tmpdir(), 'hostdeck-ftp-remote-'));
const sites = mkdtempSync(join(tmpdir(), 'hostdeck-sites-'));
let target: { guid: string; group: string };
let other: { guid: string; group: string };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

beforeAll(async () => {
  process.env.SITES_DIR = sites;
  // The site on the old host: a WordPress install in public_html, and an empty folder beside it.
  mkdirSync(join(remote, 'public_html', 'wp-content', 'themes'), { recursive: true });
  mkdirSync(join(remote, 'logs'));
  writeFileSync(join(remote, 'public_html', 'wp-config.php'), "<?php define('DB_NAME', 'old');\n");
  writeFileSync(join(remote, 'public_html', 'index.php'), '<?php // the old site\n');
  port = await freePort();
  ftp = new FtpSrv({
    url: `ftp://127.0.0.1:${port}`,
    pasv_url: '127.0.0.1',
    pasv_min: 40000,
    pasv_max: 40100,
    anonymous: false,
    greeting: 'test',
    log: {
      trace() {},
      debug() {},
      info() {},
      warn() {},
      error() {},
      child() {
        return this;
      },
    } as never,
  });
  ftp.on('login', ({ username, password }, resolve, reject) => (username === 'site' && password === 'secret' ? resolve({ root: remote }) : reject(new Error('Wrong login'))));
  await ftp.listen();

  ({ database, t } = await openSeededApp({ provisionStepMs: 5 }));
  demo = await t.signIn('demo@hostdeck.test');
  const rows = await database.db
    .select({ guid: domains.guid, group: domains.groupGuid })
    .from(domains)
    .innerJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
    .leftJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
    .where(and(eq(domains.companyGuid, demo.company), eq(domains.status, 'ACTIVE'), eq(hostingAccounts.accountType, 'SHARED_HOSTING'), isNull(softwareInstallations.guid)))
    .limit(2);
  [target, other] = rows as [typeof target, typeof other];
});
afterAll(async () => {
  await ftp.close();
  await t.deps.jobs.stop();
  await database.close();
  rmSync(remote, { recursive: true, force: true });
  rmSync(sites, { recursive: true, force: true });
  delete process.env.SITES_DIR;
});

const details = (extra: Record<string, unknown> = {}) => ({ ftp_host: '127.0.0.1', ftp_port: port, ftp_username: 'site', ftp_password: 'secret', ...extra });

const finished = (task: string, group: string) => taskFinished(t, demo, group, task);

describe('Migrate Software over FTP (spec part 2, 2.5)', () => {
  it('tests the connection, in the words of the spec', async () => {
    expect(await testFtp(t.client(demo), target.guid, details())).toEqual({ message: 'FTP connection successful!' });
    expect((await refusal(testFtp(t.client(demo), target.guid, details({ ftp_password: 'wrong' })))).body.errors).toEqual(['Failed to connect to the FTP server.']);
    const missing = await refusal(testFtp(t.client(demo), target.guid, details({ ftp_host: '', ftp_username: '' })));
    expect(missing.body.fields).toEqual({ ftp_host: 'Please fill in all FTP details!', ftp_username: 'Please fill in all FTP details!' });
    expect((await refusal(testFtp(t.client(demo), target.guid, details({ ftp_mode: 'ACTIVE' })))).body.errors).toEqual(['Active FTP mode is not available: choose PASSIVE.']);
  });

  it('browses the folders of the server', async () => {
    expect(await browseFtp(t.client(demo), target.guid, { ...details(), ftp_path: '/' })).toEqual(['logs', 'public_html']);
    expect(await browseFtp(t.client(demo), target.guid, { ...details(), ftp_path: '/public_html' })).toEqual(['wp-content']);
  });

  it('copies the site into the web root and makes the installation ACTIVE', async () => {
    const answer = await migrateSoftware(t.client(demo), target.guid, {
      ...details(),
      ftp_path: '/public_html',
      protocol: 'https://',
      remote_domain: 'old-site.example',
      install_directory: '',
      software: 'WORDPRESS',
    });
    expect(answer.message).toBe('Software migration task created!');
    expect(JSON.stringify(answer.task)).not.toContain('secret');
    expect((await finished(answer.task.guid, target.group)).status).toBe('COMPLETED');
    expect(readFileSync(join(siteRoot(target.guid), 'index.php'), 'utf8')).toBe('<?php // the old site\n');
    expect(await getSoftware(t.client(demo), target.guid)).toMatchObject({ key: 'WORDPRESS', status: 'ACTIVE', username: null, is_imported: false });
  });
});

describe('Import (spec part 2, 2.5)', () => {
  it('finds the software in the web root and records it as imported', async () => {
    expect((await refusal(importSoftware(t.client(demo), other.guid))).body.errors).toEqual(['No software installation was found on this domain.']);
    mkdirSync(join(siteRoot(other.guid), 'blog'), { recursive: true });
    writeFileSync(join(siteRoot(other.guid), 'blog', 'wp-config.php'), '<?php\n');
    const answer = await importSoftware(t.client(demo), other.guid);
    expect(answer.message).toBe('Software successfully imported!');
    expect(answer.software).toMatchObject({ key: 'WORDPRESS', is_imported: true, install_directory: 'blog', username: null });
    expect((await refusal(importSoftware(t.client(demo), other.guid))).body.errors).toEqual(['Software is installed on this domain already.']);
  });
});

describe('Migrate Software refusals', () => {
  const migration = (extra: Record<string, unknown> = {}) =>
    ({ ...details(), ftp_path: '/public_html', protocol: 'https://', remote_domain: 'old-site.example', install_directory: '', software: 'WORDPRESS', ...extra }) as never;

  it('answers each field of the dialog beside it', async () => {
    const fields = async (promise: Promise<unknown>) => (await refusal(promise, 400)).body.fields;
    expect(await fields(testFtp(t.client(demo), target.guid, details({ ftp_mode: 'EPSV' })))).toEqual({ ftp_mode: 'The FTP mode must be PASSIVE or ACTIVE.' });
    expect(await fields(testFtp(t.client(demo), target.guid, details({ ftp_security: 'SSH' })))).toEqual({ ftp_security: 'The FTP security must be NONE or TLS.' });
    expect(await fields(migrateSoftware(t.client(demo), other.guid, migration({ protocol: 'ftp://' })))).toEqual({ protocol: 'Please choose a protocol!' });
    expect(await fields(migrateSoftware(t.client(demo), other.guid, migration({ remote_domain: ' ' })))).toEqual({ remote_domain: 'Please enter the remote domain!' });
    expect(await fields(migrateSoftware(t.client(demo), other.guid, migration({ software: '' })))).toEqual({ software: 'Please choose the software!' });
    expect(await fields(migrateSoftware(t.client(demo), other.guid, migration({ software: 'NO_SUCH_SOFTWARE' })))).toEqual({ software: 'Please choose the software!' });
  });

  it('refuses to migrate onto installed software, and a folder the server cannot read', async () => {
    expect((await refusal(migrateSoftware(t.client(demo), target.guid, migration()), 409)).body.errors).toEqual(['Software is installed on this domain already.']);
    const error = await refusal(browseFtp(t.client(demo), target.guid, { ...details(), ftp_path: '/no-such-folder' }));
    expect(error.body.errors).toEqual(['The folder /no-such-folder cannot be read on the FTP server.']);
  });

  it("answers 404 for another company's domain", async () => {
    const { db } = database;
    const [foreign] = await db.select().from(domains).where(ne(domains.companyGuid, demo.company)).limit(1);
    for (const call of [
      () => testFtp(t.client(demo), foreign!.guid, details()),
      () => browseFtp(t.client(demo), foreign!.guid, { ...details(), ftp_path: '/' }),
      () => migrateSoftware(t.client(demo), foreign!.guid, migration()),
      () => importSoftware(t.client(demo), foreign!.guid),
    ]) {
      expect((await refusal(call(), 404)).body.errors).toEqual(['Domain not found.']);
    }
  });
});
