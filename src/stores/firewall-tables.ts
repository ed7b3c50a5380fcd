import type { FirewallStatus } from '../lib/firewall/constants';
import type { FirewallPolicyAnswer, FirewallRuleAnswer, FirewallRulesetAnswer } from '../lib/api/firewall';
import {
  deletePolicies,
  deletePolicy,
  deleteRule,
  deleteRules,
  deleteRuleset,
  deleteRulesets,
  listPolicies,
  listRules,
  listRulesets,
  policyHistory,
  restorePolicy,
  restoreRule,
  restoreRuleset,
  ruleHistory,
  rulesetHistory,
  setRuleStatus,
  updatePolicy,
  updateRuleset,
} from '../lib/requests/firewall';
import type { Page } from '../lib/schemas/lists';
import { api } from './api';
import type { FirewallHistoryCalls } from './firewall-history';
import { createPagedList, type PagedList } from './paged-list';
import { toastError, toastSuccess } from './toasts';

/** What each firewall tab's table does with its rows (spec part 2, 2.10 and 4.3): the same for rules, policies and rulesets. */
export interface FirewallTable<T extends FirewallRow> {
  list: PagedList<T, Record<string, never>>;
  /** The ACTIVE/DISABLED switch, optimistic: the row changes at once and goes back, the server's sentence toasted, on a refusal. */
  switchStatus(row: FirewallRow, status: FirewallStatus): Promise<void>;
  /** Deletes one row; true when it went. */
  remove(guid: string): Promise<boolean>;
  /** Deletes the selected rows in one call (all or none, docs/decisions.md "Firewall calls"); true when they went. */
  removeMany(guids: string[]): Promise<boolean>;
}

export interface FirewallRow {
  guid: string;
  status: FirewallStatus;
}

export interface FirewallTableCalls<T> {
  list: (query: { page: number; per_page: number }) => Promise<Page<T>>;
  /** The status call's sentence and the row as the server now has it. */
  setStatus: (guid: string, status: FirewallStatus) => Promise<{ message: string; row: T }>;
  remove: (guid: string) => Promise<{ message: string }>;
  removeMany: (guids: string[]) => Promise<{ message: string }>;
}

export function createFirewallTable<T extends FirewallRow>(name: string, calls: FirewallTableCalls<T>): FirewallTable<T> {
  const list = createPagedList<T>(name, calls.list);

  /** Puts one row's status into the page shown, without asking the server. */
  function showStatus(guid: string, status: FirewallStatus): void {
    const { answer } = list.$list.get();
    if (answer) list.$list.setKey('answer', { ...answer, data: answer.data.map((row) => (row.guid === guid ? { ...row, status } : row)) });
  }

  /** Reloads the page shown, or the one before when all its rows went. */
  async function reloadAfterDelete(removed: number): Promise<void> {
    const { answer, page } = list.$list.get();
    await list.load(answer && answer.data.length <= removed && page > 1 ? page - 1 : page);
  }

  async function deleting(request: () => Promise<{ message: string }>, removed: number): Promise<boolean> {
    try {
      toastSuccess((await request()).message);
      await reloadAfterDelete(removed);
      return true;
    } catch (error) {
      toastError(error);
      return false;
    }
  }

  return {
    list,
    async switchStatus(row, status) {
      const before = row.status;
      showStatus(row.guid, status);
      try {
        const answer = await calls.setStatus(row.guid, status);
        showStatus(row.guid, answer.row.status);
        toastSuccess(answer.message);
      } catch (error) {
        showStatus(row.guid, before);
        toastError(error);
      }
    },
    remove: (guid) => deleting(() => calls.remove(guid), 1),
    removeMany: (guids) => deleting(() => calls.removeMany(guids), guids.length),
  };
}

/** The Rules tab of /firewall (spec part 2, 2.10): the company's rules, paged by the server. */
export const rulesTable = createFirewallTable<FirewallRuleAnswer>('firewall-rules', {
  list: (q) => listRules(api, q),
  setStatus: async (guid, status) => {
    const answer = await setRuleStatus(api, guid, { status });
    return { message: answer.message, row: answer.rule };
  },
  remove: (guid) => deleteRule(api, guid),
  removeMany: (guids) => deleteRules(api, guids),
});

/** A rule's history and restore (issue 9 "History"), from the Rules tab's rows and the rule form. */
export const ruleHistoryCalls: FirewallHistoryCalls = {
  history: (guid, q) => ruleHistory(api, guid, q),
  restore: (guid, version) => restoreRule(api, guid, version),
};

/** The Rulesets tab (spec part 2, 2.10). */
export const rulesetsTable = createFirewallTable<FirewallRulesetAnswer>('firewall-rulesets', {
  list: (q) => listRulesets(api, q),
  setStatus: async (guid, status) => {
    const answer = await updateRuleset(api, guid, { status });
    return { message: answer.message, row: answer.ruleset };
  },
  remove: (guid) => deleteRuleset(api, guid),
  removeMany: (guids) => deleteRulesets(api, guids),
});

/** A ruleset's history and restore, from the Rulesets tab's rows. */
export const rulesetHistoryCalls: FirewallHistoryCalls = {
  history: (guid, q) => rulesetHistory(api, guid, q),
  restore: (guid, version) => restoreRuleset(api, guid, version),
};

/** The Policies tab (spec part 2, 2.10). */
export const policiesTable = createFirewallTable<FirewallPolicyAnswer>('firewall-policies', {
  list: (q) => listPolicies(api, q),
  setStatus: async (guid, status) => {
    const answer = await updatePolicy(api, guid, { status });
    return { message: answer.message, row: answer.policy };
  },
  remove: (guid) => deletePolicy(api, guid),
  removeMany: (guids) => deletePolicies(api, guids),
});

/** A policy's history and restore, from the Policies tab's rows. */
export const policyHistoryCalls: FirewallHistoryCalls = {
  history: (guid, q) => policyHistory(api, guid, q),
  restore: (guid, version) => restorePolicy(api, guid, version),
};
