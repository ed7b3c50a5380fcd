import { bulkActionOp, deleteDomainOp } from '../../lib/api/domains';
import { BULK_DONE } from '../../lib/schemas/bulk-actions';
import { implement } from '../http/operation';
import { visibleDomain } from '../services/domain-access';
import { bulkAction, deleteDomain } from '../services/domain-bulk';

/** The bulk-action modal's call and the single delete (spec part 2, 4.1, 4.5, 7.2 and 7.3). */
export const domainBulkOperations = [
  implement(bulkActionOp, async (c, { body }) => ({ message: BULK_DONE, task: await bulkAction(c, body) })),

  implement(deleteDomainOp, async (c, { params }) => {
    const d = await visibleDomain(c.var.deps.db, c.var.company, params.guid, deleteDomainOp.notFound);
    return { message: 'Domain deletion successfully scheduled!', task: await deleteDomain(c, d) };
  }),
];
