import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatCents } from '../../src/lib/billing/money';
import { ApiError } from '../../src/lib/errors';
import { deleteCancellation, listInvoices, listOrders, payInvoice } from '../../src/lib/requests/billing';
import { createSharedHostingOrder, modifyHostingPlan, cancelDowngrade } from '../../src/lib/requests/hosting';
import { createCancellation, modifySlots } from '../../src/lib/requests/ip-addresses';
import { createIpOrder } from '../../src/lib/requests/ip-orders';
import { cancelOrder, extendOrder } from '../../src/lib/requests/order-actions';
import { createWebsiteSetupOrder } from '../../src/lib/requests/services';
import { runBillingCycle } from '../../src/server/billing/billing-cycle';
import { configuredRate } from '../../src/server/billing/exchange-rate';
import { provisionHostingAccounts } from '../../src/server/billing/hosting-provision';
import { billingViolations, moneyNotInCents } from '../../src/server/billing/invariants';
import { openDatabase, type Database } from '../../src/server/db/connection';
import { cancellationRequests, hostingAccounts, hostingLocations, hostingPlans, invoices, ipAddresses, ipGroups, orders, paymentMethods } from '../../src/server/db/schema/index';
import { createTestApp, type TestApp } from './helpers/app';
import { createSeededTestDatabase } from './helpers/db';
import { BLUEBIRD_EMAIL, DEMO_EMAIL, type Session } from './helpers/demo-app';
import { atGateway } from './helpers/pay';

/**
 * The billing invariants (src/server/billing/invariants.ts) hold after every step of generated
 * timelines: two customers (USD and EUR) order IP addresses, shared hosting and website setups,
 * pay (approved, declined, part, or decided later at the gateway), change slots and plans now and
 * at renewal, cancel now or at the end of the cycle, extend, while the clock moves by hours to
 * months (across the grace period), the billing run runs at random moments and twice in a row,
 * and the server restarts. Every step goes through the API a customer calls, and the run is the
 * one the job engine runs each minute.
 *
 * Bounded and repeatable: BILLING_PROPERTY_RUNS timelines (15) from BILLING_PROPERTY_SEED; a
 * failure prints its seed and path, and BILLING_PROPERTY_PATH with that seed replays the shrunk
 * timeline alone. A shrunk failure becomes a named test below.
 */

const HOUR = 3_600_000;
const SEED = Number(process.env.BILLING_PROPERTY_SEED ?? 270027);
const RUNS = Number(process.env.BILLING_PROPERTY_RUNS ?? 15);
const PATH = process.env.BILLING_PROPERTY_PATH;
/**
 * Smaller timelines tried when one fails, each replayed on a fresh database (a second or more):
 * a count, not a time, so a busy machine reports the same shrunk timeline.
 */
const SHRINKS = 60;

type Who = 'demo' | 'bluebird';
const EMAIL: Record<Who, string> = { demo: DEMO_EMAIL, bluebird: BLUEBIRD_EMAIL };
type Time = 'IMMEDIATELY' | 'END_OF_BILLING_CYCLE';

/** One thing that happens on the timeline; `pick`s choose among what exists then, newest first. */
type Step =
  | { kind: 'order-ip'; who: Who; count: number; slots: number; shared: boolean; cycle: string; coupon: string | null }
  | { kind: 'order-hosting'; who: Who; plan: number; cycle: string; coupon: string | null }
  | { kind: 'order-website'; who: Who; websites: number }
  | { kind: 'pay'; who: Who; pick: number; method: 'CARD' | 'PAYPAL'; part: boolean; decision: 'approve' | 'decline' | 'later' }
  | { kind: 'decide'; pick: number; decision: 'approve' | 'decline' }
  | { kind: 'slots'; who: Who; pick: number; value: number }
  | { kind: 'plan'; who: Who; pick: number; plan: number; when: 'NOW' | 'RENEWAL' | null }
  | { kind: 'cancel-downgrade'; who: Who; pick: number }
  | { kind: 'cancel-order'; who: Who; pick: number; time: Time }
  | { kind: 'cancel-ip'; who: Who; pick: number; time: Time }
  | { kind: 'withdraw-cancellation'; who: Who; pick: number }
  | { kind: 'extend'; who: Who; pick: number; period: number }
  | { kind: 'advance'; hours: number; run: boolean }
  | { kind: 'run'; runs: 'once' | 'twice in a row' | 'two at once' }
  | { kind: 'restart' };

const who = fc.constantFrom<Who>('demo', 'demo', 'bluebird');
const pick = fc.nat({ max: 5 });
const time = fc.constantFrom<Time>('END_OF_BILLING_CYCLE', 'IMMEDIATELY');
const steps: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('order-ip' as const),
      who,
      count: fc.integer({ min: 1, max: 3 }),
      slots: fc.integer({ min: 1, max: 4 }),
      shared: fc.boolean(),
      cycle: fc.constantFrom('MONTHLY', 'QUARTERLY', 'ANNUALLY'),
      coupon: fc.constantFrom(null, null, 'WELCOME10', 'IPANNUAL20'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('order-hosting' as const),
      who,
      plan: fc.nat({ max: 3 }),
      cycle: fc.constantFrom('MONTHLY', 'ANNUALLY'),
      coupon: fc.constantFrom(null, null, 'WELCOME10'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('order-website' as const), who, websites: fc.integer({ min: 1, max: 3 }) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      who,
      pick,
      method: fc.constantFrom('CARD' as const, 'PAYPAL' as const),
      part: fc.boolean(),
      decision: fc.constantFrom('approve' as const, 'approve' as const, 'decline' as const, 'later' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decide' as const), pick, decision: fc.constantFrom('approve' as const, 'decline' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('slots' as const), who, pick, value: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('plan' as const), who, pick, plan: fc.nat({ max: 3 }), when: fc.constantFrom(null, 'NOW' as const, 'RENEWAL' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel-downgrade' as const), who, pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel-order' as const), who, pick, time }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel-ip' as const), who, pick, time }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('withdraw-cancellation' as const), who, pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('extend' as const), who, pick, period: fc.constantFrom(1, 3, 12) }) },
  // Hours to months, and the edges that matter: a session's hour, the renewal lead, the grace period.
  // With `run`, the minute's run comes right after, as on a server that was up all along.
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      hours: fc.oneof(fc.constantFrom(2, 24, 6 * 24, 7 * 24 + 1, 8 * 24, 23 * 24, 31 * 24, 92 * 24), fc.integer({ min: 1, max: 60 * 24 })),
      run: fc.boolean(),
    }),
  },
  // Two at once: two servers' minute on one database.
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('run' as const), runs: fc.constantFrom('once' as const, 'twice in a row' as const, 'two at once' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const) }) },
);
const timelines = fc.array(steps, { minLength: 1, maxLength: 12, size: 'max' });

const feedback = { cancellation_reason: 'PROJECT_ENDED', recommendation_score: 4, how_likely_to_use_us_again: 3 } as const;

/**
 * One server over one database, as the steps see it. Its clock stands still but for the steps'
 * moves (a second per step, so rows of two steps are told apart), so a timeline replays the
 * same; it only moves forward and survives a restart, as wall time does.
 */
class World {
  t!: TestApp;
  sessions = {} as Record<Who, Session>;
  /** Payments started at the gateway and not decided yet (the payer is still on its page). */
  pending: string[] = [];
  /** Names the hosting accounts a timeline orders. */
  serial = 0;
  /** When a billing run ran during the current step; null when none did. */
  ranAt: Date | null = null;
  readonly started = new Date();
  private clock = this.started.getTime();
  private signedIn = 0;

  constructor(public database: Database) {}

  async start(): Promise<void> {
    this.t = createTestApp(this.database);
    this.t.deps.now = () => new Date(this.clock);
    // The job a payment queues (creating a paid hosting account) runs at once here instead of on
    // pg-boss, whose minute-by-minute crons follow the wall clock and would make a timeline unrepeatable.
    const jobs = this.t.deps.jobs;
    this.t.deps.jobs = { ...jobs, provisionHostingSoon: async () => void (await provisionHostingAccounts(this.database.db, this.now())) };
  }

  now(): Date {
    return this.t.deps.now();
  }

  /** Both customers sign in; their sessions outlive a restart, not a moved clock. */
  async signIn(): Promise<void> {
    for (const w of ['demo', 'bluebird'] as const) this.sessions[w] = await this.t.signIn(EMAIL[w]);
    this.signedIn = this.clock;
  }

  client(w: Who) {
    return this.t.client(this.sessions[w]);
  }

  company(w: Who): string {
    return this.sessions[w].company;
  }

  async advance(ms: number): Promise<void> {
    this.clock += ms;
    // Well within the sessions' idle time, they still hold: signing in costs a password hash.
    if (this.clock - this.signedIn >= HOUR) await this.signIn();
  }

  /** The moment between two steps. */
  tick(): void {
    this.clock += 1000;
  }

  /** The minute's jobs, as the engine runs them: the billing run, then the hosting accounts to create. */
  async run(): Promise<void> {
    this.ranAt = this.now();
    await runBillingCycle(this.database.db, configuredRate(this.t.deps.config.eurPerUsd), this.now(), () => undefined);
    await provisionHostingAccounts(this.database.db, this.now());
  }

  /**
   * A new server process on the same database: a new app, caches and job engine, and the
   * customers' sessions as they were. On PostgreSQL the connections are closed and opened again
   * too; an in-memory PGlite cannot be reopened without dumping it (over a second), so its
   * instance stays.
   */
  async restart(): Promise<void> {
    await this.t.close();
    if (this.database.kind === 'postgres') {
      const url = this.database.pool!.options.connectionString!;
      await this.database.close();
      this.database = await openDatabase({ databaseUrl: url, migrate: false });
    }
    await this.start();
  }

  /** The app closes with its database (tests/api/helpers/app.ts). */
  async close(): Promise<void> {
    await this.database.close();
  }
}

const nth = <T>(rows: readonly T[], n: number): T | undefined => (rows.length ? rows[n % rows.length] : undefined);

/**
 * Carries out one step through the API (what it acts on is chosen from the rows); a refusal (4xx)
 * is an answer the customer may get, anything else fails the timeline.
 */
async function perform(world: World, step: Step): Promise<string> {
  const { db } = world.database;
  switch (step.kind) {
    case 'order-ip': {
      const [group] = await db
        .select({ guid: ipGroups.guid })
        .from(ipGroups)
        .where(and(eq(ipGroups.companyGuid, world.company(step.who)), eq(ipGroups.status, 'ACTIVE')))
        .limit(1);
      const placed = await createIpOrder(world.client(step.who), {
        group: group!.guid,
        billing_cycle: step.cycle,
        locations: [{ location: 'us-nyc', ip_address_count: step.count, additional_site_count: step.shared ? 0 : step.slots - 1 }],
        ip_address_filter: 'NONE',
        ip_address_type: step.shared ? 'SHARED' : 'DEDICATED',
        excluded_groups: [],
        coupon: step.coupon,
      });
      return `order #${placed.order_id}, invoice #${placed.invoice_id}`;
    }
    case 'order-hosting': {
      const plans = await db.select().from(hostingPlans).where(eq(hostingPlans.isAvailable, true)).orderBy(hostingPlans.priceUsdCents);
      const [location] = await db.select().from(hostingLocations).where(eq(hostingLocations.isActive, true)).orderBy(hostingLocations.city).limit(1);
      const placed = await createSharedHostingOrder(world.client(step.who), {
        name: `Timeline ${++world.serial}`,
        plan: nth(plans, step.plan)!.guid,
        location: location!.guid,
        billing_cycle: step.cycle,
        coupon: step.coupon,
      });
      return `order #${placed.order_id}, invoice #${placed.invoice_id}`;
    }
    case 'order-website': {
      const placed = await createWebsiteSetupOrder(world.client(step.who), { website_count: step.websites, content_count: 15 });
      return `order #${placed.order_id}, invoice #${placed.invoice_id}`;
    }
    case 'pay': {
      const open = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.companyGuid, world.company(step.who)), inArray(invoices.status, ['UNPAID', 'PARTIALLY_PAID'])))
        .orderBy(desc(invoices.id));
      const invoice = nth(open, step.pick);
      if (!invoice) return 'nothing to pay';
      const [saved] = await db
        .select({ guid: paymentMethods.guid })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.companyGuid, world.company(step.who)), eq(paymentMethods.methodType, step.method), eq(paymentMethods.status, 'ACTIVE')))
        .limit(1);
      const amount = step.part ? Math.max(50, Math.floor(invoice.balanceDueCents / 2)) : null;
      const started = await payInvoice(world.client(step.who), {
        invoice_id: invoice.id,
        payment_method: step.method,
        payment_amount: amount === null ? '' : formatCents(amount),
        ...(saved ? { payment_method_guid: saved.guid } : {}),
      });
      if (step.decision === 'later') {
        world.pending.unshift(started.redirect_url!);
        return `invoice #${invoice.id}: ${formatCents(started.amount)} waits at the gateway`;
      }
      const answer = await atGateway(world.t, started.redirect_url!, step.decision);
      return `invoice #${invoice.id}: ${formatCents(started.amount)} ${step.decision}d, back to ${answer.headers.get('location')}`;
    }
    case 'decide': {
      const url = nth(world.pending, step.pick);
      if (!url) return 'no payment waits';
      world.pending = world.pending.filter((u) => u !== url);
      const answer = await atGateway(world.t, url, step.decision);
      return `${step.decision}d late: ${answer.status} ${answer.headers.get('location') ?? ''}`;
    }
    case 'slots': {
      const rows = await db
        .select({ guid: ipAddresses.guid, ip: ipAddresses.ipAddress })
        .from(ipAddresses)
        .where(and(eq(ipAddresses.companyGuid, world.company(step.who)), eq(ipAddresses.status, 'ACTIVE'), eq(ipAddresses.ipAddressType, 'DEDICATED')))
        .orderBy(desc(ipAddresses.dateCreated), ipAddresses.ipAddress);
      const ip = nth(rows, step.pick);
      if (!ip) return 'no address';
      const answer = await modifySlots(world.client(step.who), { ip_addresses: [{ ip_address: ip.guid, value: step.value }] });
      return `${ip.ip} to ${step.value}: invoice ${answer.invoice_id ?? 'none'}`;
    }
    case 'plan': {
      const accounts = await db
        .select({ guid: hostingAccounts.guid, name: hostingAccounts.name })
        .from(hostingAccounts)
        .where(and(eq(hostingAccounts.companyGuid, world.company(step.who)), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
        .orderBy(desc(hostingAccounts.dateCreated));
      const account = nth(accounts, step.pick);
      if (!account) return 'no account';
      const plans = await db.select().from(hostingPlans).where(eq(hostingPlans.isAvailable, true)).orderBy(hostingPlans.priceUsdCents);
      const answer = await modifyHostingPlan(world.client(step.who), {
        hosting_account: account.guid,
        new_hosting_plan: nth(plans, step.plan)!.guid,
        ...(step.when ? { when: step.when } : {}),
      });
      return `${account.name} to ${nth(plans, step.plan)!.name} ${answer.when}: invoice ${answer.invoice_id ?? 'none'}`;
    }
    case 'cancel-downgrade': {
      const accounts = await db
        .select({ guid: hostingAccounts.guid })
        .from(hostingAccounts)
        .where(and(eq(hostingAccounts.companyGuid, world.company(step.who)), eq(hostingAccounts.accountType, 'SHARED_HOSTING')))
        .orderBy(desc(hostingAccounts.dateCreated));
      const account = nth(accounts, step.pick);
      if (!account) return 'no account';
      return (await cancelDowngrade(world.client(step.who), account.guid)).message;
    }
    case 'cancel-order': {
      const all = (await listOrders(world.client(step.who), { per_page: 100 })).data;
      const order = nth(all, step.pick);
      if (!order) return 'no order';
      const answer = await cancelOrder(world.client(step.who), order.id, { ...feedback, cancellation_time: step.time });
      return `order #${order.id}: ${answer.status} from ${answer.date_effective}`;
    }
    case 'cancel-ip': {
      const rows = await db
        .select({ guid: ipAddresses.guid, ip: ipAddresses.ipAddress })
        .from(ipAddresses)
        .where(and(eq(ipAddresses.companyGuid, world.company(step.who)), eq(ipAddresses.status, 'ACTIVE')))
        .orderBy(desc(ipAddresses.dateCreated), ipAddresses.ipAddress);
      const ip = nth(rows, step.pick);
      if (!ip) return 'no address';
      const answer = await createCancellation(world.client(step.who), { ...feedback, cancellation_time: step.time, ip_addresses: [ip.guid] });
      return `${ip.ip}: request ${answer.guid}`;
    }
    case 'withdraw-cancellation': {
      const requests = await db
        .select({ guid: cancellationRequests.guid })
        .from(cancellationRequests)
        .where(and(eq(cancellationRequests.companyGuid, world.company(step.who)), eq(cancellationRequests.status, 'PENDING')))
        .orderBy(desc(cancellationRequests.dateCreated));
      const request = nth(requests, step.pick);
      if (!request) return 'no request';
      return (await deleteCancellation(world.client(step.who), request.guid)).message;
    }
    case 'extend': {
      const all = (await listOrders(world.client(step.who), { per_page: 100 })).data;
      const order = nth(all, step.pick);
      if (!order) return 'no order';
      const answer = await extendOrder(world.client(step.who), order.id, { period: step.period });
      return `order #${order.id} by ${step.period}: invoice #${answer.invoice_id}`;
    }
    case 'advance':
      await world.advance(step.hours * HOUR);
      if (step.run) await world.run();
      return `now ${world.now().toISOString()}`;
    case 'run':
      if (step.runs === 'two at once') await Promise.all([world.run(), world.run()]);
      else {
        await world.run();
        if (step.runs === 'twice in a row') await world.run();
      }
      return `ran ${step.runs}`;
    case 'restart':
      await world.restart();
      return 'restarted';
  }
}

/** What the customers see of their invoices and orders through the API, in whole cents. */
async function answersInCents(world: World, step: Step): Promise<string[]> {
  const found: string[] = [];
  for (const w of 'who' in step ? [step.who] : (['demo', 'bluebird'] as const)) {
    found.push(...moneyNotInCents((await listInvoices(world.client(w), { per_page: 100 })).data, `${w} invoices`));
    found.push(...moneyNotInCents((await listOrders(world.client(w), { per_page: 100 })).data, `${w} orders`));
  }
  return found;
}

/** Outcomes of the steps of every timeline, printed once, to see what the generated timelines reached. */
const tally = new Map<string, number>();
const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);

/**
 * Plays a timeline on a fresh copy of the seeded database, checking the invariants after each
 * step, then `then` on the world as the timeline left it.
 */
async function play(timeline: Step[], then?: (world: World) => Promise<void>): Promise<void> {
  const world = new World(await createSeededTestDatabase());
  const done: string[] = [];
  try {
    await world.start();
    await world.signIn();
    for (const [i, step] of timeline.entries()) {
      world.tick();
      world.ranAt = null;
      let outcome: string;
      try {
        outcome = await perform(world, step);
        count(`${step.kind}: done`);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500)
          throw new Error(`Step ${i + 1} (${JSON.stringify(step)}) failed after ${JSON.stringify(done)}: ${String(error)}`, { cause: error });
        outcome = `refused ${error.status}: ${error.message}`;
        count(`${step.kind}: refused ${error.status}`);
      }
      done.push(`${step.kind}: ${outcome}`);
      const violations = [...(await billingViolations(world.database.db, { now: world.now(), afterRun: world.ranAt !== null })), ...(await answersInCents(world, step))];
      if (violations.length)
        throw new Error(`After step ${i + 1} of the timeline from ${world.started.toISOString()}, ${JSON.stringify(done, null, 1)}:\n${violations.join('\n')}`);
    }
    await then?.(world);
  } finally {
    await world.close();
  }
}

describe('billing invariants over generated timelines', () => {
  afterAll(() => {
    console.log(
      `[billing-invariants] seed ${SEED}, ${RUNS} timelines; step outcomes: ${[...tally]
        .sort()
        .map(([k, n]) => `${k} ${n}`)
        .join('; ')}`,
    );
  });

  // The limit is a safety net far above the runs and a failure's shrinking.
  it(`hold after every step (seed ${SEED}, override with BILLING_PROPERTY_SEED)`, { timeout: 900_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.limitShrink(timelines, SHRINKS), (timeline) => play(timeline)),
      { seed: SEED, numRuns: RUNS, ...(PATH ? { path: PATH } : {}), verbose: 1 },
    );
  });
});

/** The steps the regressions share: the demo company's actions on its newest order and invoice. */
const ipOrder: Step = { kind: 'order-ip', who: 'demo', count: 1, slots: 1, shared: false, cycle: 'MONTHLY', coupon: null };
const payNewest = (part = false): Step => ({ kind: 'pay', who: 'demo', pick: 0, method: 'CARD', part, decision: 'approve' });
/** To within a week of a monthly order's renewal date: its renewal invoice is raised. */
const toRenewalInvoice: Step = { kind: 'advance', hours: 26 * 24, run: true };

const orderOf = async (world: World, id: number) => (await world.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const newestOrder = async (world: World) =>
  (
    await world.database.db
      .select()
      .from(orders)
      .where(eq(orders.companyGuid, world.company('demo')))
      .orderBy(desc(orders.id))
      .limit(1)
  )[0]!;
const invoicesOf = (world: World, order: number) => world.database.db.select().from(invoices).where(eq(invoices.orderId, order)).orderBy(invoices.id);

// Each replays its timeline on a fresh copy of the seeded database, a few seconds on a busy machine.
describe('regressions the timelines found', { timeout: 60_000 }, () => {
  it('does not end an order at the start of a renewal period already paid for', async () => {
    await play([ipOrder, payNewest(), toRenewalInvoice, payNewest(), { kind: 'cancel-order', who: 'demo', pick: 0, time: 'END_OF_BILLING_CYCLE' }], async (world) => {
      const order = await newestOrder(world);
      const renewal = (await invoicesOf(world, order.id)).find((i) => i.purpose === 'RENEWAL')!;
      expect(renewal.status).toBe('PAID');
      const [request] = await world.database.db.select().from(cancellationRequests).where(eq(cancellationRequests.orderId, order.id));
      expect(request!.dateEffective!.toISOString()).toBe(renewal.onPaid!.period_end);
      // The paid period runs; the order ends when it does.
      await world.advance(Date.parse(String(renewal.onPaid!.period_start)) - world.now().getTime() + HOUR);
      await world.run();
      expect((await orderOf(world, order.id)).status).toBe('PENDING_CANCELLATION');
      await world.advance(Date.parse(String(renewal.onPaid!.period_end)) - world.now().getTime() + HOUR);
      await world.run();
      expect((await orderOf(world, order.id)).status).toBe('CANCELLED');
      expect(await billingViolations(world.database.db, { now: world.now(), afterRun: true })).toEqual([]);
    });
  });

  it('does not end an address at the start of a renewal period already paid for', async () => {
    await play([ipOrder, payNewest(), toRenewalInvoice, payNewest(), { kind: 'cancel-ip', who: 'demo', pick: 0, time: 'END_OF_BILLING_CYCLE' }], async (world) => {
      const order = await newestOrder(world);
      const renewal = (await invoicesOf(world, order.id)).find((i) => i.purpose === 'RENEWAL')!;
      const [request] = await world.database.db
        .select()
        .from(cancellationRequests)
        .where(eq(cancellationRequests.companyGuid, world.company('demo')))
        .orderBy(desc(cancellationRequests.dateCreated))
        .limit(1);
      expect(request!.dateEffective!.toISOString()).toBe(renewal.onPaid!.period_end);
    });
  });

  it('does not ask to be paid the rest of a first invoice once its unpaid order has ended', async () => {
    await play([ipOrder, payNewest(true), { kind: 'advance', hours: 15 * 24, run: true }], async (world) => {
      const order = await newestOrder(world);
      expect(order.status).toBe('CANCELLED');
      const [first] = await invoicesOf(world, order.id);
      expect(first).toMatchObject({ status: 'CANCELLED', purpose: 'NEW_ORDER' });
      expect(first!.paymentMadeCents).toBeGreaterThan(0);
      const again = await payInvoice(world.client('demo'), { invoice_id: first!.id, payment_method: 'PAYPAL', payment_amount: '' }).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(ApiError);
      expect((again as ApiError).status).toBe(409);
    });
  });

  it('does not ask to be paid the rest of a renewal of a period an order cancelled at once never began', async () => {
    await play([ipOrder, payNewest(), toRenewalInvoice, payNewest(true), { kind: 'cancel-order', who: 'demo', pick: 0, time: 'IMMEDIATELY' }], async (world) => {
      const order = await newestOrder(world);
      expect(order.status).toBe('CANCELLED');
      const renewal = (await invoicesOf(world, order.id)).find((i) => i.purpose === 'RENEWAL')!;
      expect(renewal.status).toBe('CANCELLED');
    });
  });

  it('does not take the rest of an extension once its order is being cancelled', async () => {
    const extend: Step = { kind: 'extend', who: 'demo', pick: 0, period: 1 };
    await play([ipOrder, payNewest(), extend, payNewest(true), { kind: 'cancel-order', who: 'demo', pick: 0, time: 'END_OF_BILLING_CYCLE' }, payNewest()], async (world) => {
      const order = await newestOrder(world);
      const extension = (await invoicesOf(world, order.id)).find((i) => i.purpose === 'EXTENSION')!;
      expect(extension.status).toBe('CANCELLED');
      expect(extension.paymentMadeCents).toBeGreaterThan(0);
    });
  });

  it('does not charge twice for a period paid by its renewal and then by an extension', async () => {
    await play([ipOrder, payNewest(), toRenewalInvoice, payNewest(), { kind: 'extend', who: 'demo', pick: 0, period: 1 }, payNewest()], async (world) => {
      const order = await newestOrder(world);
      const own = await invoicesOf(world, order.id);
      const renewal = own.find((i) => i.purpose === 'RENEWAL')!;
      const extension = own.find((i) => i.purpose === 'EXTENSION')!;
      expect([renewal.status, extension.status]).toEqual(['PAID', 'PAID']);
      expect(extension.onPaid).toMatchObject({ period_start: renewal.onPaid!.period_end, period_end: order.dateNextInvoice!.toISOString() });
    });
  });
});
