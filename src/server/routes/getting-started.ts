import { and, eq } from 'drizzle-orm';
import { saveGettingStartedDataOp, setGettingStartedStepOp, stopGettingStartedOp, type GettingStartedState } from '../../lib/api/getting-started';
import { readData, STEP, stepToShow, type GettingStartedData } from '../../lib/rules/getting-started';
import type { Db } from '../db/connection';
import { companies, domainGroups, ipGroups } from '../db/schema/index';
import { badRequest } from '../http/errors';
import { implement } from '../http/operation';
import { isAllowed } from '../services/access';
import { setupProgress } from '../services/getting-started';

type CompanyRow = typeof companies.$inferSelect;
const stateOf = (row: Pick<CompanyRow, 'showGettingStarted' | 'gettingStartedStep' | 'gettingStartedData'>): GettingStartedState => ({
  show_getting_started: row.showGettingStarted,
  getting_started_step: row.gettingStartedStep,
  getting_started_data: row.gettingStartedData,
});

async function save(db: Db, guid: string, values: Partial<Pick<CompanyRow, 'showGettingStarted' | 'gettingStartedStep' | 'gettingStartedData'>>): Promise<GettingStartedState> {
  const [row] = await db.update(companies).set(values).where(eq(companies.guid, guid)).returning();
  return stateOf(row!);
}

/**
 * The getting-started wizard's state, saved per company so another browser continues where the
 * first stopped (spec part 1, 4 and 7). Events elsewhere move it too: src/server/services/getting-started.ts.
 */
export const gettingStartedOperations = [
  implement(setGettingStartedStepOp, async (c, { params, body }) => {
    const guid = c.var.company.guid;
    const { db } = c.var.deps;
    // 'Set Up My First Domain' sends start: the wizard is shown from the introduction on.
    const wanted = body.start ? STEP.introduction : body.step;
    if (wanted < STEP.paymentMethod) return save(db, guid, { showGettingStarted: true, gettingStartedStep: wanted });
    // From the payment method on, the steps the company has already done are passed over: it is
    // never asked for a card it has, nor for a group it made (src/lib/rules/getting-started.ts).
    return db.transaction(async (tx) => {
      const [row] = await tx.select({ data: companies.gettingStartedData }).from(companies).where(eq(companies.guid, guid)).for('update');
      const { step, data } = stepToShow(wanted, await setupProgress(tx, guid), readData(row?.data));
      return save(tx, guid, { showGettingStarted: true, gettingStartedStep: step, gettingStartedData: { ...data } });
    });
  }),

  implement(stopGettingStartedOp, async (c, { params }) => {
    const guid = c.var.company.guid;
    // Stopped: hidden, and a new start begins afresh (spec part 1, 4 "the step then resets to 1").
    return save(c.var.deps.db, guid, { showGettingStarted: false, gettingStartedStep: STEP.welcome, gettingStartedData: {} });
  }),

  implement(saveGettingStartedDataOp, async (c, { params, body }) => {
    const guid = c.var.company.guid;
    const { db } = c.var.deps;
    return db.transaction(async (tx) => {
      if (body.domain_group) {
        const [group] = await tx.select({ guid: domainGroups.guid }).from(domainGroups).where(and(eq(domainGroups.guid, body.domain_group), eq(domainGroups.companyGuid, guid)));
        if (!group || !isAllowed(c.var.company.allowedDomainGroups, group.guid)) throw badRequest({ domain_group: 'Domain group not found.' });
      }
      if (body.ip_group) {
        const [group] = await tx.select({ guid: ipGroups.guid }).from(ipGroups).where(and(eq(ipGroups.guid, body.ip_group), eq(ipGroups.companyGuid, guid)));
        if (!group || !isAllowed(c.var.company.allowedIpGroups, group.guid)) throw badRequest({ ip_group: 'IP group not found.' });
      }
      const [row] = await tx.select({ data: companies.gettingStartedData }).from(companies).where(eq(companies.guid, guid)).for('update');
      const data: GettingStartedData = { ...readData(row?.data) };
      if (body.domain_group) data.domain_group = body.domain_group;
      if (body.ip_group) data.ip_group = body.ip_group;
      if (body.domain_info) data.domain_info = body.domain_info;
      return save(tx, guid, { gettingStartedData: { ...data } });
    });
  }),
];
