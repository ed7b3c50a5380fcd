import { and, eq, inArray, sql } from 'drizzle-orm';
import { readData, STEP, type DomainInfo, type GettingStartedData } from '../../lib/rules/getting-started';
import { EMPTY_TODO_LIST, type TodoKey } from '../../lib/rules/todo-list';
import type { Db } from '../db/connection';
import { companies, memberships, users } from '../db/schema/index';

/**
 * What happens elsewhere in the panel, the CLI or the API that moves the getting-started wizard
 * and ticks the to-do list (spec part 1, 4; part 3, 4). Each place where one happens calls
 * {@link recordSetupEvent} inside the transaction that does it, so whichever client caused it, the
 * wizard and the list move with it, and not at all when it is rolled back.
 */
export type SetupEvent =
  | { kind: 'payment_method_added' }
  /** `action` is the invoice's on_paid action (ACTIVATE_IP_ORDER, ACTIVATE_HOSTING_ORDER, ...). */
  | { kind: 'invoice_paid'; action: string | null }
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
 */
export async function recordSetupEvent(tx: Db, companyGuid: string, event: SetupEvent): Promise<void> {
  const flag = todoFlagOf(event);
  if (flag) {
    const members = tx
      .select({ guid: memberships.userGuid })
      .from(memberships)
      .where(and(eq(memberships.companyGuid, companyGuid), eq(memberships.status, 'ACTIVE')));
    await tx
      .update(users)
      .set({ todoList: sql`coalesce(${users.todoList}, ${JSON.stringify(EMPTY_TODO_LIST)}::jsonb) || jsonb_build_object(${flag}::text, true)` })
      .where(inArray(users.guid, members));
  }
  const [row] = await tx
    .select({ show: companies.showGettingStarted, step: companies.gettingStartedStep, data: companies.gettingStartedData })
    .from(companies)
    .where(eq(companies.guid, companyGuid))
    .for('update');
  if (!row) return;
  const next = advance({ show: row.show, step: row.step, data: readData(row.data) }, event);
  if (!next) return;
  await tx
    .update(companies)
    .set({ showGettingStarted: next.show, gettingStartedStep: next.step, gettingStartedData: { ...next.data } })
    .where(eq(companies.guid, companyGuid));
}
