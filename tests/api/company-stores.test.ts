/**
 * The company area's stores in Node, through the panel's own API object against the
 * in-process API: the company a page shows (and the `Company` header its calls carry), users
 * and API keys, VAT ids, logs, emails, contacts and the partner details with their reload.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { cleanStores } from 'nanostores';
import { useTestStorageEngine } from '@nanostores/persistent';
import type { Database } from '../../src/server/db/connection';
import { companies, memberships, users } from '../../src/server/db/schema/index';
import { PRESETS } from '../../src/lib/rules/scopes';
import { CONTACT_CREATED, CONTACT_DELETED, CONTACT_RESENT } from '../../src/lib/schemas/company-contacts';
import { VAT_ALREADY_ACTIVE } from '../../src/lib/schemas/company-vat';
import { PARTNER_ONLY, PARTNER_SAVED } from '../../src/lib/schemas/partner-details';
import { $companyPage, companyApi, companyProfileForm, invoiceNotesForm, loadCompanyPage, pageCompany } from '../../src/stores/company-page';
import { api } from '../../src/stores/api';
import { $newToken, apiKeysList, createApiKeyForm, editApiKeyForm, editValuesOfKey, NEW_API_KEY, removeApiKey } from '../../src/stores/company-api-keys';
import {
  $restrictionChoices,
  companyUsersList,
  createUserForm,
  editUserForm,
  editValuesOf,
  inviteUserForm,
  loadRestrictionChoices,
  removeCompanyUser,
} from '../../src/stores/company-users';
import {
  $contactBusy,
  $openCompanyEmail,
  addCompanyEmailFilter,
  clearCompanyEmailFilters,
  companyEmailsList,
  companyLogsList,
  contactsList,
  createContactForm,
  NEW_CONTACT,
  openCompanyEmail,
  removeContact,
  resendVerification,
  vatForm,
  vatList,
} from '../../src/stores/company-settings';
import { $partnerDetails, loadPartnerDetails, partnerForm, partnerValues } from '../../src/stores/company-settings-partner';
import { $toasts } from '../../src/stores/toasts';
import { $invitationCode, showInvitationCode } from '../../src/stores/account-lists';
import { openSeededApp, type TestApp } from './helpers/app';
import { until as polled } from '../helpers/waiting';
import { panelSignedInAs, shownToasts, until } from './helpers/panel';
import type { PageInMemory } from './helpers/page';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string; page: PageInMemory };
/** The second company, where the demo owner is a member without its owner's rights. */
let bluebird: string;

useTestStorageEngine();

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  bluebird = (await database.db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd')))[0]!.guid;
});
afterAll(() => database.close());

beforeEach(async () => {
  demo = await panelSignedInAs(t, 'demo@hostdeck.test', '/company');
  await loadCompanyPage(null);
  $toasts.set([]);
});

/** A list of the page as its tab shows it: mounted, first page loaded. */
async function shown<T extends { loading: boolean; answer: unknown }>(list: { get(): T; listen(cb: (value: T) => void): () => void }): Promise<{ state: T; stop: () => void }> {
  const stop = list.listen(() => undefined);
  const state = await until(list, (l) => !l.loading && l.answer !== null);
  return { state, stop };
}

/** Runs `work` with some of the demo owner's scopes in `company` taken away, then gives them back. */
async function withoutMemberScopes(company: string, scopes: readonly string[], work: () => Promise<void>): Promise<void> {
  const [user] = await database.db.select({ guid: users.guid }).from(users).where(eq(users.email, 'demo@hostdeck.test'));
  const mine = and(eq(memberships.companyGuid, company), eq(memberships.userGuid, user!.guid));
  const [m] = await database.db.select().from(memberships).where(mine);
  await database.db
    .update(memberships)
    .set({ permissions: m!.permissions.filter((p) => !scopes.includes(p)) })
    .where(mine);
  try {
    await work();
  } finally {
    await database.db.update(memberships).set({ permissions: m!.permissions }).where(mine);
  }
}

const denied = (scope: string) => `You do not have permission to perform this action (${scope}).`;

describe('the company a page shows', () => {
  it('is the company the panel acts for, whose invoice notes it saves', async () => {
    expect($companyPage.get()).toMatchObject({ guid: demo.company, loading: false, company: { name: 'Northwind Web Agency' } });
    expect(companyApi(demo.company)).toBe(api);
    expect((await invoiceNotesForm.submit({ invoice_notes: 'PO 42' })).ok).toBe(true);
    expect(shownToasts()).toEqual([['success', 'Invoice notes successfully updated!']]);
    expect($companyPage.get().company?.invoice_notes).toBe('PO 42');
  });

  it('is the company its address names: its calls carry that company, and the viewer’s rights there decide', async () => {
    await loadCompanyPage(bluebird);
    expect(pageCompany()).toBe(bluebird);
    expect($companyPage.get().company).toMatchObject({ guid: bluebird, name: 'Bluebird Media Ltd' });
    const profile = {
      name: 'Bluebird Media Group',
      address1: 'Pärnu mnt 1',
      address2: '',
      city: 'Tallinn',
      region: 'Harju',
      postal_code: '10111',
      phone: '+372 5555 0000',
      country: 'EE',
    };
    expect((await companyProfileForm.submit(profile)).ok).toBe(true);
    expect($companyPage.get().company?.name).toBe('Bluebird Media Group');
    const names = await database.db
      .select({ guid: companies.guid, name: companies.name })
      .from(companies)
      .where(inArray(companies.guid, [bluebird, demo.company]));
    expect(Object.fromEntries(names.map((c) => [c.guid, c.name]))).toEqual({ [bluebird]: 'Bluebird Media Group', [demo.company]: 'Northwind Web Agency' });
    $toasts.set([]);
    await withoutMemberScopes(bluebird, ['can_edit_company_profile'], async () => {
      expect(await companyProfileForm.submit({ ...profile, name: 'Renamed again' })).toMatchObject({ ok: false, reason: 'refused' });
    });
    expect(shownToasts()).toEqual([['error', denied('can_edit_company_profile')]]);
    expect($companyPage.get().company?.name).toBe('Bluebird Media Group');
  });

  it("toasts the server's sentence for a company that is not the viewer's", async () => {
    await loadCompanyPage('00000000-0000-4000-8000-000000000000');
    expect($companyPage.get()).toMatchObject({ loading: false, company: null });
    expect($toasts.get().map((toast) => toast.type)).toEqual(['error']);
  });
});

describe('the Users tab (spec part 3, 2.9 Users)', () => {
  beforeEach(() => cleanStores(companyUsersList.$list));

  it('creates a member, gives them a preset, and deletes them, the table following each step', async () => {
    const { stop } = await shown(companyUsersList.$list);
    expect((await createUserForm.submit({ first_name: 'Ann', last_name: 'Store', email: 'ann.store@example.test', password: 'a long enough passphrase' })).ok).toBe(true);
    const member = companyUsersList.$list.get().answer!.data.find((m) => m.user.email === 'ann.store@example.test')!;
    expect(member).toMatchObject({ account_type: 'STAFF', permissions: [] });
    expect((await editUserForm.submit({ ...editValuesOf(member), permissions: [...PRESETS.BILLING] })).ok).toBe(true);
    expect(companyUsersList.$list.get().answer!.data.find((m) => m.user.guid === member.user.guid)?.permissions).toEqual(expect.arrayContaining([...PRESETS.BILLING]));
    await removeCompanyUser(member.user.guid);
    expect(companyUsersList.$list.get().answer!.data.some((m) => m.user.guid === member.user.guid)).toBe(false);
    expect(shownToasts()).toEqual([
      ['success', 'User successfully created!'],
      ['success', 'User or API key successfully updated!'],
      ['success', 'User successfully deleted!'],
    ]);
    stop();
  });

  it("shows the server's sentence beside a common password, and invites a person by the code they show", async () => {
    const weak = await createUserForm.submit({ first_name: 'Weak', last_name: 'Pass', email: 'weak.pass@example.test', password: 'password123' });
    expect(weak).toMatchObject({ ok: false, reason: 'refused', fields: { password: 'This password is too common. Please choose another one.' } });
    // The person to invite reads their code in their own account area.
    await panelSignedInAs(t, 'bluebird@hostdeck.test', '/account');
    await showInvitationCode();
    const code = $invitationCode.get()!.code!;
    demo = await panelSignedInAs(t, 'demo@hostdeck.test', '/company');
    await loadCompanyPage(null);
    $toasts.set([]);
    expect((await inviteUserForm.submit({ invitation_code: code })).ok).toBe(true);
    expect(shownToasts()).toEqual([['success', 'User successfully invited!']]);
  });

  it('offers the company’s groups, accounts and presets to restrict a member to', async () => {
    await loadRestrictionChoices();
    const choices = $restrictionChoices.get();
    expect(choices.loaded).toBe(true);
    expect(choices.ipGroups.length).toBeGreaterThan(0);
    expect(choices.domainGroups.length).toBeGreaterThan(0);
    expect(choices.hostingAccounts.length).toBeGreaterThan(0);
  });
});

describe('the API Keys tab (spec part 3, 2.9 API Keys)', () => {
  beforeEach(() => cleanStores(apiKeysList.$list));

  it('creates a key whose token shows once, renames it and deletes it', async () => {
    const { stop } = await shown(apiKeysList.$list);
    const created = await createApiKeyForm.submit({ ...NEW_API_KEY, name: 'Store key', allowed_ip_addresses: '203.0.113.7', permissions: ['can_view_domains'] });
    expect(created.ok).toBe(true);
    expect($newToken.get()).toMatchObject({ name: 'Store key', token: expect.any(String) });
    const key = apiKeysList.$list.get().answer!.data.find((k) => k.name === 'Store key')!;
    expect(key.allowed_ip_addresses).toEqual(['203.0.113.7']);
    expect((await editApiKeyForm.submit({ ...editValuesOfKey(key), name: 'Store key renamed' })).ok).toBe(true);
    expect(apiKeysList.$list.get().answer!.data.map((k) => k.name)).toContain('Store key renamed');
    await removeApiKey(key.guid);
    expect(apiKeysList.$list.get().answer!.data.some((k) => k.guid === key.guid)).toBe(false);
    expect(shownToasts()).toEqual([
      ['success', 'API key successfully created!'],
      ['success', 'User or API key successfully updated!'],
      ['success', 'API key successfully deleted!'],
    ]);
    stop();
  });

  it("asks with the page's company: a member there without the scope hears the server", async () => {
    await loadCompanyPage(bluebird);
    await withoutMemberScopes(bluebird, ['can_create_api_keys'], async () => {
      expect(await createApiKeyForm.submit({ ...NEW_API_KEY, name: 'Not mine', allowed_ip_addresses: '203.0.113.8' })).toMatchObject({ ok: false, reason: 'refused' });
    });
    expect(shownToasts()).toEqual([['error', denied('can_create_api_keys')]]);
    expect($newToken.get()?.name).not.toBe('Not mine');
  });
});

describe('the VAT, Logs, Emails and Contacts tabs (spec part 3, 2.9)', () => {
  beforeEach(() => cleanStores(vatList.$list, companyLogsList.$list, companyEmailsList.$list, contactsList.$list));

  it("lists the VAT ids and toasts the server's refusal of the one already active", async () => {
    const { state, stop } = await shown(vatList.$list);
    expect(state.answer!.data.length).toBeGreaterThan(0);
    expect(await vatForm.submit({ vat_id: 'ee 102 345 605' })).toMatchObject({ ok: false, reason: 'refused' });
    expect(shownToasts()).toEqual([['error', VAT_ALREADY_ACTIVE]]);
    stop();
  });

  it('lists the logs, filters the emails and opens one', async () => {
    const logs = await shown(companyLogsList.$list);
    expect(logs.state.answer!.total).toBeGreaterThan(0);
    logs.stop();
    const emails = await shown(companyEmailsList.$list);
    addCompanyEmailFilter('subject', '  Payment received ');
    const filtered = await until(companyEmailsList.$list, (l) => !l.loading && l.filters.subject === 'Payment received');
    expect(filtered.answer!.data.map((e) => e.subject)).toEqual(['Payment received']);
    await openCompanyEmail(filtered.answer!.data[0]!.guid);
    expect($openCompanyEmail.get()?.email?.subject).toBe('Payment received');
    clearCompanyEmailFilters();
    await until(companyEmailsList.$list, (l) => !l.loading && !l.filters.subject);
    await openCompanyEmail('00000000-0000-4000-8000-000000000000');
    expect($openCompanyEmail.get()).toBeNull();
    expect(shownToasts()).toEqual([['error', 'Email not found.']]);
    emails.stop();
  });

  it('adds a contact, resends its verification and deletes it, and shows the refusal of a second with the same address', async () => {
    const { stop } = await shown(contactsList.$list);
    const values = { ...NEW_CONTACT, first_name: 'Cora', last_name: 'Tact', email_address: 'cora.tact@example.test', events: ['new_invoice' as const] };
    expect((await createContactForm.submit(values)).ok).toBe(true);
    const contact = contactsList.$list.get().answer!.data.find((c) => c.email_address === 'cora.tact@example.test')!;
    expect(contact.status).toBe('VERIFICATION');
    expect(await createContactForm.submit(values)).toMatchObject({ ok: false, reason: 'refused', fields: { email_address: expect.any(String) } });
    await resendVerification(contact.guid);
    await removeContact(contact.guid);
    expect($contactBusy.get()).toBeNull();
    expect(contactsList.$list.get().answer!.data.some((c) => c.guid === contact.guid)).toBe(false);
    expect(shownToasts().filter(([type]) => type === 'success')).toEqual([
      ['success', CONTACT_CREATED],
      ['success', CONTACT_RESENT],
      ['success', CONTACT_DELETED],
    ]);
    stop();
  });
});

describe('the Partner Details tab (spec part 3, 2.9 and 4)', () => {
  const STYLES = {
    primary_color: '#0b4fb3',
    header_background_color: '#ffffff',
    primary_button_color: '#0b5e2f',
    primary_button_hover_color: '#084a25',
    primary_button_text_color: '#ffffff',
    primary_button_hover_text_color: '#ffffff',
  };

  it('saves changed styles and reloads the page to draw them, once', async () => {
    await loadPartnerDetails();
    const details = $partnerDetails.get()!;
    expect(details.custom_domain).toBe('panel.northwind-agency.test');
    const saved = await partnerForm.submit({ ...partnerValues(details), use_custom_styles: true, ...STYLES });
    expect(saved.ok).toBe(true);
    expect(shownToasts()).toEqual([['success', PARTNER_SAVED]]);
    expect($partnerDetails.get()?.custom_styles).toMatchObject({ use_custom_styles: true, primary_button_color: '#0b5e2f' });
    // Not at once: the toast is read first (STYLE_RELOAD_MS).
    expect(demo.page.reloads).toBe(0);
    // The reload is a timer of the store's own (STYLE_RELOAD_MS): nothing announces it but the page.
    expect(
      await polled(
        'the page to reload with the new styles',
        async () => demo.page.reloads,
        (n) => n > 0,
        t.signal,
      ),
    ).toBe(1);
  });

  it('says that only a partner company has partner details', async () => {
    await panelSignedInAs(t, 'bluebird@hostdeck.test', '/company/partner');
    await loadCompanyPage(null);
    $toasts.set([]);
    await loadPartnerDetails();
    expect($partnerDetails.get()).toBeNull();
    expect(shownToasts()).toEqual([['error', PARTNER_ONLY]]);
  });
});
