import { atom, map } from 'nanostores';
import type { z } from 'zod/mini';
import { createExportResult, type ExportResult } from './export-file';
import { ValidationError } from '../lib/errors';
import type { RowSelectionState } from '@tanstack/react-table';
import type { IpAddress, IpGroup, IpGroupDetail, Signature } from '../lib/api/ip-addresses';
import {
  createCancellation,
  createIpGroup,
  exportIpAddresses,
  getIpGroup,
  ipBulkAction,
  listIpAddresses,
  listIpGroups,
  listSignatures,
  modifySlots,
  moveIpAddresses,
  setHttpVersion,
  updateIpAddress,
  updateIpGroup,
} from '../lib/requests/ip-addresses';
import {
  cancellationFormSchema,
  ipBulkSchema,
  ipGroupSchema,
  isSelectableIp,
  modifySlotsSchema,
  SELECT_A_FIELD,
  IP_EXPORT_FIELDS,
  moveIpsSchema,
  signatureFormSchema,
  type IpBulkAction,
  type IpExportField,
  type IpSelection,
} from '../lib/schemas/ip-addresses';
import { PICKER_PAGE_SIZE, IP_LIST_MAX, splitTags } from '../lib/schemas/lists';
import { api } from './api';
import { feedbackInput, type CancellationFeedbackValues } from './cancellation-form';
import { createForm } from './form';
import { createPagedList } from './paged-list';
import { navigate } from './router';
import { toastError, toastSuccess } from './toasts';

/** Spec part 3, 2.2: the user changes the page size; long pages draw only the rows in view. */
export const IP_PAGE_SIZES = [25, 100, 1000, 10000] as const;

/** A group's IP addresses: the group and the search tags joined by commas, paged on the server. */
export type IpFilters = { group: string; search: string };
export const ipList = createPagedList<IpAddress, IpFilters>(
  'ip-addresses',
  // No group yet (the page sets it once shown): nothing to ask, rather than every address of the company.
  (q) =>
    q.group
      ? listIpAddresses(api, { group: q.group, page: q.page, per_page: q.per_page, search: q.search ? splitTags(q.search) : undefined })
      : Promise.resolve({ data: [], page: 1, per_page: q.per_page, total: 0 }),
  { group: '', search: '' },
  25,
  IP_PAGE_SIZES,
);

/** The IP groups page. */
export const ipGroupsList = createPagedList<IpGroup>('ip-groups', (q) => listIpGroups(api, q));

/**
 * What is selected, without holding every object (docs/decisions.md "IP addresses"): some
 * addresses by guid, or every selectable one of the list as searched less the unticked.
 */
export type IpPick = { all: false; guids: RowSelectionState } | { all: true; except: RowSelectionState };
export const $pick = atom<IpPick>({ all: false, guids: {} });
export const clearPick = () => $pick.set({ all: false, guids: {} });
export const pickAll = () => $pick.set({ all: true, except: {} });

/** The table's selection of the page shown, as TanStack Table reads it. */
export function pageSelection(pick: IpPick, rows: readonly IpAddress[]): RowSelectionState {
  if (!pick.all) return pick.guids;
  return Object.fromEntries(rows.filter((r) => isSelectableIp(r) && !pick.except[r.guid]).map((r) => [r.guid, true]));
}

/** A tick or untick from the table, into the pick. */
export function changePageSelection(next: RowSelectionState, rows: readonly IpAddress[]): void {
  const pick = $pick.get();
  if (!pick.all) {
    $pick.set({ all: false, guids: next });
    return;
  }
  const except = { ...pick.except };
  for (const r of rows) {
    if (!isSelectableIp(r)) continue;
    if (next[r.guid]) delete except[r.guid];
    else except[r.guid] = true;
  }
  $pick.set({ all: true, except });
}

export const pickCount = (pick: IpPick) => (pick.all ? null : Object.keys(pick.guids).length);
export const pickIsEmpty = (pick: IpPick) => !pick.all && Object.keys(pick.guids).length === 0;

/** The selection as the calls take it: guids, or the list's filter less the unticked. */
export function selectionOf(pick: IpPick = $pick.get()): IpSelection {
  const { filters } = ipList.$list.get();
  if (pick.all) return { filter: { group: filters.group, search: splitTags(filters.search), except: Object.keys(pick.except) } };
  return { ip_addresses: Object.keys(pick.guids) };
}

/** The addresses of the page shown that are picked (the slots dialog edits these one by one). */
export function pickedRows(pick: IpPick = $pick.get()): IpAddress[] {
  const rows = ipList.$list.get().answer?.data ?? [];
  return rows.filter((r) => (pick.all ? isSelectableIp(r) && !pick.except[r.guid] : pick.guids[r.guid]));
}

/** Shows `group`'s addresses; a new group or search starts with nothing selected. */
export function showGroupIps(group: string): void {
  const { filters, answer } = ipList.$list.get();
  if (filters.group === group && answer) return;
  clearPick();
  ipList.setFilters({ group, search: filters.group === group ? filters.search : '' });
}

export function searchIps(tags: string[]): void {
  clearPick();
  ipList.setFilters({ group: ipList.$list.get().filters.group, search: tags.join(',') });
}

/** The group the page shows, with its counts. */
export const $ipGroup = atom<{ guid: string; group: IpGroupDetail | null }>({ guid: '', group: null });

export async function loadIpGroup(guid: string): Promise<void> {
  if ($ipGroup.get().guid !== guid) $ipGroup.set({ guid, group: null });
  try {
    const group = await getIpGroup(api, guid);
    if ($ipGroup.get().guid === guid) $ipGroup.set({ guid, group });
  } catch (error) {
    toastError(error);
  }
}

/** After a change: the page shown and the group's counts again. */
export async function reloadIps(): Promise<void> {
  await Promise.all([ipList.load(), $ipGroup.get().guid ? loadIpGroup($ipGroup.get().guid) : Promise.resolve()]);
}

/** Rows whose HTTP version is being switched, so a second click waits for the first. */
export const $switching = map<Record<string, boolean>>({});

/** The row's HTTP/2 toggle: the row shows the answer's version (spec part 3, 2.2). */
export async function toggleHttp2(ip: IpAddress, on: boolean): Promise<void> {
  if ($switching.get()[ip.guid]) return;
  $switching.setKey(ip.guid, true);
  try {
    const answer = await setHttpVersion(api, ip.guid, on ? 2 : 1);
    toastSuccess(answer.message);
    const list = ipList.$list.get();
    if (list.answer) ipList.$list.setKey('answer', { ...list.answer, data: list.answer.data.map((r) => (r.guid === ip.guid ? { ...r, http_version: answer.http_version } : r)) });
  } catch (error) {
    toastError(error);
  } finally {
    const { [ip.guid]: _done, ...rest } = $switching.get();
    $switching.set(rest);
  }
}

/** Bulk actions (spec part 3, 9: ENABLE_HTTP2, DISABLE_HTTP2). */
export const bulkForm = createForm({
  schema: ipBulkSchema,
  // An empty choice is what the schema answers 'Please select an action!' for.
  input: (values: { action: IpBulkAction | '' }) => ({ action: values.action as IpBulkAction, ...selectionOf() }),
  send: (body) => ipBulkAction(api, body),
  successToast: (answer) =>
    answer.skipped_shared
      ? `${answer.message} ${answer.skipped_shared} shared ${answer.skipped_shared === 1 ? 'address was' : 'addresses were'} left as they are.`
      : answer.message,
  onSuccess: () => reloadIps(),
});

/** The IP groups to move to (all but the one shown). */
export const $groupChoices = atom<IpGroup[]>([]);
export async function loadGroupChoices(): Promise<void> {
  try {
    const page = await listIpGroups(api, { per_page: PICKER_PAGE_SIZE });
    $groupChoices.set(page.data.filter((g) => g.guid !== ipList.$list.get().filters.group));
  } catch (error) {
    toastError(error);
  }
}

export const moveForm = createForm({
  schema: moveIpsSchema,
  input: (values: { destination_group: string }) => ({ action: 'MOVE' as const, destination_group: values.destination_group, ...selectionOf() }),
  send: (body) => moveIpAddresses(api, body),
  successToast: (answer) => answer.message,
  onSuccess: () => {
    clearPick();
    return reloadIps();
  },
});

export const groupSettingsForm = createForm({
  schema: ipGroupSchema,
  send: (body) => updateIpGroup(api, $ipGroup.get().guid, body),
  successToast: (answer) => answer.message,
  onSuccess: (answer) => $ipGroup.set({ guid: answer.group.guid, group: answer.group }),
});

export const addGroupForm = createForm({
  schema: ipGroupSchema,
  send: (body) => createIpGroup(api, body),
  successToast: (answer) => answer.message,
  onSuccess: () => ipGroupsList.load(),
});

export const $signatures = atom<Signature[]>([]);
export async function loadSignatures(): Promise<void> {
  if ($signatures.get().length) return;
  try {
    $signatures.set((await listSignatures(api, { per_page: IP_LIST_MAX })).data);
  } catch (error) {
    toastError(error);
  }
}

export const signatureForm = createForm({
  schema: signatureFormSchema,
  send: (body) => updateIpAddress(api, body.ip_address, { signature: body.signature }),
  successToast: (answer) => answer.message,
  onSuccess: () => ipList.load(),
});

export const cancelForm = createForm({
  schema: cancellationFormSchema,
  // The empty choices are what the schema answers its sentences for, so they go as they are.
  input: (values: CancellationFeedbackValues) => ({ ...feedbackInput(values), ...selectionOf() }) as unknown as z.input<typeof cancellationFormSchema>,
  send: ({ agree: _agree, ...body }) => createCancellation(api, body),
  successToast: (answer) => answer.message,
  onSuccess: () => {
    clearPick();
    return reloadIps();
  },
});

/** Export (spec part 3, 9) and its results. */
export interface IpExportValues {
  fields: IpExportField[];
  sort_field: IpExportField;
  sort_dir: 'ASC' | 'DESC';
  output_type: 'CSV' | 'JSON';
  /** Only the selection (when something is selected); otherwise the list as searched. */
  only_selected: boolean;
}

const ipExportFile = createExportResult();
export const $ipExportResult = ipExportFile.$result;

export const exportForm = createForm<z.ZodMiniType, ExportResult, IpExportValues>({
  send: async (_data, values) => {
    if (!values.fields.length) throw new ValidationError({ fields: SELECT_A_FIELD });
    const { filters } = ipList.$list.get();
    const pick = $pick.get();
    const selection = values.only_selected && !pickIsEmpty(pick) ? selectionOf(pick) : null;
    const fields = IP_EXPORT_FIELDS.filter((f) => values.fields.includes(f));
    const file = await exportIpAddresses(api, {
      group: filters.group,
      fields,
      sort_field: values.sort_field,
      sort_dir: values.sort_dir,
      output_type: values.output_type,
      ...(selection ?? {}),
      ...(selection ? {} : { search: splitTags(filters.search) }),
    });
    return ipExportFile.keep(file, values.output_type, fields);
  },
});

/** Modify website slots: the picked addresses of the page shown and their new counts. */
export interface SlotValues {
  rows: IpAddress[];
  slots: Record<string, number>;
}

export const slotsForm = createForm({
  schema: modifySlotsSchema,
  // Only the addresses whose count changed; none left is 'Please change at least one IP address!'.
  input: (values: SlotValues) => ({
    ip_addresses: values.rows.filter((r) => (values.slots[r.guid] ?? r.domains_allowed) !== r.domains_allowed).map((r) => ({ ip_address: r.guid, value: values.slots[r.guid]! })),
  }),
  send: (body) => modifySlots(api, body),
  successToast: (answer) => answer.message,
  // Spec part 3, 4 "Website slots": with an invoice the user goes to it.
  onSuccess: (answer) => (answer.invoice_id ? navigate(`/billing/invoices/${answer.invoice_id}`) : reloadIps()),
});
