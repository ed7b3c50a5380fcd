import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, isNotNull, lte, max, min, ne } from 'drizzle-orm';
import { runBillingCycle } from '../../src/server/billing/billing-cycle';
import { configuredRate } from '../../src/server/billing/exchange-rate';
import type { Database } from '../../src/server/db/connection';
import { invoiceItems, invoices } from '../../src/server/db/schema/index';
import { createMemoryMailer } from '../../src/server/mail/mailer';
import { seedDemo } from '../../src/server/seed/index';
import { deliverQueuedCompanyEmails } from '../../src/server/services/company-mail';
import { createTestDatabase, resetDatabase } from './helpers/db';

/**
 * The demo seed and the provider's billing run agree on what is already invoiced, whatever the
 * day the seed runs: a fresh start bills no order period twice and emails no invoice twice, and
 * neither do the runs that follow (again at once, the next minute's, and later ones).
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Days the seed may run on, and what makes each one a day to try. */
const STARTS = [
  { at: '2026-11-27T19:10:20.000Z', why: 'the start that billed two orders twice; an order renews a day later', renewsWithinDay: true },
  { at: '2027-01-31T23:30:00.000Z', why: 'the last half hour of a 31-day month' },
  { at: '2027-03-14T12:00:00.000Z', why: 'an order renews at that very moment', renewsWithinDay: true },
  { at: '2028-02-29T08:00:00.000Z', why: 'a leap day; an order renews a day later', renewsWithinDay: true },
] as const;

/** Every live invoice of an order that covers a period, with the period its lines cover. */
async function billedPeriods() {
  const rows = await database.db
    .select({ id: invoices.id, order: invoices.orderId, start: min(invoiceItems.periodStart), end: max(invoiceItems.periodEnd) })
    .from(invoices)
    .innerJoin(invoiceItems, eq(invoiceItems.invoiceId, invoices.id))
    .where(and(isNotNull(invoices.orderId), ne(invoices.status, 'CANCELLED')))
    .groupBy(invoices.id);
  return rows.filter((r) => r.start && r.end).map((r) => ({ id: r.id, start: `#${r.order} from ${r.start!.toISOString()}`, end: `#${r.order} until ${r.end!.toISOString()}` }));
}

/** The keys that more than one invoice shares, each with those invoices' numbers. */
function shared(keys: { id: number; key: string }[]): string[] {
  const by = Map.groupBy(keys, (k) => k.key);
  return [...by].filter(([, list]) => list.length > 1).map(([key, list]) => `${key}: invoices ${list.map((l) => l.id).join(', ')}`);
}

async function expectEachPeriodBilledOnce(outbox: { to: string; subject: string }[]) {
  const periods = await billedPeriods();
  // Billed twice: two live invoices of one order for a period that starts, or ends, at the same moment.
  expect(shared(periods.map((p) => ({ id: p.id, key: p.start })))).toEqual([]);
  expect(shared(periods.map((p) => ({ id: p.id, key: p.end })))).toEqual([]);
  // Emailed twice: the same email to one person, or a new invoice for a period another invoice already bills.
  expect(shared(outbox.map((m, id) => ({ id, key: `${m.to} ${m.subject}` })))).toEqual([]);
  const byId = new Map(periods.map((p) => [p.id, p]));
  const perPeriod = Map.groupBy(periods, (p) => p.start);
  const told = outbox.flatMap((m) => {
    const id = Number(/^New invoice #(\d+)$/.exec(m.subject)?.[1]);
    const period = byId.get(id);
    return period
      ? [
          {
            id,
            key: `${m.to} ${period.start}`,
            others: perPeriod
              .get(period.start)!
              .filter((p) => p.id !== id)
              .map((p) => p.id),
          },
        ]
      : [];
  });
  expect(shared(told)).toEqual([]);
  expect(told.filter((t) => t.others.length).map((t) => `invoice ${t.id} emailed while ${t.others.join(', ')} bills its period`)).toEqual([]);
}

describe('the demo seed and the billing run', () => {
  for (const start of STARTS) {
    it(`bill each order period once when the seed runs on ${start.at}: ${start.why}`, async () => {
      await resetDatabase(database);
      const { db } = database;
      const now = new Date(start.at);
      const mailer = createMemoryMailer();

      // The first start: the seed, with the billing run that catches up with its history.
      expect((await seedDemo(db, { now })).seeded).toBe(true);
      await deliverQueuedCompanyEmails(db, mailer, now);
      await expectEachPeriodBilledOnce(mailer.outbox);
      if ('renewsWithinDay' in start) {
        // The day was chosen for it: a renewal period begins between now and a day from now.
        const soon = await db
          .select({ id: invoiceItems.invoiceId })
          .from(invoiceItems)
          .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
          .where(and(eq(invoices.purpose, 'RENEWAL'), gte(invoiceItems.periodStart, now), lte(invoiceItems.periodStart, new Date(now.getTime() + DAY))));
        expect(soon.length, 'a renewal period begins within the day').toBeGreaterThan(0);
      }

      // The scheduled runs: twice at the same moment, the next minute's, then a week and 40 days on (twice).
      const later = (ms: number) => new Date(now.getTime() + ms);
      for (const at of [now, now, later(MINUTE), later(8 * DAY), later(40 * DAY), later(40 * DAY)]) {
        await runBillingCycle(db, configuredRate(0.92), at);
        await deliverQueuedCompanyEmails(db, mailer, at);
        await expectEachPeriodBilledOnce(mailer.outbox);
      }
      // Renewals were raised and their contacts told: the email checks above had something to check.
      expect(mailer.outbox.filter((m) => m.subject.startsWith('New invoice #')).length).toBeGreaterThan(0);
    });
  }
});
