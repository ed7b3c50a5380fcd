import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import type { GettingStartedState, saveGettingStartedDataOp } from '../../lib/api/getting-started';
import { readData, STEP, stepToShow, type DomainInfo, type GettingStartedData, type SetupProgress } from '../../lib/rules/getting-started';
import { LIVE_IP_STATUSES } from '../../lib/rules/status-groups';
import { EMPTY_TODO_LIST, type TodoKey } from '../../lib/rules/todo-list';
import type { InvoiceActionName } from '../billing/invoice-actions';
import type { Db } from '../db/connection';
import { lockCompany } from '../db/locks';
import { companies, domainGroups, domains, hostingAccounts, ipAddresses, ipGroups, memberships, paymentMethods, users } from '../db/schema/index';
import type { CompanyContext } from '../context';
import { badRequest } from '../http/errors';
import { isAllowed } from './access';

/**
 * What happens elsewhere in the panel, the CLI or the API that moves the getting-started wizard
 * and ticks the to-do list (spec part 1, 4; part 3, 4). Each place where one happens calls
 * {@link recordSetupEvent} inside the transaction that does it, so whichever client caused it, the
 * wizard and the list move with it, and not at all when it is rolled back.
 */
export type SetupEvent =
  | { kind: 'payment_method_added' }
  /** What the paid invoice carried out (src/server/billing/invoice-actions.ts), if anything. */
  | { kind: 'invoice_paid'; action: InvoiceActionName | null }
  | { kind: 'ip_group_created'; group: string }
  | { kind: 'domain_group_created'; group: string }
  | { kind: 'custom_host_added' }
  | { kind: 'domains_added'; first: DomainInfo };

export interface WizardState {
  show: boolean;
  step: number;
  data: GettingStartedData;
}

/**
 * The wizard after an event, or null when it does not move (spec part 1, 4: "after a card is
 * added, step 4; after a paid invoice, step 4 to 5 and step 6 to 7; after an IP group is created,
 * step 5 to 6; after a domain group is created at step 7, step 8 with the group stored; a custom
 * host added at step 4 reopens the wizard and goes to step 5"). A stopped wizard never moves. The
 * first domain added at step 8 is kept as domain_info, which the summary lists (spec part 1, 4
 * "the next step skips the summary when no domain_info exists").
 */
export function advance(state: WizardState, event: SetupEvent): WizardState | null {
  if (!state.show) return null;
  const at = state.step;
  const to = (step: number, data: GettingStartedData = state.data): WizardState => ({ show: true, step, data });
  switch (event.kind) {
    case 'payment_method_added':
      // Forward only: a second card later on does not take the wizard back.
      return at < STEP.hosting ? to(STEP.hosting) : null;
    case 'invoice_paid':
      if (at === STEP.hosting) return to(STEP.ipGroup);
      if (at === STEP.ipAddresses) return to(STEP.domainGroup);
      return null;
    case 'ip_group_created':
      return at === STEP.ipGroup ? to(STEP.ipAddresses, { ...state.data, ip_group: event.group }) : null;
    case 'domain_group_created':
      return at === STEP.domainGroup ? to(STEP.firstDomain, { ...state.data, domain_group: event.group }) : null;
    case 'custom_host_added':
      return at === STEP.hosting ? to(STEP.ipGroup) : null;
    case 'domains_added':
      return at === STEP.firstDomain && !state.data.domain_info?.length ? to(at, { ...state.data, domain_info: [event.first] }) : null;
  }
}

/** The to-do list's flag an event ticks (spec part 1, 3 "To-do list flags"), if any. */
export function todoFlagOf(event: SetupEvent): TodoKey | null {
  switch (event.kind) {
    case 'ip_group_created':
      return 'set_up_ip_group';
    case 'domain_group_created':
      return 'set_up_domain_group';
    case 'custom_host_added':
      return 'set_up_hosting_account';
    case 'domains_added':
      return 'set_up_domains';
    case 'invoice_paid':
      if (event.action === 'ACTIVATE_IP_ORDER') return 'set_up_add_ip_addresses';
      if (event.action === 'ACTIVATE_HOSTING_ORDER') return 'set_up_hosting_account';
      return null;
    case 'payment_method_added':
      return null;
  }
}

/**
 * Records one event for a company, in the caller's transaction: ticks the flag on the to-do list
 * of every active member (the list is kept per user, the set-up it follows is the company's),
 * and moves the company's wizard. The company row is locked so two events at once both count.
 * Locks in the one order of src/server/db/locks.ts: the company's row, then the members' rows by
 * guid. The caller's transaction should have locked the company before its own writes (the
 * lockCompany here then holds it already); ticking the members before locking the company
 * deadlocked every second domain group created at once.
 */
export async function recordSetupEvent(tx: Db, companyGuid: string, event: SetupEvent): Promise<void> {
  await lockCompany(tx, companyGuid);
  const flag = todoFlagOf(event);
  if (flag) {
    const members = tx
      .select({ guid: memberships.userGuid })
      .from(memberships)
      .where(and(eq(memberships.companyGuid, companyGuid), eq(memberships.status, 'ACTIVE')));
    // A member of two companies is ticked by both companies' events: rows locked in guid order never wait on each other in a circle.
    await tx.select({ guid: users.guid }).from(users).where(inArray(users.guid, members)).orderBy(asc(users.guid)).for('no key update');
    await tx
      .update(users)
      .set({ todoList: sql`coalesce(${users.todoList}, ${JSON.stringify(EMPTY_TODO_LIST)}::jsonb) || jsonb_build_object(${flag}::text, true)` })
      .where(inArray(users.guid, members));
  }
  const [row] = await tx
    .select({ show: companies.showGettingStarted, step: companies.gettingStartedStep, data: companies.gettingStartedData })
    .from(companies)
    .where(eq(companies.guid, companyGuid));
  if (!row) return;
  const next = advance({ show: row.show, step: row.step, data: readData(row.data) }, event);
  if (!next) return;
  await tx
    .update(companies)
    .set({ showGettingStarted: next.show, gettingStartedStep: next.step, gettingStartedData: { ...next.data } })
    .where(eq(companies.guid, companyGuid));
}

/** What the company has set up already (stepToShow in src/lib/rules/getting-started.ts passes those steps over). */
export async function setupProgress(db: Db, companyGuid: string): Promise<SetupProgress> {
  const first = <T>(rows: T[]): T | undefined => rows[0];
  const [method, account, ipGroup, address, domainGroup, domain] = await Promise.all([
    db
      .select({ guid: paymentMethods.guid })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyGuid, companyGuid), eq(paymentMethods.status, 'ACTIVE'), inArray(paymentMethods.methodType, ['CARD', 'PAYPAL'])))
      .limit(1)
      .then(first),
    db
      .select({ guid: hostingAccounts.guid })
      .from(hostingAccounts)
      .where(and(eq(hostingAccounts.companyGuid, companyGuid), eq(hostingAccounts.status, 'ACTIVE')))
      .limit(1)
      .then(first),
    db.select({ guid: ipGroups.guid }).from(ipGroups).where(eq(ipGroups.companyGuid, companyGuid)).orderBy(asc(ipGroups.dateCreated)).limit(1).then(first),
    db
      .select({ guid: ipAddresses.guid })
      .from(ipAddresses)
      .where(and(eq(ipAddresses.companyGuid, companyGuid), inArray(ipAddresses.status, [...LIVE_IP_STATUSES])))
      .limit(1)
      .then(first),
    db.select({ guid: domainGroups.guid }).from(domainGroups).where(eq(domainGroups.companyGuid, companyGuid)).orderBy(asc(domainGroups.dateCreated)).limit(1).then(first),
    db
      .select({ domain: domains.domain, ip_address: ipAddresses.ipAddress })
      .from(domains)
      .innerJoin(ipAddresses, eq(ipAddresses.guid, domains.ipAddressGuid))
      .where(and(eq(domains.companyGuid, companyGuid), isNotNull(domains.ipAddressGuid)))
      .orderBy(asc(domains.dateCreated))
      .limit(1)
      .then(first),
  ]);
  return {
    paymentMethod: Boolean(method),
    hosting: Boolean(account),
    ipGroup: ipGroup?.guid ?? null,
    ipAddresses: Boolean(address),
    domainGroup: domainGroup?.guid ?? null,
    firstDomain: domain ?? null,
  };
}

type CompanyRow = typeof companies.$inferSelect;
type WizardColumns = Partial<Pick<CompanyRow, 'showGettingStarted' | 'gettingStartedStep' | 'gettingStartedData'>>;
type WizardData = ParsedInput<typeof saveGettingStartedDataOp>['body'];

const stateOf = (row: Pick<CompanyRow, 'showGettingStarted' | 'gettingStartedStep' | 'gettingStartedData'>): GettingStartedState => ({
  show_getting_started: row.showGettingStarted,
  getting_started_step: row.gettingStartedStep,
  getting_started_data: row.gettingStartedData,
});

async function saveWizard(db: Db, companyGuid: string, values: WizardColumns): Promise<GettingStartedState> {
  const [row] = await db.update(companies).set(values).where(eq(companies.guid, companyGuid)).returning();
  return stateOf(row!);
}

/** The wizard's data as it stands, with the company's row held until the transaction ends (the one lock order). */
async function lockedWizardData(tx: Db, companyGuid: string): Promise<GettingStartedData> {
  await lockCompany(tx, companyGuid);
  const [row] = await tx.select({ data: companies.gettingStartedData }).from(companies).where(eq(companies.guid, companyGuid));
  return { ...readData(row?.data) };
}

/**
 * Shows the wizard at a step. From the payment method on, the steps the company has already done
 * are passed over: it is never asked for a card it has, nor for a group it made (stepToShow).
 */
export async function showWizardAt(db: Db, companyGuid: string, wanted: number): Promise<GettingStartedState> {
  if (wanted < STEP.paymentMethod) return saveWizard(db, companyGuid, { showGettingStarted: true, gettingStartedStep: wanted });
  return db.transaction(async (tx) => {
    const kept = await lockedWizardData(tx, companyGuid);
    const { step, data } = stepToShow(wanted, await setupProgress(tx, companyGuid), kept);
    return saveWizard(tx, companyGuid, { showGettingStarted: true, gettingStartedStep: step, gettingStartedData: { ...data } });
  });
}

/** Stopped: hidden, and a new start begins afresh (spec part 1, 4 "the step then resets to 1"). */
export const stopWizard = (db: Db, companyGuid: string) => saveWizard(db, companyGuid, { showGettingStarted: false, gettingStartedStep: STEP.welcome, gettingStartedData: {} });

/** Keeps what the wizard's steps chose: groups of the company the member may see, and the first domain. */
export async function saveWizardData(db: Db, company: CompanyContext, body: WizardData): Promise<GettingStartedState> {
  return db.transaction(async (tx) => {
    const data = await lockedWizardData(tx, company.guid);
    if (body.domain_group) {
      const [group] = await tx
        .select({ guid: domainGroups.guid })
        .from(domainGroups)
        .where(and(eq(domainGroups.guid, body.domain_group), eq(domainGroups.companyGuid, company.guid)));
      if (!group || !isAllowed(company.allowedDomainGroups, group.guid)) throw badRequest({ domain_group: 'Domain group not found.' });
    }
    if (body.ip_group) {
      const [group] = await tx
        .select({ guid: ipGroups.guid })
        .from(ipGroups)
        .where(and(eq(ipGroups.guid, body.ip_group), eq(ipGroups.companyGuid, company.guid)));
      if (!group || !isAllowed(company.allowedIpGroups, group.guid)) throw badRequest({ ip_group: 'IP group not found.' });
    }
    if (body.domain_group) data.domain_group = body.domain_group;
    if (body.ip_group) data.ip_group = body.ip_group;
    if (body.domain_info) data.domain_info = body.domain_info;
    return saveWizard(tx, company.guid, { gettingStartedData: { ...data } });
  });
}
