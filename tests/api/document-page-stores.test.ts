/**
 * The document pages' stores (orders, invoices, credit notes, affiliate invoices), in Node
 * through the panel's own API object: a document that cannot be shown is said once, on the
 * page, in the API's words, and not also as an error toast over it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import { openSeededApp, type TestApp } from './helpers/app';
import type { Database } from '../../src/server/db/connection';
import { api } from '../../src/stores/api';
import { listInvoices } from '../../src/lib/requests/billing';
import { getInvoiceOp } from '../../src/lib/api/billing';
import { affiliateInvoicePage } from '../../src/stores/affiliate';
import { invoicePage } from '../../src/stores/billing';
import { panelSignedInAs } from './helpers/panel';
import { loadUser } from '../../src/stores/session';
import { $toasts } from '../../src/stores/toasts';

let database: Database;
let t: TestApp;

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
});
afterAll(() => database.close());

async function signInAs(email: string) {
  await panelSignedInAs(t, email, '/billing');
  await loadUser();
  $toasts.set([]);
}

describe('a document page', () => {
  beforeEach(() => signInAs('demo@hostdeck.test'));

  it('shows an invoice of the company', async () => {
    const first = (await listInvoices(api, { per_page: 1 })).data[0]!;
    await invoicePage.load(first.id);
    expect(invoicePage.$doc.get()).toMatchObject({ id: first.id, loading: false, problem: null, doc: { id: first.id } });
    expect($toasts.get()).toEqual([]);
  });

  it("says on the page, and only there, that an invoice number names nothing: 'Invoice not found.'", async () => {
    await invoicePage.load(999_999);
    expect(invoicePage.$doc.get()).toMatchObject({ id: 999_999, loading: false, doc: null, problem: getInvoiceOp.notFound });
    expect($toasts.get()).toEqual([]);
  });
});

describe('the affiliate invoice page of a company with no affiliate account', () => {
  beforeEach(() => signInAs('staff@hostdeck.test'));

  it('says why on the page, with no error toast', async () => {
    await affiliateInvoicePage.load(1);
    expect(affiliateInvoicePage.$doc.get()).toMatchObject({ loading: false, doc: null, problem: 'You do not have an affiliate account yet.' });
    expect($toasts.get()).toEqual([]);
  });
});
