import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { emails } from '../../src/server/db/schema/index';
import type { CompanyEmail } from '../../src/lib/api/company-emails';
import type { LogRecord } from '../../src/lib/api/account-activity';
import type { Page } from '../../src/lib/schemas/lists';
import { activitySentence } from '../../src/lib/rules/activity-sentence';
import { SENT_FILTER_INVALID } from '../../src/lib/schemas/company-emails';
import type { TestApp } from './helpers/app';
import { useDemoApp, type Session } from './helpers/demo-app';
import { withoutOwnerScopes } from './helpers/scopes';

let database: Database;
let t: TestApp;
let demo: Session;
let foreignCompany: string;

useDemoApp((app) => ({ database, t, demo, foreignCompany } = app));

const emailsPath = () => `/account/companies/${demo.company}/emails/`;
const pageOf = async <T>(res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json()) as Page<T>;
};

describe('GET /account/companies/{guid}/emails/', () => {
  it('lists the company’s emails newest first, with the event and Scheduled ones unsent', async () => {
    const body = await pageOf<CompanyEmail>(await t.call('GET', `${emailsPath()}?per_page=100`, demo));
    expect(body.data.length).toBeGreaterThanOrEqual(6);
    expect(body.data.every((e, i) => i === 0 || body.data[i - 1]!.date_created >= e.date_created)).toBe(true);
    const scheduled = body.data.find((e) => e.subject === 'Your hosting account will be terminated')!;
    expect(scheduled).toMatchObject({ is_sent: false, date_sent: null, event: 'order_termination_warning' });
    // Only the company's: no user's own (account) email.
    expect(body.data.some((e) => e.subject === 'Welcome to Hostdeck')).toBe(false);
  });

  it('filters by subject, recipient, content and sent, as key=value', async () => {
    const bySubject = await pageOf<CompanyEmail>(await t.call('GET', `${emailsPath()}?subject=PAYMENT%20RECEIVED`, demo));
    expect(bySubject.data.map((e) => e.subject)).toEqual(['Payment received']);
    const byContent = await pageOf<CompanyEmail>(await t.call('GET', `${emailsPath()}?content=old%20reseller`, demo));
    expect(byContent.data.map((e) => e.subject)).toEqual(['Hosting account suspended']);
    const unsent = await pageOf<CompanyEmail>(await t.call('GET', `${emailsPath()}?sent=no&per_page=100`, demo));
    expect(unsent.data.length).toBeGreaterThan(0);
    expect(unsent.data.every((e) => !e.is_sent)).toBe(true);
    const sent = await pageOf<CompanyEmail>(await t.call('GET', `${emailsPath()}?sent=YES&per_page=100`, demo));
    expect(sent.data.every((e) => e.is_sent)).toBe(true);
    const [one] = sent.data;
    const byEmail = await pageOf<CompanyEmail>(await t.call('GET', `${emailsPath()}?email=${encodeURIComponent(one!.email.toUpperCase())}&per_page=100`, demo));
    expect(byEmail.data.every((e) => e.email === one!.email)).toBe(true);
    const bad = await t.call('GET', `${emailsPath()}?sent=maybe`, demo);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: string[] }).errors).toEqual([SENT_FILTER_INVALID]);
  });

  it('answers 404 for another company’s path and 403 without can_view_company_emails', async () => {
    expect((await t.call('GET', `/account/companies/${foreignCompany}/emails/`, demo)).status).toBe(404);
    await withoutOwnerScopes(database, demo.company, ['can_view_company_emails'], async () => {
      expect((await t.call('GET', emailsPath(), demo)).status).toBe(403);
    });
  });
});

describe('GET /account/companies/{guid}/emails/{emailGuid}/', () => {
  it('answers one email with its HTML content', async () => {
    const list = await pageOf<CompanyEmail>(await t.call('GET', `${emailsPath()}?subject=payment%20received`, demo));
    const res = await t.call('GET', `${emailsPath()}${list.data[0]!.guid}/`, demo);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ subject: 'Payment received', content: '<p>Thank you, we received your payment.</p>', is_sent: true, event: 'new_payment' });
  });

  it('answers 404 for another company’s email, a user’s own email and a malformed guid; 403 without the scope', async () => {
    const [theirs] = await database.db.insert(emails).values({ companyGuid: foreignCompany, subject: 'Private', content: '<p>x</p>', email: 'x@example.test' }).returning();
    const res = await t.call('GET', `${emailsPath()}${theirs!.guid}/`, demo);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { errors: string[] }).errors).toEqual(['Email not found.']);
    const [own] = await database.db.select().from(emails).where(eq(emails.subject, 'Welcome to Hostdeck')).limit(1);
    expect((await t.call('GET', `${emailsPath()}${own!.guid}/`, demo)).status).toBe(404);
    expect((await t.call('GET', `${emailsPath()}nope/`, demo)).status).toBe(404);
    await withoutOwnerScopes(database, demo.company, ['can_view_company_emails'], async () => {
      expect((await t.call('GET', `${emailsPath()}${own!.guid}/`, demo)).status).toBe(403);
    });
  });
});

describe('GET /account/companies/{guid}/logs/', () => {
  it('lists everyone’s actions in the company, newest first, API keys marked (API)', async () => {
    const body = await pageOf<LogRecord>(await t.call('GET', `/account/companies/${demo.company}/logs/?per_page=100`, demo));
    expect(body.total).toBeGreaterThanOrEqual(26);
    expect(body.data.every((e, i) => i === 0 || body.data[i - 1]!.date_created >= e.date_created)).toBe(true);
    const actors = new Set(body.data.map((r) => r.actor.first_name));
    expect(actors.size).toBeGreaterThan(1);
    const api = body.data.find((r) => r.actor.user_type === 'API_USER')!;
    expect(activitySentence(api)).toMatch(/ \(API\) /);
  });

  it('shows a write made just now, with the page envelope', async () => {
    await t.call('POST', `/account/companies/${demo.company}/vat/`, { ...demo, body: { vat_id: 'EE100931558' } });
    const body = await pageOf<LogRecord>(await t.call('GET', `/account/companies/${demo.company}/logs/?per_page=1`, demo));
    expect(body).toMatchObject({ page: 1, per_page: 1 });
    expect(activitySentence(body.data[0]!)).toBe('Dana Demo added EE100931558');
    expect(body.data[0]!.ip_address).toBe('127.0.0.1');
  });

  it('answers 404 for another company’s path and 403 without can_view_company_logs', async () => {
    expect((await t.call('GET', `/account/companies/${foreignCompany}/logs/`, demo)).status).toBe(404);
    await withoutOwnerScopes(database, demo.company, ['can_view_company_logs'], async () => {
      expect((await t.call('GET', `/account/companies/${demo.company}/logs/`, demo)).status).toBe(403);
    });
  });
});
