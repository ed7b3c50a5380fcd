import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { cpanelLogin, softwareLogin } from '../../src/lib/requests/domain-login';
import type { Database } from '../../src/server/db/connection';
import { companies, domains, edgeRequests, hostingAccounts, softwareInstallations } from '../../src/server/db/schema/index';
import { LINK_USED_TEXT } from '../../src/server/edge/pages';
import { startEdge, type EdgeHandle } from '../../src/server/edge/server';
import { LOGIN_LINK_MS } from '../../src/server/services/login-links';
import { openSeededApp, type TestApp } from './helpers/app';
import { customHostDomain } from './helpers/domain-picks';
import { refusal } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let edge: EdgeHandle;
/** An ACTIVE domain on an ACTIVE shared account with ACTIVE WordPress that the provider installed. */
let site: { guid: string; domain: string; username: string; account: string; accountUser: string };
let foreign: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp({ provisionStepMs: 5 }));
  demo = await t.signIn('demo@hostdeck.test');
  edge = await startEdge(database, { port: 0, host: '127.0.0.1' }, t.deps.now);
  t.deps.edge = edge;
  const { db } = database;
  const [row] = await db
    .select({ guid: domains.guid, domain: domains.domain, username: softwareInstallations.adminUsername, account: hostingAccounts.name, accountUser: hostingAccounts.username })
    .from(domains)
    .innerJoin(softwareInstallations, eq(softwareInstallations.domainGuid, domains.guid))
    .innerJoin(hostingAccounts, eq(hostingAccounts.guid, domains.hostingAccountGuid))
    .where(
      and(
        eq(domains.companyGuid, demo.company),
        eq(domains.status, 'ACTIVE'),
        eq(softwareInstallations.status, 'ACTIVE'),
        eq(softwareInstallations.isImported, false),
        eq(hostingAccounts.status, 'ACTIVE'),
        eq(hostingAccounts.accountType, 'SHARED_HOSTING'),
        eq(hostingAccounts.isCreated, true),
        isNotNull(hostingAccounts.username),
      ),
    )
    .orderBy(domains.domain)
    .limit(1);
  site = { guid: row!.guid, domain: row!.domain, username: row!.username!, account: row!.account, accountUser: row!.accountUser! };
  const [other] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  foreign = (await db.select().from(domains).where(eq(domains.companyGuid, other!.guid)).limit(1))[0]!.guid;
});
afterAll(async () => {
  await edge.close();
  await t.deps.jobs.stop();
  await database.close();
});

/** Opens a link as a browser would once the name resolves to the edge: the Host is the link's. */
function open(link: string): Promise<{ status: number; body: string }> {
  const url = new URL(link);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: url.port, path: url.pathname, headers: { Host: url.host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /domains/{guid}/login/software/ (spec part 2, 2.3 "Software column", 7.2)', () => {
  it("answers a one-time link on the domain's name that signs in to the software's admin once", async () => {
    const { redirect_url } = await softwareLogin(t.client(demo), site.guid);
    expect(redirect_url).toMatch(new RegExp(`^http://${site.domain.replace(/\./g, '\\.')}:${edge.port}/\\.hostdeck/login/[A-Za-z0-9_-]{43}$`));
    const first = await open(redirect_url);
    expect(first.status).toBe(200);
    expect(first.body).toContain(`Signed in to ${site.domain} as <strong>${site.username}</strong>`);
    const again = await open(redirect_url);
    expect(again.status).toBe(403);
    expect(again.body).toContain(LINK_USED_TEXT);
    // The token is not kept in the traffic records.
    await edge.flush();
    const paths = await database.db.select({ path: edgeRequests.path }).from(edgeRequests).where(eq(edgeRequests.domainGuid, site.guid));
    expect(paths.map((p) => p.path)).toContain('/.hostdeck/login/');
    expect(paths.some((p) => p.path.length > '/.hostdeck/login/'.length && p.path.startsWith('/.hostdeck/login/'))).toBe(false);
  });

  it('a link expires after two minutes and opens only on its own domain', async () => {
    const late = await softwareLogin(t.client(demo), site.guid);
    t.advance(LOGIN_LINK_MS + 1000);
    expect((await open(late.redirect_url)).status).toBe(403);
    const elsewhere = await softwareLogin(t.client(demo), site.guid);
    const [other] = await database.db
      .select({ domain: domains.domain })
      .from(domains)
      .where(
        and(
          eq(domains.companyGuid, demo.company),
          eq(domains.status, 'ACTIVE'),
          eq(domains.isSubdomain, false),
          inArray(domains.guid, database.db.select({ g: softwareInstallations.domainGuid }).from(softwareInstallations).where(eq(softwareInstallations.status, 'ACTIVE'))),
        ),
      )
      .orderBy(domains.domain)
      .offset(1)
      .limit(1);
    const moved = new URL(elsewhere.redirect_url);
    moved.hostname = other!.domain;
    expect((await open(moved.toString())).status).toBe(403);
    expect((await open(elsewhere.redirect_url)).status).toBe(200);
  });

  it("says 'Software is not installed!' without software and 'Automatic login not allowed!' for an imported one", async () => {
    const { db } = database;
    const installed = new Set((await db.select({ g: softwareInstallations.domainGuid }).from(softwareInstallations)).map((r) => r.g));
    const [withoutSoftware] = (
      await db
        .select({ guid: domains.guid })
        .from(domains)
        .where(and(eq(domains.companyGuid, demo.company), eq(domains.status, 'ACTIVE')))
    ).filter((d) => !installed.has(d.guid));
    expect((await refusal(softwareLogin(t.client(demo), withoutSoftware!.guid), 409)).body.errors).toEqual(['Software is not installed!']);

    await db.update(softwareInstallations).set({ isImported: true }).where(eq(softwareInstallations.domainGuid, site.guid));
    expect((await refusal(softwareLogin(t.client(demo), site.guid), 409)).body.errors).toEqual(['Automatic login not allowed!']);
    await db.update(softwareInstallations).set({ isImported: false }).where(eq(softwareInstallations.domainGuid, site.guid));
  });

  it("answers 404 for another company's domain, and 503 while the sites are not served", async () => {
    expect((await refusal(softwareLogin(t.client(demo), foreign), 404)).body.errors).toEqual(['Domain not found.']);
    expect((await refusal(cpanelLogin(t.client(demo), foreign), 404)).body.errors).toEqual(['Domain not found.']);
    t.deps.edge = undefined;
    try {
      expect((await refusal(softwareLogin(t.client(demo), site.guid), 503)).body.errors).toEqual([
        'The sites are not being served at the moment, so there is nothing to sign in to.',
      ]);
    } finally {
      t.deps.edge = edge;
    }
  });
});

describe('GET /domains/{guid}/login/cpanel/ (spec part 2, 7.2)', () => {
  it("answers a one-time link to the sandbox control panel of the domain's account, listing its domains", async () => {
    const { redirect_url } = await cpanelLogin(t.client(demo), site.guid);
    const page = await open(redirect_url);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`Control panel of ${site.account.replace(/&/g, '&#38;')}`);
    expect(page.body).toContain(`Signed in as <strong>${site.accountUser}</strong>`);
    expect(page.body).toContain(`<li>${site.domain}</li>`);
    expect((await open(redirect_url)).status).toBe(403);
  });

  it("says 'Automatic login not allowed!' for a domain on a custom host or an account that is not ACTIVE", async () => {
    const { db } = database;
    const custom = await customHostDomain(database.db, demo.company);
    expect((await refusal(cpanelLogin(t.client(demo), custom), 409)).body.errors).toEqual(['Automatic login not allowed!']);
    const [row] = await db.select({ account: domains.hostingAccountGuid }).from(domains).where(eq(domains.guid, site.guid));
    await db.update(hostingAccounts).set({ status: 'SUSPENDED' }).where(eq(hostingAccounts.guid, row!.account!));
    try {
      expect((await refusal(cpanelLogin(t.client(demo), site.guid), 409)).body.errors).toEqual(['Automatic login not allowed!']);
    } finally {
      await db.update(hostingAccounts).set({ status: 'ACTIVE' }).where(eq(hostingAccounts.guid, row!.account!));
    }
  });
});
