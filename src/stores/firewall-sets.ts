import { map, type MapStore } from 'nanostores';
import type { FirewallPolicyAnswer, FirewallRulesetAnswer } from '../lib/api/firewall';
import { listDomainGroups, listDomains } from '../lib/requests/domains';
import { createPolicy, createRuleset, listRules, listRulesets, updatePolicy, updateRuleset } from '../lib/requests/firewall';
import { POLICY_SCOPES, RULE_SCOPES, RULESET_SCOPES } from '../lib/rules/firewall-tabs';
import { MAX_SELECTED, policyCreateSchema, rulesetCreateSchema } from '../lib/schemas/firewall';
import { PICKER_PAGE_SIZE, type Page } from '../lib/schemas/lists';
import { api } from './api';
import { policiesTable, rulesetsTable } from './firewall-tables';
import { createForm } from './form';
import { $permissions, can } from './permissions';
import { toastError } from './toasts';

/** One choice of a picker: what is sent and what is shown. */
export interface Choice {
  value: string;
  label: string;
}

/** The firewall lists' page cap (`firewallListQuery`, pagingSchema(100) in src/lib/schemas/firewall.ts). */
export const FIREWALL_PAGE_MAX = 100;
/** A picker offers at most this many rules or rulesets: as many as one selection may hold (MAX_SELECTED). */
export const FIREWALL_CHOICES_MAX = MAX_SELECTED;
/** How many domains one search shows: the domain picker searches the server, it never loads them all. */
export const DOMAIN_MATCHES = 50;

const refChoices = (refs: readonly { guid: string; name: string }[]): Choice[] => refs.map((r) => ({ value: r.guid, label: r.name }));
const domainChoices = (refs: readonly { guid: string; domain: string }[]): Choice[] => refs.map((d) => ({ value: d.guid, label: d.domain }));

/** The ruleset dialog's fields (spec part 2, 5 "Ruleset"); `guid` is '' for a new one. */
export interface RulesetValues {
  guid: string;
  name: string;
  rules: string[];
}

export const NEW_RULESET: RulesetValues = { guid: '', name: '', rules: [] };

/** A saved ruleset as its dialog opens. */
export const rulesetValuesOf = (r: FirewallRulesetAnswer): RulesetValues => ({ guid: r.guid, name: r.name, rules: r.rules.map((x) => x.guid) });

/** What a saved ruleset's picker shows for the rules it holds, before the choices load (or when they cannot). */
export const rulesetPickedOf = (r: FirewallRulesetAnswer) => ({ rules: refChoices(r.rules) });

/** The policy dialog's fields (spec part 2, 5 "Firewall policy"); the priority as typed; `guid` is '' for a new one. */
export interface PolicyValues {
  guid: string;
  name: string;
  priority: string;
  rulesets: string[];
  rules: string[];
  domain_groups: string[];
  domains: string[];
}

export const NEW_POLICY: PolicyValues = { guid: '', name: '', priority: '', rulesets: [], rules: [], domain_groups: [], domains: [] };

/** A saved policy as its dialog opens. */
export const policyValuesOf = (p: FirewallPolicyAnswer): PolicyValues => ({
  guid: p.guid,
  name: p.name,
  priority: String(p.priority),
  rulesets: p.rulesets.map((x) => x.guid),
  rules: p.rules.map((x) => x.guid),
  domain_groups: p.domain_groups.map((x) => x.guid),
  domains: p.domains.map((x) => x.guid),
});

/** The labels of what a saved policy holds: a domain picker shows only its search's matches, so the picked ones are named here. */
export const policyPickedOf = (p: FirewallPolicyAnswer) => ({
  rulesets: refChoices(p.rulesets),
  rules: refChoices(p.rules),
  domain_groups: refChoices(p.domain_groups),
  domains: domainChoices(p.domains),
});

/**
 * Which object a tab's dialog opens on (null: a new one). `pending` is an opening asked for and
 * not yet taken by the dialog, so a dialog mounted again (the tab left and shown again) stays shut.
 */
export interface SetEditor<T> {
  pending: boolean;
  /** Asked for once at least: the tab renders the dialog (and loads its code) from then on. */
  used: boolean;
  editing: T | null;
}

/** Asks a tab's dialog to open on `editing`. */
const ask = <T>(editor: MapStore<SetEditor<T>>, editing: T | null) => editor.set({ pending: true, used: true, editing });

/**
 * Takes the opening asked for, if any: true once per ask. The dialog opens after the render that
 * took the new object, so its form starts from that object's values.
 */
export function takeOpening<T>(editor: MapStore<SetEditor<T>>): boolean {
  if (!editor.get().pending) return false;
  editor.setKey('pending', false);
  return true;
}

/**
 * The Rulesets tab's one dialog, opened by Add Ruleset or a row's name: one per tab, not one per
 * row, so a reload after saving (the row may move to another page) does not take it away.
 */
export const $rulesetEditor = map<SetEditor<FirewallRulesetAnswer>>({ pending: false, used: false, editing: null });
export const openRulesetDialog = (ruleset: FirewallRulesetAnswer | null) => ask($rulesetEditor, ruleset);

/** The Policies tab's one dialog, as the rulesets'. */
export const $policyEditor = map<SetEditor<FirewallPolicyAnswer>>({ pending: false, used: false, editing: null });
export const openPolicyDialog = (policy: FirewallPolicyAnswer | null) => ask($policyEditor, policy);

/** Adds (no guid) or edits a ruleset through the shared schema; the table shows the change. */
export const rulesetForm = createForm({
  schema: rulesetCreateSchema,
  input: (v: RulesetValues) => ({ name: v.name, rules: v.rules }),
  send: (body, values) => (values.guid ? updateRuleset(api, values.guid, body) : createRuleset(api, body)),
  successToast: (answer) => answer.message,
  onSuccess: () => rulesetsTable.list.load(),
});

/** Adds or edits a policy; the schema reads the typed priority as a number (spec part 2, 5 and 9: 0-9999). */
export const policyForm = createForm({
  schema: policyCreateSchema,
  input: ({ guid: _guid, ...fields }: PolicyValues) => fields,
  send: (body, values) => (values.guid ? updatePolicy(api, values.guid, body) : createPolicy(api, body)),
  successToast: (answer) => answer.message,
  onSuccess: () => policiesTable.list.load(),
});

/**
 * Every row of a paged list, page by page, up to `max` rows (a list the schema caps per page).
 * `more` says the list holds rows past `max`.
 */
export async function loadPages<T>(list: (query: { page: number; per_page: number }) => Promise<Page<T>>, perPage: number, max: number): Promise<{ rows: T[]; more: boolean }> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await list({ page, per_page: perPage });
    rows.push(...answer.data);
    if (rows.length >= max) return { rows: rows.slice(0, max), more: answer.total > max };
    if (!answer.data.length || rows.length >= answer.total) return { rows, more: false };
  }
}

export interface SetChoices {
  loading: boolean;
  rules: Choice[];
  rulesets: Choice[];
  domain_groups: Choice[];
  /** Lists holding more than the picker offers (their first FIREWALL_CHOICES_MAX are offered). */
  more: { rules: boolean; rulesets: boolean };
}

/** The rules, rulesets and domain groups the dialogs offer, loaded when one opens. */
export const $setChoices = map<SetChoices>({ loading: false, rules: [], rulesets: [], domain_groups: [], more: { rules: false, rulesets: false } });

const nothing = { rows: [], more: false };

/**
 * Loads what a dialog offers: the ruleset dialog the rules, the policy dialog the rulesets, rules
 * and domain groups. A list the person may not view stays empty (its picker shows only what the
 * saved object holds).
 */
export async function loadSetChoices(dialog: 'ruleset' | 'policy'): Promise<void> {
  const permissions = $permissions.get();
  $setChoices.setKey('loading', true);
  try {
    const [rules, rulesets, groups] = await Promise.all([
      can(RULE_SCOPES.view, permissions) ? loadPages((q) => listRules(api, q), FIREWALL_PAGE_MAX, FIREWALL_CHOICES_MAX) : nothing,
      dialog === 'policy' && can(RULESET_SCOPES.view, permissions) ? loadPages((q) => listRulesets(api, q), FIREWALL_PAGE_MAX, FIREWALL_CHOICES_MAX) : nothing,
      dialog === 'policy' && can(['can_view_domains'], permissions) ? loadPages((q) => listDomainGroups(api, q), PICKER_PAGE_SIZE, PICKER_PAGE_SIZE) : nothing,
    ]);
    $setChoices.set({
      loading: false,
      rules: refChoices(rules.rows),
      rulesets: refChoices(rulesets.rows),
      domain_groups: refChoices(groups.rows),
      more: { rules: rules.more, rulesets: rulesets.more },
    });
  } catch (error) {
    $setChoices.setKey('loading', false);
    toastError(error);
  }
}

export interface DomainMatches {
  loading: boolean;
  /** The text searched for; '' shows the first domains by name. */
  text: string;
  matches: Choice[];
  /** How many domains match in all (more than `matches` holds when past DOMAIN_MATCHES). */
  total: number;
}

export const $domainMatches = map<DomainMatches>({ loading: false, text: '', matches: [], total: 0 });

/**
 * Searches the company's domains for the policy dialog's picker through the domain list's own
 * search (its tags match the domain, its address or its hosting account), the first
 * DOMAIN_MATCHES by name. Each keystroke asks; an answer overtaken by a later search is dropped.
 */
export async function searchDomainChoices(text: string): Promise<void> {
  if (!can(['can_view_domains', ...POLICY_SCOPES.view], $permissions.get())) return;
  const search = text.trim();
  $domainMatches.set({ ...$domainMatches.get(), loading: true, text: search });
  try {
    const answer = await listDomains(api, { page: 1, per_page: DOMAIN_MATCHES, ...(search ? { search: [search] } : {}) });
    if ($domainMatches.get().text !== search) return;
    $domainMatches.set({ loading: false, text: search, matches: domainChoices(answer.data), total: answer.total });
  } catch (error) {
    if ($domainMatches.get().text === search) $domainMatches.setKey('loading', false);
    toastError(error);
  }
}

/** The sentence of a list field: its own, or the first about one of its entries (`rules.2`: a rule gone since the dialog opened). */
export function listFieldError(errors: Readonly<Record<string, string>>, name: string): string | undefined {
  return errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];
}
