import { DNS_ZONE_RESET_DONE, resetDnsZoneOp } from '../../lib/api/dns-zone';
import { listGroupTasksOp } from '../../lib/api/tasks';
import { implement } from '../http/operation';
import { groupTasksPage, resetDnsZone } from '../services/group-tasks';

/** The group Tasks tab and the DNS zone reset (its first kind of task); the live stream is task-events.ts. */
export const taskOperations = [
  /** Spec part 2, 2.7 "Group Tasks tab" and 7.1. */
  implement(listGroupTasksOp, async (c, { params, query }) => groupTasksPage(c.var.deps.db, c.var.company, params.guid, query, listGroupTasksOp.notFound)),

  /** Spec part 2, 2.6 and 7.4. */
  implement(resetDnsZoneOp, async (c, { params }) => ({ message: DNS_ZONE_RESET_DONE, task: await resetDnsZone(c, params.guid, resetDnsZoneOp.notFound) })),
];
