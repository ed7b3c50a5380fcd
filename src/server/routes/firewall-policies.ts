import { createPolicyOp, deletePoliciesOp, deletePolicyOp, getPolicyOp, listPoliciesOp, policyHistoryOp, restorePolicyOp, updatePolicyOp } from '../../lib/api/firewall';
import { POLICIES_DELETED, POLICY_CREATED, POLICY_DELETED, POLICY_RESTORED, POLICY_UPDATED } from '../../lib/schemas/firewall';
import { implement } from '../http/operation';
import { historyOf, policyStore } from '../services/firewall-kinds';
import { companyPolicy, policyAnswer } from '../services/firewall-objects';
import { createPolicy, deletePolicies, deletePolicy, policiesPage, restorePolicy, updatePolicy } from '../services/firewall-policies';

/** The Policies tab and its dialog (spec part 2, 2.10, 5 "Firewall policy" and 7.6), with each policy's history. */
export const firewallPolicyOperations = [
  implement(listPoliciesOp, async (c, { query }) => policiesPage(c.var.deps.db, c.var.company, query)),

  implement(createPolicyOp, async (c, { body }) => ({ message: POLICY_CREATED, policy: await policyAnswer(c.var.deps.db, c.var.company, await createPolicy(c, body)) })),

  implement(getPolicyOp, async (c, { params }) => policyAnswer(c.var.deps.db, c.var.company, await companyPolicy(c.var.deps.db, c.var.company, params.guid, getPolicyOp.notFound))),

  implement(updatePolicyOp, async (c, { params, body }) => ({
    message: POLICY_UPDATED,
    policy: await policyAnswer(c.var.deps.db, c.var.company, await updatePolicy(c, params.guid, body, updatePolicyOp.notFound)),
  })),

  implement(deletePolicyOp, async (c, { params }) => {
    await deletePolicy(c, params.guid, deletePolicyOp.notFound);
    return { message: POLICY_DELETED };
  }),

  implement(deletePoliciesOp, async (c, { body }) => ({ message: POLICIES_DELETED, deleted: await deletePolicies(c, body.policies) })),

  implement(policyHistoryOp, (c, { params, query }) => historyOf(c.var.deps.db, policyStore, c.var.company.guid, params.guid, query, policyHistoryOp.notFound)),

  implement(restorePolicyOp, async (c, { params }) => ({
    message: POLICY_RESTORED,
    policy: await policyAnswer(c.var.deps.db, c.var.company, await restorePolicy(c, params.guid, params.version, restorePolicyOp.notFound)),
  })),
];
