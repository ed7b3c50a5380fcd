import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connection';
import { activityLogs, invoices, vatIds } from '../../src/server/db/schema/index';
import type { VatIdRow } from '../../src/lib/api/company-vat';
import type { Page } from '../../src/lib/schemas/lists';
import { VAT_ADDED, VAT_ALREADY_ACTIVE, VAT_DISABLED, VAT_ID_INVALID, VAT_NOT_ACTIVE, VAT_REQUIRED } from '../../src/lib/schemas/company-vat';
import { billedParty } from '../../src/server/billing/billed-party';
import type { TestApp } from './helpers/app';
import { useDemoApp, type Session } from './helpers/demo-app';
import { withoutOwnerScopes } from './helpers/scopes';

let database: Database;
let t: TestApp;
let demo: Session;
let foreignCompany: string;

useDemoApp((app) => ({ database, t, demo, foreignCompany } = app));

const base = () => `/account/companies/${demo.company}/vat/`;
const list = async () => (await (await t.call('GET', `${base()}?per_page=100`, demo)).json()) as Page<VatIdRow>;
const errorsOf = async (res: Response) => (await res.json()) as { errors: string[]; fields?: Record<string, string> };

describe('GET /account/companies/{guid}/vat/', () => {
  it('lists the company’s VAT ids, newest first, in the list envelope', async () => {
    const res = await t.call('GET', base(), demo);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Page<VatIdRow>;
    expect(body).toMatchObject({ page: 1, per_page: 25, total: 2 });
    expect(body.data.map((v) => [v.vat_id, v.status])).toEqual([
      ['EE102345605', 'ACTIVE'],
      ['EE100931558', 'DISABLED'],
    ]);
    expect(body.data[1]!.date_updated).not.toBeNull();
  });

  it('answers 404 for another company’s path, and 403 without can_view_vat', async () => {
    const res = await t.call('GET', `/account/companies/${foreignCompany}/vat/`, demo);
    expect(res.status).toBe(404);
    expect((await errorsOf(res)).errors).toEqual(['Company not found.']);
    await withoutOwnerScopes(database, demo.company, ['can_view_vat'], async () => {
      expect((await t.call('GET', base(), demo)).status).toBe(403);
    });
  });
});

describe('POST /account/companies/{guid}/vat/', () => {
  it('refuses a missing, malformed or bad-checksum VAT id with its sentence', async () => {
    const missing = await t.call('POST', base(), { ...demo, body: {} });
    expect(missing.status).toBe(400);
    expect((await errorsOf(missing)).fields).toEqual({ vat_id: VAT_REQUIRED });
    for (const vat_id of ['EE12345', 'EE123456789', 'XX102345605']) {
      const res = await t.call('POST', base(), { ...demo, body: { vat_id } });
      expect(res.status, vat_id).toBe(400);
      expect((await errorsOf(res)).fields).toEqual({ vat_id: VAT_ID_INVALID });
    }
  });

  it('refuses the id that is already active', async () => {
    const res = await t.call('POST', base(), { ...demo, body: { vat_id: 'ee 102 345 605' } });
    expect(res.status).toBe(409);
    expect((await errorsOf(res)).errors).toEqual([VAT_ALREADY_ACTIVE]);
  });

  it('adds a valid id as the active one, disables the one before, logs it, and new invoices carry it', async () => {
    const res = await t.call('POST', base(), { ...demo, body: { vat_id: 'EE-100.931.558' } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { message: string; vat: VatIdRow };
    expect(body).toMatchObject({ message: VAT_ADDED, vat: { vat_id: 'EE100931558', status: 'ACTIVE', date_updated: null } });
    const rows = await list();
    expect(rows.data.filter((v) => v.status === 'ACTIVE').map((v) => v.vat_id)).toEqual(['EE100931558']);
    expect(rows.data.find((v) => v.vat_id === 'EE102345605')?.status).toBe('DISABLED');
    const [log] = await database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.companyGuid, demo.company), eq(activityLogs.actionObjectType, 'vat_id')));
    expect(log).toMatchObject({ verb: 'added', actionObject: 'EE100931558' });
    // What an invoice issued now copies (src/server/billing/issue-invoice.ts through billedParty).
    expect((await billedParty(database.db, demo.company, { firstName: 'Dana', lastName: 'Demo' }, new Date())).vatId).toBe('EE100931558');
    const [older] = await database.db.select({ vat: invoices.vatId }).from(invoices).where(eq(invoices.companyGuid, demo.company)).limit(1);
    expect(older?.vat).not.toBe('EE100931558');
  });

  it('refuses without can_edit_vat, and for another company’s path', async () => {
    await withoutOwnerScopes(database, demo.company, ['can_edit_vat'], async () => {
      const res = await t.call('POST', base(), { ...demo, body: { vat_id: 'EE102345605' } });
      expect(res.status).toBe(403);
    });
    expect((await t.call('POST', `/account/companies/${foreignCompany}/vat/`, { ...demo, body: { vat_id: 'EE102345605' } })).status).toBe(404);
  });
});

describe('DELETE /account/companies/{guid}/vat/{vatGuid}/', () => {
  it('disables the active id', async () => {
    const active = (await list()).data.find((v) => v.status === 'ACTIVE')!;
    const res = await t.call('DELETE', `${base()}${active.guid}/`, demo);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: VAT_DISABLED });
    const now = (await list()).data.find((v) => v.guid === active.guid)!;
    expect(now.status).toBe('DISABLED');
    expect(now.date_updated).not.toBeNull();
  });

  it('refuses an id that is not active', async () => {
    const disabled = (await list()).data.find((v) => v.status === 'DISABLED')!;
    const res = await t.call('DELETE', `${base()}${disabled.guid}/`, demo);
    expect(res.status).toBe(409);
    expect((await errorsOf(res)).errors).toEqual([VAT_NOT_ACTIVE]);
  });

  it('answers 404 for another company’s id and a malformed one; 403 without can_edit_vat', async () => {
    const [theirs] = await database.db.insert(vatIds).values({ companyGuid: foreignCompany, vatId: 'EE102345605', status: 'ACTIVE' }).returning();
    const res = await t.call('DELETE', `${base()}${theirs!.guid}/`, demo);
    expect(res.status).toBe(404);
    expect((await errorsOf(res)).errors).toEqual(['VAT id not found.']);
    expect((await t.call('DELETE', `${base()}nope/`, demo)).status).toBe(404);
    const [still] = await database.db.select().from(vatIds).where(eq(vatIds.guid, theirs!.guid));
    expect(still!.status).toBe('ACTIVE');
    await withoutOwnerScopes(database, demo.company, ['can_edit_vat'], async () => {
      expect((await t.call('DELETE', `${base()}${theirs!.guid}/`, demo)).status).toBe(403);
    });
  });
});

// Last: it leaves the company with another active id than the seed's.
describe('two VAT ids added at once', () => {
  it('keeps one ACTIVE VAT id when two are added at once to a company with none', async () => {
    await database.db
      .update(vatIds)
      .set({ status: 'DISABLED' })
      .where(and(eq(vatIds.companyGuid, demo.company), eq(vatIds.status, 'ACTIVE')));
    const answers = await Promise.all(['EE102345605', 'EE100931558'].map((vat_id) => t.call('POST', base(), { ...demo, body: { vat_id } })));
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect((await list()).data.filter((v) => v.status === 'ACTIVE')).toHaveLength(1);
  });
});
