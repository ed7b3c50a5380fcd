import { DRY_RUN_DOMAIN_NOT_FOUND, DRY_RUN_GROUP_NOT_FOUND, dryRunOp } from '../../lib/api/firewall';
import { DRY_RUN_DEFAULT_DAYS, dryRunInstant } from '../../lib/schemas/firewall';
import { implement } from '../http/operation';
import { visibleDomain, visibleDomainGroup } from '../services/domain-access';
import { dryRunDomains, policyRules, replayRequests, unsavedRule } from '../services/firewall-dry-run';

/** The dry run (issue 9 "Beyond the original"; docs/decisions.md "Firewall calls"). */

const DAY_MS = 86_400_000;

export const firewallDryRunOperations = [
  implement(dryRunOp, async (c, { body }) => {
    const { db, now } = c.var.deps;
    const company = c.var.company;
    // Another company's or a hidden group's place answers 404, as naming it in a path would.
    const place = body.domain_group
      ? { group: (await visibleDomainGroup(db, company, body.domain_group, DRY_RUN_GROUP_NOT_FOUND)).guid }
      : { domain: (await visibleDomain(db, company, body.domain!, DRY_RUN_DOMAIN_NOT_FOUND)).guid };
    const rules = body.rule ? unsavedRule(body.rule.priority, body.rule.rule) : await policyRules(db, company, body.policy!);
    const { from: fromText, to: toText } = body.period;
    // Left out: the last 7 days, or the 7 days from `from`, or the 7 days up to `to`.
    const to = toText ? dryRunInstant(toText, 'to') : fromText ? dryRunInstant(fromText, 'from') + DRY_RUN_DEFAULT_DAYS * DAY_MS : now().getTime();
    const from = fromText ? dryRunInstant(fromText, 'from') : to - DRY_RUN_DEFAULT_DAYS * DAY_MS;
    const outcome = await replayRequests(db, rules, await dryRunDomains(db, company.guid, place), new Date(from), new Date(to));
    return { period: { from: new Date(from).toISOString(), to: new Date(to).toISOString() }, ...outcome };
  }),
];
