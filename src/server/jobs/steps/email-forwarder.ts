import { and, eq } from 'drizzle-orm';
import { emailForwarders } from '../../db/schema/index';
import type { NewTaskItem } from '../store';
import type { Step } from './step';

/**
 * Email forwarders (spec part 2, 2.7, 4.1 and 7.4): creating one makes it ACTIVE, deleting one
 * removes it, each a task of one step as a provider's mail backend would carry it out.
 */
export const ADD_EMAIL_FORWARDER = 'ADD_EMAIL_FORWARDER';
export const DELETE_EMAIL_FORWARDER = 'DELETE_EMAIL_FORWARDER';
export const CREATE_EMAIL_FORWARDER = 'CREATE_EMAIL_FORWARDER';
export const REMOVE_EMAIL_FORWARDER = 'REMOVE_EMAIL_FORWARDER';

/** The forwarder travels in the payload: task items name domains, not forwarders. */
export function forwarderItems(
  action: typeof CREATE_EMAIL_FORWARDER | typeof REMOVE_EMAIL_FORWARDER,
  forwarder: { guid: string; domainGuid: string },
  emailAddress: string,
): NewTaskItem[] {
  return [{ action, domainGuid: forwarder.domainGuid, details: emailAddress, payload: { forwarder: forwarder.guid } }];
}

const forwarderOf = (payload: unknown) => (payload as { forwarder?: string }).forwarder ?? '';

/** Only a PENDING forwarder goes live: one deleted meanwhile is not brought back. */
const createForwarder: Step = {
  async run({ tx, item }) {
    await tx
      .update(emailForwarders)
      .set({ status: 'ACTIVE' })
      .where(and(eq(emailForwarders.guid, forwarderOf(item.payload)), eq(emailForwarders.status, 'PENDING')));
  },
};

const removeForwarder: Step = {
  async run({ tx, item }) {
    await tx.delete(emailForwarders).where(eq(emailForwarders.guid, forwarderOf(item.payload)));
  },
};

export const emailForwarderSteps: Record<string, Step> = { [CREATE_EMAIL_FORWARDER]: createForwarder, [REMOVE_EMAIL_FORWARDER]: removeForwarder };
