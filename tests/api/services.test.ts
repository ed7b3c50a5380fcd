import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { priceWebsiteSetup } from '../../src/lib/billing';
import { getInvoice } from '../../src/lib/requests/billing';
import { createWebsiteSetupOrder, supportPage } from '../../src/lib/requests/services';
import { getSupportArticle } from '../../src/lib/requests/system';
import { ARTICLE_COUNT_MESSAGE, WEBSITE_COUNT_MESSAGE, WEBSITE_ORDER_CREATED, WHITE_GLOVE_MESSAGE, type WebsiteSetupInput } from '../../src/lib/schemas/services';
import type { Database } from '../../src/server/db/connection';
import { orders, websiteSetupOrders } from '../../src/server/db/schema/index';
import type { TestApp } from './helpers/app';
import { useDemoAppWithBluebird, type Session } from './helpers/demo-app';
import { refusal } from './helpers/outcomes';
import { payInFull } from './helpers/pay';
import { withoutOwnerScopes } from './helpers/scopes';

let database: Database;
let t: TestApp;
let demo: Session;
let bluebird: Session;

useDemoAppWithBluebird((app) => ({ database, t, demo, bluebird } = app));

const order = (over: Partial<WebsiteSetupInput> = {}): WebsiteSetupInput => ({
  website_count: 12,
  content_count: 30,
  premium_theme: true,
  managed_hosting: true,
  white_glove_domain_picking: true,
  ...over,
});

describe('the done-for-you website order', () => {
  it('prices every option by the pricing module', async () => {
    const placed = await createWebsiteSetupOrder(t.client(demo), order());
    expect(placed.message).toBe(WEBSITE_ORDER_CREATED);
    const invoice = await getInvoice(t.client(demo), placed.invoice_id);
    // 12 x $250 + 12 x $150 extra content + 12 x $75 theme + $500 managed hosting; white glove is free.
    expect(invoice.total_amount).toBe(12 * 25_000 + 12 * 15_000 + 12 * 7_500 + 50_000);
    expect(invoice.total_amount).toBe(
      priceWebsiteSetup({ websiteCount: 12, contentCount: 30, premiumTheme: true, managedHosting: true, whiteGloveDomainPicking: true }, { currency: 'USD' }).total_amount,
    );
    expect(invoice.items.map((i) => i.description)).toContain('White-glove domain picking');
  });

  it('places a one-off PENDING order that, once paid, goes to the provider’s team', async () => {
    const placed = await createWebsiteSetupOrder(t.client(demo), order({ website_count: 10, content_count: 15, premium_theme: false, managed_hosting: false }));
    const [row] = await database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(row).toMatchObject({ orderType: 'WEBSITE_SETUP', status: 'PENDING', dateNextInvoice: null, companyGuid: demo.company });
    const [setup] = await database.db.select().from(websiteSetupOrders).where(eq(websiteSetupOrders.orderId, placed.order_id));
    expect(setup).toMatchObject({ websiteCount: 10, contentCount: 15, whiteGloveDomainPicking: true, status: 'PENDING' });

    await payInFull(t, database, demo, placed.invoice_id);
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(paid!.status).toBe('ACTIVE');
    expect(paid!.dateNextInvoice).toBeNull();
    const [started] = await database.db.select().from(websiteSetupOrders).where(eq(websiteSetupOrders.orderId, placed.order_id));
    expect(started!.status).toBe('IN_PROGRESS');
  });

  it('prices an EUR company’s order in EUR', async () => {
    const placed = await createWebsiteSetupOrder(
      t.client(bluebird),
      order({ website_count: 1, content_count: 15, premium_theme: false, managed_hosting: false, white_glove_domain_picking: false }),
    );
    const invoice = await getInvoice(t.client(bluebird), placed.invoice_id);
    expect(invoice.currency).toBe('EUR');
    expect(invoice.total_amount).toBeGreaterThan(0);
    expect(invoice.total_amount).toBeLessThan(25_000);
  });

  it('makes one order of a double click sent with one Idempotency-Key', async () => {
    const before = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.companyGuid, demo.company));
    const [a, b] = await Promise.allSettled([
      createWebsiteSetupOrder(t.client(demo), order(), 'services-double'),
      createWebsiteSetupOrder(t.client(demo), order(), 'services-double'),
    ]);
    const answered = [a, b].filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ order_id: number }>).value.order_id);
    expect(new Set(answered).size).toBe(1);
    const after = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.companyGuid, demo.company));
    expect(after.length - before.length).toBe(1);
  });

  it('says what is wrong with each field', async () => {
    for (const website_count of [0, 101, 2.5]) {
      expect((await refusal(createWebsiteSetupOrder(t.client(demo), order({ website_count, white_glove_domain_picking: false })), 400)).body.fields?.website_count).toBe(
        WEBSITE_COUNT_MESSAGE,
      );
    }
    expect((await refusal(createWebsiteSetupOrder(t.client(demo), order({ content_count: 20 })), 400)).body.fields?.content_count).toBe(ARTICLE_COUNT_MESSAGE);
    expect((await refusal(createWebsiteSetupOrder(t.client(demo), order({ website_count: 9 })), 400)).body.fields?.white_glove_domain_picking).toBe(WHITE_GLOVE_MESSAGE);
  });

  it('needs can_add_orders', async () => {
    await withoutOwnerScopes(database, demo.company, ['can_add_orders'], async () => {
      await refusal(createWebsiteSetupOrder(t.client(demo), order()), 403);
    });
  });
});

describe('the support page', () => {
  it('answers the provider’s departments with their hours, and the knowledge base’s articles that open one by one', async () => {
    const page = await supportPage(t.client(demo));
    expect(page.departments.map((d) => [d.key, d.email, d.hours])).toEqual([
      ['technical', 'support@hostdeck.test', '24/7'],
      ['sales', 'sales@hostdeck.test', 'Monday to Friday, 10:00 to 18:00 EEST'],
      ['billing', 'billing@hostdeck.test', 'Monday to Friday, 10:00 to 18:00 EEST'],
      ['abuse', 'abuse@hostdeck.test', 'Monday to Friday, 10:00 to 18:00 EEST'],
    ]);
    expect(page.support_panel_url).toBe('mailto:support@hostdeck.test');
    expect(page.articles.length).toBeGreaterThan(0);
    const first = page.articles[0]!;
    expect((await getSupportArticle(t.client(demo), first.slug)).data.title).toBe(first.title);
  });
});
