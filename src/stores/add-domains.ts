import { map } from 'nanostores';
import { z } from 'zod/mini';
import type { GroupIpAddress } from '../lib/api/domains';
import type { HostingAccount } from '../lib/api/hosting';
import type { Task } from '../lib/api/tasks';
import { ApiError } from '../lib/errors';
import { addDomains, getDomainGroup, groupIpAddresses } from '../lib/requests/domains';
import { listHostingAccounts } from '../lib/requests/hosting';
import { fieldErrors } from '../lib/schemas/auth';
import { IP_LIST_MAX, PICKER_PAGE_SIZE } from '../lib/schemas/lists';
import { DOMAIN_EMPTY, applyRowRules, domainNameSchema, domainsOfText, newDomainSchema, parseImportLines, type ImportError, type NewDomainRow } from '../lib/schemas/add-domains';
import { freeSlots as freeSlotsOf, matchWrittenAddresses, slotTaker } from '../lib/rules/address-slots';
import { api } from './api';
import { can } from './permissions';
import { presetPicker } from '../lib/requests/presets';
import { toastError } from './toasts';

/** Spec part 2, 4.6 and 8: the wizard's words when addresses run out. */
export const SOME_REMOVED = 'Some domains had to be removed due to not having enough free IP addresses!';
export const NO_ADDRESSES = 'No available IP addresses found! Please change your targeting preferences!';

/** A row of the wizard: a domain to add but for its group, which the wizard holds once. */
export interface WizardRow extends Omit<NewDomainRow, 'group'> {
  key: number;
  /** Sentences of the row's fields, from the shared schema or the server. */
  errors: Record<string, string>;
}

export type WizardResult = { ok: true; message: string; task: Task } | { ok: false; errors: string[] };

export interface WizardState {
  group: string;
  loading: boolean;
  step: 1 | 2 | 3;
  rows: WizardRow[];
  ips: GroupIpAddress[];
  accounts: HostingAccount[];
  /** The presets a row may use (spec part 2, 2.8); none without can_view_software_presets. */
  presets: { guid: string; name: string }[];
  defaultAccount: string;
  importErrors: ImportError[];
  /** SOME_REMOVED or NO_ADDRESSES after rows could not all get an address. */
  notice: string | null;
  busy: boolean;
  result: WizardResult | null;
}

const EMPTY: WizardState = {
  group: '',
  loading: false,
  step: 1,
  rows: [],
  ips: [],
  accounts: [],
  presets: [],
  defaultAccount: '',
  importErrors: [],
  notice: null,
  busy: false,
  result: null,
};

/** The Add Domains tab (spec part 2, 2.8): the editable table, review and result. */
export const $wizard = map<WizardState>(EMPTY);

let nextKey = 1;
/** One key per submission, kept across retries of it, so a repeat adds nothing twice. */
let submissionKey: string | null = null;

const isCustomHost = (account: string) => $wizard.get().accounts.find((a) => a.guid === account)?.account_type === 'CUSTOM_HOST';

/** Free slots per address, less those the rows already take. */
const freeSlots = (rows: readonly WizardRow[]): Map<string, number> =>
  freeSlotsOf(
    $wizard.get().ips,
    rows.map((r) => r.ip_address),
  );

/**
 * The addresses with no website slot left once the rows take theirs: a row may keep its own
 * but not move to one of these. One pass over the rows, shared by every row of the table.
 */
export function fullAddresses(rows: readonly WizardRow[], ips: readonly GroupIpAddress[]): Set<string> {
  const free = new Map(ips.map((ip) => [ip.guid, ip.domains_allowed - ip.domain_count]));
  for (const r of rows) {
    const left = free.get(r.ip_address);
    if (left !== undefined) free.set(r.ip_address, left - 1);
  }
  return new Set([...free].filter(([, left]) => left <= 0).map(([guid]) => guid));
}

/** Loads what the table offers for `group`; the rows stay while the group does, unless `fresh`. */
export async function startWizard(group: string, fresh = false): Promise<void> {
  if (!fresh && $wizard.get().group === group) return;
  $wizard.set({ ...EMPTY, group, loading: true });
  try {
    const [g, ips, accounts, presets] = await Promise.all([
      getDomainGroup(api, group),
      groupIpAddresses(api, group, { per_page: IP_LIST_MAX }),
      listHostingAccounts(api, { per_page: PICKER_PAGE_SIZE }),
      can('can_view_software_presets') ? presetPicker(api) : Promise.resolve({ data: [] }),
    ]);
    if ($wizard.get().group !== group) return;
    $wizard.set({
      ...$wizard.get(),
      loading: false,
      ips: ips.data,
      accounts: accounts.data.filter((a) => a.status === 'ACTIVE'),
      presets: presets.data,
      defaultAccount: g.default_hosting_account?.guid ?? '',
    });
  } catch (error) {
    $wizard.setKey('loading', false);
    toastError(error);
  }
}

type NewRow = Omit<WizardRow, 'key' | 'errors' | 'ip_address'> & { ip_address?: string };

/**
 * Appends rows, giving each without an address the next one with a free website slot; rows no
 * address is left for are dropped, and the wizard says so (spec part 2, 4.6). Domains already
 * in the table are skipped.
 */
function appendRows(incoming: readonly NewRow[]): void {
  const state = $wizard.get();
  const present = new Set(state.rows.map((r) => r.domain));
  const rows = [...state.rows];
  const free = freeSlots(rows);
  const nextFree = slotTaker(free);
  let dropped = 0;
  for (const candidate of incoming) {
    if (present.has(candidate.domain)) continue;
    const written = candidate.ip_address;
    const ip = written || nextFree();
    if (!ip) {
      dropped++;
      continue;
    }
    if (written) free.set(written, (free.get(written) ?? 0) - 1);
    present.add(candidate.domain);
    rows.push({ ...applyRowRules({ ...candidate, ip_address: ip }, isCustomHost(candidate.hosting_account)), key: nextKey++, errors: {} });
  }
  const notice = dropped === 0 ? null : rows.length === state.rows.length ? NO_ADDRESSES : SOME_REMOVED;
  $wizard.set({ ...state, rows, notice, result: null });
}

const blankRow = (domain: string): NewRow => ({
  domain,
  hosting_account: $wizard.get().defaultAccount,
  install_lets_encrypt: false,
  redirect_to_https: false,
  install_software: null,
  software_protocol: null,
  software_preset: null,
});

/** The "one domain a row" box: each new domain becomes a row of the table. */
export function addDomainNames(text: string): void {
  appendRows(domainsOfText(text).map(blankRow));
}

/**
 * The import text: every line is checked first; with any bad line nothing is added and each
 * error is shown with its line number. Addresses written in a line must be the group's, with a
 * free slot.
 */
export function importLines(text: string): boolean {
  const parsed = parseImportLines(text);
  const matched = matchWrittenAddresses(parsed.rows, $wizard.get().ips, freeSlots($wizard.get().rows));
  const errors = [...parsed.errors, ...matched.errors];
  const found: NewRow[] = [];
  for (const r of matched.rows) {
    found.push({
      ...blankRow(r.domain),
      ...(r.ipGuid ? { ip_address: r.ipGuid } : {}),
      install_lets_encrypt: r.ssl,
      redirect_to_https: r.redirectToHttps,
      install_software: r.software,
      software_protocol: r.protocol,
      software_preset: r.preset,
    });
  }
  errors.sort((a, b) => a.line - b.line);
  $wizard.setKey('importErrors', errors);
  if (errors.length) return false;
  appendRows(found);
  return true;
}

/** A change to one row, with the wizard's rules applied and the domain checked as typed. */
export function updateRow(key: number, patch: Partial<Omit<WizardRow, 'key' | 'errors'>>): void {
  const current = $wizard.get().rows;
  // Only the edited row is checked again: a keystroke costs the same with five or 5,000 rows.
  const index = current.findIndex((r) => r.key === key);
  const r = current[index];
  if (!r) return;
  const next = applyRowRules({ ...r, ...patch }, isCustomHost(patch.hosting_account ?? r.hosting_account));
  const errors = { ...r.errors };
  for (const field of Object.keys(patch)) delete errors[field];
  if ('domain' in patch) {
    const checked = z.safeParse(domainNameSchema, next.domain);
    if (!checked.success) errors.domain = checked.error.issues[0]?.message ?? DOMAIN_EMPTY;
  }
  const rows = current.slice();
  rows[index] = { ...next, errors };
  $wizard.setKey('rows', rows);
}

export function removeRow(key: number): void {
  $wizard.set({ ...$wizard.get(), rows: $wizard.get().rows.filter((r) => r.key !== key), notice: null });
}

const bodyOf = (rows: readonly WizardRow[], group: string) =>
  rows.map(({ domain, ip_address, hosting_account, install_lets_encrypt, redirect_to_https, install_software, software_protocol, software_preset }) => ({
    domain,
    ip_address,
    group,
    hosting_account,
    install_lets_encrypt,
    redirect_to_https,
    install_software,
    software_protocol,
    software_preset,
  }));

/** Step 1 to 2: every row checked with the shared schema; a bad row keeps the wizard on the table. */
export function review(): boolean {
  const state = $wizard.get();
  let bad = false;
  const rows = state.rows.map((r) => {
    const checked = z.safeParse(newDomainSchema, bodyOf([r], state.group)[0]!);
    if (checked.success) return { ...r, domain: checked.data.domain, errors: {} };
    bad = true;
    return { ...r, errors: fieldErrors(checked.error) };
  });
  if (!rows.length) return false;
  submissionKey = bad ? null : crypto.randomUUID();
  $wizard.set({ ...state, rows, step: bad ? 1 : 2 });
  return !bad;
}

/** Step 2 to 3: the submission, once; its refusals stay with their rows for Go Back. */
export async function submit(): Promise<void> {
  const state = $wizard.get();
  if (state.busy || state.step !== 2) return;
  submissionKey ??= crypto.randomUUID();
  $wizard.setKey('busy', true);
  try {
    const answer = await addDomains(api, { domains: bodyOf(state.rows, state.group) }, submissionKey);
    submissionKey = null;
    $wizard.set({ ...$wizard.get(), busy: false, step: 3, result: { ok: true, message: answer.message, task: answer.task } });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) {
      $wizard.setKey('busy', false);
      toastError(error);
      return;
    }
    submissionKey = null;
    const fields = error.body.fields ?? {};
    const rows = $wizard.get().rows.map((r, index) => {
      const errors: Record<string, string> = {};
      for (const [name, message] of Object.entries(fields)) {
        const m = /^domains\.(\d+)\.(\w+)$/.exec(name);
        if (m && Number(m[1]) === index) errors[m[2]!] = message;
      }
      return { ...r, errors };
    });
    $wizard.set({ ...$wizard.get(), busy: false, step: 3, rows, result: { ok: false, errors: error.body.errors } });
    // Someone else may have taken slots meanwhile: Go Back shows the addresses as they are now.
    await groupIpAddresses(api, state.group, { per_page: IP_LIST_MAX }).then(
      (ips) => $wizard.setKey('ips', ips.data),
      () => undefined,
    );
  }
}

/** 'Go Back' from a refused submission, or back from the review: the table with the rows as they were. */
export const backToTable = () => $wizard.set({ ...$wizard.get(), step: 1 });

/** After success: an empty table for the next domains. */
export function restart(): void {
  // The addresses' free slots changed: read them again.
  void startWizard($wizard.get().group, true);
}
