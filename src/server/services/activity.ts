import type { Context } from 'hono';
import type { AppEnv } from '../context';
import type { Db } from '../db/connection';
import { activityLogs } from '../db/schema/index';

export interface ActivityInput {
  /** What was done, as the Logs tab's sentence reads it: 'created', 'deleted', 'updated the name of'... */
  verb: string;
  /** The object's name as shown (a domain name, a user's full name). */
  object?: string | null;
  /** One of the object types of spec part 1, 3 (domain, user, group, invoice, ...). */
  objectType?: string | null;
  objectGuid?: string | null;
  /** Optional 'for' part of the sentence. */
  target?: string | null;
  targetType?: string | null;
  /** The company the write belongs to; defaults to the request's company, null for account-only writes. */
  companyGuid?: string | null;
}

/**
 * Records one write of the API in the activity log, with the actor, address and user agent
 * of the request. Call it inside the write's transaction (pass the transaction as `db`) so a
 * failed write leaves no log row behind.
 */
export async function recordActivity(c: Context<AppEnv>, input: ActivityInput, db: Db = c.var.deps.db): Promise<void> {
  const viewer = c.var.viewer;
  const company = c.get('company') as AppEnv['Variables']['company'] | undefined;
  await db.insert(activityLogs).values({
    companyGuid: input.companyGuid === undefined ? (company?.guid ?? null) : input.companyGuid,
    actorGuid: viewer?.userGuid ?? null,
    actorFirstName: viewer?.firstName ?? '',
    actorLastName: viewer?.lastName ?? '',
    actorUserType: viewer?.userKind === 'API_USER' ? 'API_USER' : (company?.accountType ?? 'USER'),
    verb: input.verb,
    actionObject: input.object ?? null,
    actionObjectType: input.objectType ?? null,
    actionObjectGuid: input.objectGuid ?? null,
    target: input.target ?? null,
    targetType: input.targetType ?? null,
    ipAddress: c.var.ip,
    userAgent: c.var.userAgent,
    dateCreated: c.var.deps.now(),
  });
}
