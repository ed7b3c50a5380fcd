import { createDomainGroupOp, deleteDomainGroupOp, getDomainGroupOp, groupExpiringOp, groupIpAddressesOp, listDomainGroupsOp, updateDomainGroupOp } from '../../lib/api/domains';
import { implement } from '../http/operation';
import { visibleDomainGroup } from '../services/domain-access';
import { createDomainGroup, deleteDomainGroup, domainGroupsPage, expiringCount, groupAnswers, groupIpAddressesPage, updateDomainGroup } from '../services/domain-groups';

/** Domain groups (spec part 2, 2.2, 2.3 and 7.1). */
export const domainGroupOperations = [
  implement(listDomainGroupsOp, async (c, { query }) => domainGroupsPage(c.var.deps.db, c.var.company, query)),

  implement(createDomainGroupOp, async (c, { body }) => ({ message: 'Domain group successfully added!', group: await createDomainGroup(c.var.deps.db, c.var.company, body) })),

  implement(getDomainGroupOp, async (c, { params }) => {
    const { db } = c.var.deps;
    const row = await visibleDomainGroup(db, c.var.company, params.guid, getDomainGroupOp.notFound);
    return (await groupAnswers(db, [row]))[0]!;
  }),

  implement(updateDomainGroupOp, async (c, { params, body }) => ({
    message: 'Group successfully updated!',
    group: await updateDomainGroup(c.var.deps.db, c.var.company, params.guid, body, updateDomainGroupOp.notFound),
  })),

  implement(deleteDomainGroupOp, async (c, { params }) => {
    await deleteDomainGroup(c.var.deps.db, c.var.company, params.guid, deleteDomainGroupOp.notFound);
    return { message: 'Domain group successfully deleted!' };
  }),

  implement(groupIpAddressesOp, async (c, { params, query }) => {
    const { db } = c.var.deps;
    const group = await visibleDomainGroup(db, c.var.company, params.guid, groupIpAddressesOp.notFound);
    return groupIpAddressesPage(db, c.var.company, group, query);
  }),

  implement(groupExpiringOp, async (c, { params }) => {
    const { db, now } = c.var.deps;
    const group = await visibleDomainGroup(db, c.var.company, params.guid, groupExpiringOp.notFound);
    return { expiring_domains: await expiringCount(db, group.guid, now()) };
  }),
];
