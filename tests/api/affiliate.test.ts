import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  affiliateExists,
  createAffiliate,
  createLink,
  disableLink,
  downloadAffiliateInvoicePdf,
  getAffiliate,
  getAffiliateBilling,
  getAffiliateInvoice,
  getAffiliateReport,
  getPaymentDetails,
  listAffiliateInvoices,
  listLinks,
  recentReferralActivity,
  updatePaymentDetails,
} from '../../src/lib/requests/affiliate';
import { register } from '../../src/lib/requests/auth-flows';
import {
  AFFILIATE_EXISTS,
  AFFILIATE_INVOICE_NOT_FOUND,
  AFFILIATE_NOT_ACTIVE,
  APPLICATION_SUBMITTED,
  BRAND_CHARACTERS,
  BRAND_REQUIRED,
  CUSTOM_LINK_REQUESTED,
  LINK_CREATED,
  LINK_DISABLED,
  LINK_HASH_TAKEN,
  LINK_NOT_FOUND,
  PAYMENT_DETAILS_UPDATED,
  REPORT_DATE_INVALID,
  REPORT_RANGE_REVERSED,
  REPORT_RANGE_TOO_LONG,
  USAGE_REQUIRED,
  type ApplicationInput,
} from '../../src/lib/schemas/affiliate';
import { dayOf, presetRange, REPORT_PRESETS } from '../../src/lib/rules/affiliate';
import type { Database, Db } from '../../src/server/db/connection';
import { affiliateAccounts, affiliateLinks, affiliatePaymentDetails, affiliateVisits, companies, invoices, memberships, referrals, users } from '../../src/server/db/schema/index';
import { openSecret } from '../../src/server/services/secret-box';
import { invoicePaid } from '../../src/server/billing/invoice-paid';
import { approveDueAffiliateRequests } from '../../src/server/jobs/affiliate-review';
import { invoiceClearedPayouts } from '../../src/server/services/affiliate-invoicing';
import { AFFILIATE_COOKIE } from '../../src/server/routes/affiliate-referral';
import { pdfText } from '../e2e/pdf-text';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
let bluebird: { token: string; company: string };
let staff: { token: string; company: string };

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  bluebird = await t.signIn('bluebird@hostdeck.test');
  staff = await t.signIn('staff@hostdeck.test');
});
afterAll(() => database.close());

const me = () => t.client(demo);

const application = (over: Partial<ApplicationInput> = {}): ApplicationInput => ({
  account_type: 'PERSONAL',
  first_name: 'Sam',
  last_name: 'Staff',
  address1: 'Main St 1',
  city: 'Tallinn',
  region: 'Harju',
  postal_code: '10111',
  country: 'EE',
  phone: '+372 555 0000',
  promotion_platforms: 'Blog',
  promotion_methods: 'Reviews',
  agreement: true,
  ...over,
});

describe('application', () => {
  it('answers 404 for a person who has not applied, and the status once they have', async () => {
    await refusal(affiliateExists(t.client(staff)), 404);
    const answer = await createAffiliate(t.client(staff), application());
    expect(answer.message).toBe(APPLICATION_SUBMITTED);
    expect(answer.message).toContain('2 working days');
    // PERSONAL: the company name is first plus last name (spec part 3, 5).
    expect(answer.affiliate).toMatchObject({ status: 'PENDING', account_type: 'PERSONAL', company_name: 'Sam Staff' });
    expect(await affiliateExists(t.client(staff))).toMatchObject({ status: 'PENDING' });
    expect((await refusal(createAffiliate(t.client(staff), application()), 409)).body.errors).toEqual([AFFILIATE_EXISTS]);
  });

  it('keeps a pending affiliate out of the tabs until the review job approves them', async () => {
    expect((await refusal(getAffiliate(t.client(staff)), 403)).body.errors).toEqual([AFFILIATE_NOT_ACTIVE]);
    // Not yet due: nothing is approved.
    await approveDueAffiliateRequests(database.db, t.deps.now(), 60 * 60_000);
    expect(await affiliateExists(t.client(staff))).toMatchObject({ status: 'PENDING' });
    await approveDueAffiliateRequests(database.db, new Date(t.deps.now().getTime() + 5 * 60_000), 60_000);
    expect(await affiliateExists(t.client(staff))).toMatchObject({ status: 'ACTIVE' });
    expect(await getAffiliate(t.client(staff))).toMatchObject({ referrals_count: 0, visits_count: 0, total_earnings: 0 });
  });

  it("refuses each missing field with its 'Please enter your ...' sentence and requires the agreement", async () => {
    const res = await t.call('POST', '/affiliate/create/', { token: bluebird.token, company: bluebird.company, body: { account_type: 'COMPANY' } });
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(fields).toMatchObject({
      first_name: 'Please enter your first name!',
      last_name: 'Please enter your last name!',
      address1: 'Please enter your address!',
      city: 'Please enter your city!',
      region: 'Please enter your region!',
      postal_code: 'Please enter your postal code!',
      country: 'Please enter your country!',
      phone: 'Please enter your phone!',
      promotion_platforms: 'Please enter your promotion platforms!',
      promotion_methods: 'Please enter your promotion methods!',
      agreement: 'Please accept the affiliate agreement!',
    });
    const noCompany = await refusal(createAffiliate(t.client(bluebird), application({ account_type: 'COMPANY' })), 400);
    expect(noCompany.body.fields).toMatchObject({ company_name: 'Please enter your company name!' });
    const noAgreement = await refusal(createAffiliate(t.client(bluebird), { ...application(), agreement: false as true }), 400);
    expect(noAgreement.body.fields).toMatchObject({ agreement: 'Please accept the affiliate agreement!' });
  });

  it('is closed to customer-type users', async () => {
    const customer = await t.signIn('customer@hostdeck.test');
    await expect(affiliateExists(t.client(customer))).rejects.toMatchObject({ status: 403, body: { errors: ['This area is not available for customer accounts.'] } });
    await expect(getAffiliate(t.client(customer))).rejects.toMatchObject({ status: 403 });
  });
});

describe('overview, billing and invoices', () => {
  it('answers the all-time and last-30-days figures and the recent activity', async () => {
    const o = await getAffiliate(me());
    expect(o.visits_count).toBeGreaterThanOrEqual(140);
    expect(o.referrals_count).toBeGreaterThan(0);
    // Paid earnings are the rest: the seed's first invoice paid some.
    expect(o.total_earnings).toBeGreaterThan(o.clearing_earnings + o.unpaid_earnings);
    expect(o.clearing_earnings).toBeGreaterThan(0);
    expect(o.last_30_days.visits_count).toBeLessThanOrEqual(o.visits_count);
    expect(o.conversion_rate).toBeCloseTo((o.referrals_count / o.visits_count) * 100, 1);
    const recent = await recentReferralActivity(me());
    expect(recent.data.length).toBeGreaterThan(0);
    const dates = recent.data.map((r) => r.date_created);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(recent.data[0]).toMatchObject({ payout_type: expect.stringMatching(/^(NEW|RECURRING)$/) });
  });

  it('answers the payment terms', async () => {
    expect(await getAffiliateBilling(me())).toEqual({
      payment_threshold: 10000,
      payment_term: 30,
      billing_cycle: 'MONTHLY',
      cookie_duration: 60,
      payout_rate: 20,
      currency: 'USD',
    });
  });

  it('lists the invoices and shows one with its PDF; another person’s is not found', async () => {
    const list = await listAffiliateInvoices(me(), { per_page: 10 });
    expect(list.total).toBe(1);
    const id = list.data[0]!.id;
    const invoice = await getAffiliateInvoice(me(), id);
    expect(invoice).toMatchObject({ id, gross_amount: 12400, net_amount: 12400, company_name: 'Northwind Web Agency', vat: { vat_id: 'EE102345605' } });
    expect(invoice.items.length).toBeGreaterThan(0);
    const pdf = await downloadAffiliateInvoicePdf(me(), id);
    expect(pdf.filename).toBe(`affiliate-invoice-${id}.pdf`);
    expect(pdf.contentType).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(pdf.body));
    for (const words of [`Affiliate Invoice #${id}`, 'Issuer', 'Beneficiary', 'Northwind Web Agency', 'Gross amount', 'Tax', 'Net amount', '124.00']) expect(text).toContain(words);
    // Staff's programme (approved above) has no invoices: the demo owner's is not theirs.
    expect((await refusal(getAffiliateInvoice(t.client(staff), id), 404)).body.errors).toEqual([AFFILIATE_INVOICE_NOT_FOUND]);
    await refusal(downloadAffiliateInvoicePdf(t.client(staff), id), 404);
  });
});

describe('the monthly payout run', () => {
  it('puts the payouts cleared before this month on one invoice once they reach the threshold, once', async () => {
    const now = t.deps.now();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [account] = await database.db.select().from(affiliateAccounts).innerJoin(users, eq(users.guid, affiliateAccounts.userGuid)).where(eq(users.email, 'demo@hostdeck.test'));
    const affiliate = account!.affiliate_accounts;
    const threshold = (db: Db, cents: number) => db.update(affiliateAccounts).set({ paymentThresholdCents: cents }).where(eq(affiliateAccounts.guid, affiliate.guid));
    // The server's own minute run may have invoiced the seeded payouts already, and may run again
    // at any moment: out of reach of its threshold, this test's payouts wait for the test's runs.
    await database.db.transaction(async (tx) => {
      await threshold(tx, 2_147_483_647);
      const cleared = new Date(monthStart.getTime() - 2 * 86_400_000);
      await tx.insert(referrals).values([
        { affiliateGuid: affiliate.guid, payoutCents: 1250, currency: 'USD', status: 'UNPAID', dateClears: cleared },
        { affiliateGuid: affiliate.guid, payoutCents: 3375, currency: 'USD', payoutType: 'RECURRING', status: 'CLEARING', dateClears: cleared },
      ]);
    });
    const before = (await listAffiliateInvoices(me(), { per_page: 100 })).total;

    const dueRows = (await database.db.select().from(referrals).where(eq(referrals.affiliateGuid, affiliate.guid))).filter(
      (r) => r.affiliateInvoiceId === null && (r.status === 'CLEARING' || r.status === 'UNPAID') && r.dateClears < monthStart,
    );
    const gross = dueRows.reduce((sum, r) => sum + r.payoutCents, 0);
    expect(gross).toBeGreaterThan(0);
    // Each threshold and the run that reads it in one transaction: the minute run sees neither.
    const runAt = (cents: number) =>
      database.db.transaction(async (tx) => {
        await threshold(tx, cents);
        const made = await invoiceClearedPayouts(tx, now);
        await threshold(tx, 2_147_483_647);
        return made;
      });
    // A cent below the threshold nothing is invoiced: the payouts wait for the next month.
    expect(await runAt(gross + 1)).toEqual([]);
    const made = await runAt(gross);
    expect(made).toHaveLength(1);
    expect((await listAffiliateInvoices(me(), { per_page: 100 })).total).toBe(before + 1);
    const invoice = await getAffiliateInvoice(me(), made[0]!);
    expect(invoice).toMatchObject({ gross_amount: gross, net_amount: gross, tax: 0, company_name: affiliate.companyName });
    expect(invoice.items.map((i) => i.payout).reduce((a, b) => a + b, 0)).toBe(gross);
    expect(invoice.items).toHaveLength(dueRows.length);
    // Each payout is on that invoice now, and a second run makes nothing more.
    const claimed = await database.db.select().from(referrals).where(eq(referrals.affiliateInvoiceId, made[0]!));
    expect(claimed.map((r) => r.guid).sort()).toEqual(dueRows.map((r) => r.guid).sort());
    expect(await runAt(gross)).toEqual([]);
    await threshold(database.db, affiliate.paymentThresholdCents);
  });
});

describe('payment details', () => {
  it('saves PayPal, ACH and SWIFT details, newest first', async () => {
    const paypal = await updatePaymentDetails(me(), { payment_method: 'PAYPAL', currency: 'EUR', paypal_email: 'pay@northwind.test' });
    expect(paypal.message).toBe(PAYMENT_DETAILS_UPDATED);
    expect(paypal.payment_details.description).toBe('PayPal: pay@northwind.test (EUR)');
    const bank = {
      billing_email: 'billing@northwind.test',
      country: 'US',
      city: 'Austin',
      address: '1 Congress Ave',
      post_code: '78701',
      account_name: 'Northwind LLC',
      bank_country: 'US',
      bank_city: 'Austin',
      bank_address: '2 Bank St',
      bank_post_code: '78702',
      bank_name: 'First Bank',
    };
    const ach = await updatePaymentDetails(me(), {
      payment_method: 'ACH',
      currency: 'USD',
      ...bank,
      ach_routing_no: '021000021',
      ach_account_no: '123456789',
      ach_account_type: 'CHECKING',
    });
    expect(ach.payment_details.description).toBe('ACH: First Bank ****6789 (USD)');
    const swift = await updatePaymentDetails(me(), { payment_method: 'SWIFT', currency: 'EUR', ...bank, iban: 'EE38 2200 2210 2014 5685', swift_bic: 'HABAEE2X' });
    expect(swift.payment_details.description).toBe('SWIFT: First Bank ****5685 (EUR)');
    const history = await getPaymentDetails(me());
    expect(history.data[0]!.guid).toBe(swift.payment_details.guid);
    expect(history.data.map((d) => d.payment_method).slice(0, 3)).toEqual(['SWIFT', 'ACH', 'PAYPAL']);
    // Account numbers are sealed at rest, and open again with the server's key.
    const [achRow] = await database.db.select().from(affiliatePaymentDetails).where(eq(affiliatePaymentDetails.guid, ach.payment_details.guid));
    const [swiftRow] = await database.db.select().from(affiliatePaymentDetails).where(eq(affiliatePaymentDetails.guid, swift.payment_details.guid));
    expect(achRow!.achAccountNo).not.toContain('123456789');
    expect(swiftRow!.iban).not.toContain('EE382200');
    expect(await openSecret(database.db, achRow!.achAccountNo!)).toBe('123456789');
    expect(await openSecret(database.db, swiftRow!.iban!)).toBe('EE382200221020145685');
  });

  it('refuses missing fields with their sentences', async () => {
    const refused = await refusal(updatePaymentDetails(me(), { payment_method: 'ACH', currency: 'USD' } as never), 400);
    expect(refused.body.fields).toMatchObject({
      billing_email: 'Please enter your billing email!',
      ach_routing_no: 'Please enter your routing number!',
      bank_name: 'Please enter your bank name!',
    });
    const paypal = await refusal(updatePaymentDetails(me(), { payment_method: 'PAYPAL', currency: 'USD', paypal_email: '' }), 400);
    expect(paypal.body.fields).toMatchObject({ paypal_email: 'Please enter your PayPal email!' });
  });
});

describe('links', () => {
  it('lists links newest first and takes per_month as per_page', async () => {
    const page = await listLinks(me(), { per_page: 2 });
    expect(page).toMatchObject({ per_page: 2, total: 4 });
    expect(page.data).toHaveLength(2);
    const res = await t.call('GET', '/affiliate/links/?per_month=3', { token: demo.token, company: demo.company });
    expect(await res.json()).toMatchObject({ per_page: 3, total: 4 });
  });

  it('creates a DEFAULT link with a random hash', async () => {
    const a = await createLink(me(), { link_type: 'DEFAULT' });
    const b = await createLink(me(), { link_type: 'DEFAULT' });
    expect(a.message).toBe(LINK_CREATED);
    expect(a.link).toMatchObject({ link_type: 'DEFAULT', status: 'ACTIVE' });
    expect(a.link.link_hash).toMatch(/^[a-z0-9]{8}$/);
    expect(a.link.link_hash).not.toBe(b.link.link_hash);
  });

  it('requests a CUSTOM link, lowercased and PENDING until approved; a taken hash is refused', async () => {
    const asked = await createLink(me(), { link_type: 'CUSTOM', custom_hash: 'North-Star', usage_description: 'Our newsletter footer.' });
    expect(asked.message).toBe(CUSTOM_LINK_REQUESTED);
    expect(asked.link).toMatchObject({ link_hash: 'north-star', link_type: 'CUSTOM', status: 'PENDING' });
    const taken = await refusal(createLink(t.client(staff), { link_type: 'CUSTOM', custom_hash: 'north-star', usage_description: 'Mine too.' }), 400);
    expect(taken.body.fields).toEqual({ custom_hash: LINK_HASH_TAKEN });
    const blank = await refusal(createLink(me(), { link_type: 'CUSTOM', custom_hash: '', usage_description: '' }), 400);
    expect(blank.body.fields).toMatchObject({ custom_hash: BRAND_REQUIRED, usage_description: USAGE_REQUIRED });
    const bad = await refusal(createLink(me(), { link_type: 'CUSTOM', custom_hash: 'no spaces!', usage_description: 'x' }), 400);
    expect(bad.body.fields).toMatchObject({ custom_hash: BRAND_CHARACTERS });
    await approveDueAffiliateRequests(database.db, new Date(t.deps.now().getTime() + 10 * 60_000), 60_000);
    const [row] = await database.db.select().from(affiliateLinks).where(eq(affiliateLinks.guid, asked.link.guid));
    expect(row!.status).toBe('ACTIVE');
  });

  it('disables a link; another person’s link is not found', async () => {
    const { link } = await createLink(me(), { link_type: 'DEFAULT' });
    expect((await disableLink(me(), link.guid)).message).toBe(LINK_DISABLED);
    const [row] = await database.db.select().from(affiliateLinks).where(eq(affiliateLinks.guid, link.guid));
    expect(row!.status).toBe('DISABLED');
    expect((await refusal(disableLink(t.client(staff), link.guid), 404)).body.errors).toEqual([LINK_NOT_FOUND]);
    await refusal(disableLink(me(), '00000000-0000-4000-8000-000000000000'), 404);
  });
});

describe('reports and the referral link', () => {
  it('refuses a bad range with a sentence', async () => {
    expect((await refusal(getAffiliateReport(me(), { start: '2026-13-01', end: '2026-12-01' }), 400)).body.errors).toEqual([REPORT_DATE_INVALID]);
    expect((await refusal(getAffiliateReport(me(), { start: '2026-05-02', end: '2026-05-01' }), 400)).body.errors).toEqual([REPORT_RANGE_REVERSED]);
    expect((await refusal(getAffiliateReport(me(), { start: '2020-01-01', end: '2026-01-01' }), 400)).body.errors).toEqual([REPORT_RANGE_TOO_LONG]);
  });

  it('answers a row for every day of each preset', async () => {
    const today = dayOf(t.deps.now());
    for (const preset of REPORT_PRESETS) {
      const range = presetRange(preset, today);
      const report = await getAffiliateReport(me(), range);
      expect(report.data[0]?.date, preset).toBe(range.start);
      expect(report.data.at(-1)?.date, preset).toBe(range.end);
    }
  });

  it('counts a followed link in the report, and a referred company’s payments as NEW then RECURRING payouts', async () => {
    const { link } = await createLink(me(), { link_type: 'DEFAULT' });
    const today = dayOf(t.deps.now());
    const before = (await getAffiliateReport(me(), { start: today, end: today })).data[0]!;

    const followed = await t.app.request(`/affiliate/r/${link.link_hash.toUpperCase()}`, { headers: { 'x-test-ip': '203.0.113.7', referer: 'https://blog.example/' } });
    expect(followed.status).toBe(302);
    const location = followed.headers.get('location')!;
    expect(location).toMatch(/^\/auth\/register\?aff_click_id=clk_/);
    const clickId = new URL(location, 'http://x').searchParams.get('aff_click_id')!;
    const cookie = followed.headers.get('set-cookie')!;
    expect(cookie).toContain(`${AFFILIATE_COOKIE}=${clickId}`);
    expect(cookie).toContain(`Max-Age=${60 * 86_400}`);
    const [visit] = await database.db.select().from(affiliateVisits).where(eq(affiliateVisits.clickId, clickId));
    expect(visit).toMatchObject({ linkGuid: link.guid, ipAddress: '203.0.113.7', referer: 'https://blog.example/' });

    const after = (await getAffiliateReport(me(), { start: today, end: today })).data[0]!;
    expect(after.clicks).toBe(before.clicks + 1);

    // A disabled or unknown link records nothing and still leads to the sign-up.
    await disableLink(me(), link.guid);
    const dead = await t.app.request(`/affiliate/r/${link.link_hash}`);
    expect(dead.headers.get('location')).toBe('/auth/register');
    expect(dead.headers.get('set-cookie')).toBeNull();
    expect((await getAffiliateReport(me(), { start: today, end: today })).data[0]!.clicks).toBe(after.clicks);

    // The visitor signs up with the click id, and their company pays two invoices.
    await register(t.client(), {
      first_name: 'Rita',
      last_name: 'Referred',
      email: 'rita@example.test',
      password: 'correct horse battery',
      company_name: 'Referred Widgets',
      currency: 'USD',
      address1: '1 Main St',
      city: 'Riga',
      region: 'Riga',
      country: 'LV',
      postal_code: 'LV-1010',
      found_us: 'Google',
      agree_terms: true,
      aff_click_id: clickId,
    });
    const [rita] = await database.db.select().from(users).where(eq(users.email, 'rita@example.test'));
    const [m] = await database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userGuid, rita!.guid), eq(memberships.accountType, 'OWNER')));
    const [co] = await database.db.select().from(companies).where(eq(companies.guid, m!.companyGuid));
    const pay = async (cents: number) => {
      const [inv] = await database.db
        .insert(invoices)
        .values({
          companyGuid: co!.guid,
          companyName: co!.name,
          status: 'PAID',
          subTotalCents: cents,
          totalAmountCents: cents,
          paymentMadeCents: cents,
          dateDue: t.deps.now(),
          datePaid: t.deps.now(),
        })
        .returning({ id: invoices.id });
      await database.db.transaction((tx) => invoicePaid(tx, inv!.id, { now: t.deps.now }));
      return inv!.id;
    };
    const first = await pay(5000);
    await pay(2500);
    // The same invoice paid again (a replayed event) earns nothing more.
    await database.db.transaction((tx) => invoicePaid(tx, first, { now: t.deps.now }));
    const [affiliate] = await database.db
      .select()
      .from(affiliateAccounts)
      .where(eq(affiliateAccounts.userGuid, (await database.db.select().from(users).where(eq(users.email, 'demo@hostdeck.test')))[0]!.guid));
    const earned = await database.db
      .select()
      .from(referrals)
      .where(and(eq(referrals.affiliateGuid, affiliate!.guid), eq(referrals.referredCompanyGuid, co!.guid)));
    expect(earned.map((r) => [r.payoutType, r.payoutCents, r.status]).sort()).toEqual([
      ['NEW', 1000, 'CLEARING'],
      ['RECURRING', 500, 'CLEARING'],
    ]);
    const final = (await getAffiliateReport(me(), { start: today, end: today })).data[0]!;
    expect(final).toMatchObject({ referrals: after.referrals + 1, earnings: after.earnings + 1500 });
    const recent = await recentReferralActivity(me());
    expect(
      recent.data
        .slice(0, 2)
        .map((r) => r.payout_type)
        .sort(),
    ).toEqual(['NEW', 'RECURRING']);
  });
});
