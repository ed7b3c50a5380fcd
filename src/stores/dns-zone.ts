import { atom } from 'nanostores';
import type { DnsZone, ZoneVersion } from '../lib/api/dns-zone';
import { ApiError, hasErrorCode } from '../lib/errors';
import { addDnsRecord, deleteDnsRecord, exportZoneFile, getDnsZone, importZoneFile, resetDnsZone, restoreDnsZone, updateDnsRecord, zoneHistory } from '../lib/requests/dns-zone';
import { countOf } from '../lib/format/words';
import { dnsRecordCreateSchema, dnsRecordUpdateSchema, importChangeWords, importNeedsConfirmation, type ZoneType } from '../lib/schemas/dns';
import { api } from './api';
import { environment } from './environment';
import { createForm } from './form';
import { toastError, toastSuccess } from './toasts';

/** The drawer's DNS Zone tab (spec part 2, 2.6): the zone, or why it is not there. */
export const $zone = atom<{ domain: string; loading: boolean; zone: DnsZone | null; unavailable: string | null }>({ domain: '', loading: false, zone: null, unavailable: null });

export async function loadZone(domain: string): Promise<void> {
  $zone.set({ domain, loading: true, zone: $zone.get().domain === domain ? $zone.get().zone : null, unavailable: null });
  try {
    const zone = await getDnsZone(api, domain);
    if ($zone.get().domain === domain) $zone.set({ domain, loading: false, zone, unavailable: null });
  } catch (error) {
    // A zone not provisioned yet is a state of the tab, not a failure to toast.
    if (error instanceof ApiError && error.status === 409) $zone.set({ domain, loading: false, zone: null, unavailable: error.body.errors[0] ?? null });
    else {
      $zone.set({ domain, loading: false, zone: null, unavailable: null });
      toastError(error);
    }
  }
}

const domain = () => $zone.get().domain;
const showZone = (answer: { zone: DnsZone }) => {
  $zone.set({ ...$zone.get(), zone: answer.zone });
  void loadHistory();
};

export const addRecordForm = createForm({
  schema: dnsRecordCreateSchema,
  send: (input) => addDnsRecord(api, domain(), input),
  successToast: (answer) => answer.message,
  onSuccess: showZone,
});

export const editRecordForm = createForm({
  schema: dnsRecordUpdateSchema,
  send: (input) => updateDnsRecord(api, domain(), input),
  successToast: (answer) => answer.message,
  onSuccess: showZone,
});

export async function removeRecord(type: ZoneType, name: string): Promise<void> {
  try {
    const answer = await deleteDnsRecord(api, domain(), type, name);
    toastSuccess(answer.message);
    showZone(answer);
  } catch (error) {
    toastError(error);
  }
}

/** The reset runs as a task; the zone is read again once it is asked for (the Tasks tab shows its steps). */
export async function resetZone(): Promise<void> {
  try {
    toastSuccess((await resetDnsZone(api, domain())).message);
  } catch (error) {
    toastError(error);
  }
}

/** The zone's history, newest first. */
export const $history = atom<{ loading: boolean; versions: ZoneVersion[]; total: number }>({ loading: false, versions: [], total: 0 });

export async function loadHistory(): Promise<void> {
  $history.set({ ...$history.get(), loading: true });
  try {
    const page = await zoneHistory(api, domain(), { per_page: 50 });
    $history.set({ loading: false, versions: page.data, total: page.total });
  } catch (error) {
    $history.set({ ...$history.get(), loading: false });
    toastError(error);
  }
}

export async function restoreVersion(version: number): Promise<void> {
  try {
    const answer = await restoreDnsZone(api, domain(), version);
    toastSuccess(answer.message);
    showZone(answer);
  } catch (error) {
    toastError(error);
  }
}

/** Downloads the zone as a BIND zone file. */
export async function downloadZoneFile(): Promise<void> {
  try {
    environment().save(await exportZoneFile(api, domain()));
  } catch (error) {
    toastError(error);
  }
}

export interface ImportPreview {
  records: number;
  added: string[];
  removed: string[];
  errors: { line: number; message: string }[];
}

export interface ImportState {
  busy: boolean;
  /** The text the preview is of: Apply sends exactly that. */
  text: string | null;
  preview: ImportPreview | null;
  /** Why the text is no zone file, a sentence a line, when the server refused it. */
  refused: string[] | null;
  /** Apply was pressed on a file that removes more records than it adds: the dialog asks first. */
  confirming: boolean;
}

const NO_IMPORT: ImportState = { busy: false, text: null, preview: null, refused: null, confirming: false };

export const $import = atom<ImportState>(NO_IMPORT);

export const resetImport = () => $import.set(NO_IMPORT);

/** The preview in a line: '1 record; 1 added, 14 removed.' */
export const importSummary = (p: ImportPreview) =>
  `${countOf(p.records, 'record')}; ${p.added.length.toLocaleString('en-US')} added, ${p.removed.length.toLocaleString('en-US')} removed.`;

/** The question asked before an import that removes more records than it adds. */
export const importQuestion = (p: ImportPreview) => `Apply the zone file? It ${importChangeWords(p)}; the history keeps the zone as it was.`;

/** What importing `text` would change, with each line that cannot be imported; nothing changes yet. */
export async function previewZoneFile(text: string): Promise<void> {
  if ($import.get().busy) return;
  $import.set({ ...NO_IMPORT, busy: true });
  try {
    const { records, added, removed, errors } = await importZoneFile(api, domain(), { zone_file: text });
    $import.set({ ...NO_IMPORT, text, preview: { records, added, removed, errors } });
  } catch (error) {
    // A text that is no zone file is an answer to show in the dialog, line by line.
    if (hasErrorCode(error, 'zone_file_unreadable')) $import.set({ ...NO_IMPORT, text, refused: error.body.errors });
    else {
      $import.set(NO_IMPORT);
      toastError(error);
    }
  }
}

/**
 * Applies the previewed text as one version of the zone; true when it was. A file that removes
 * more records than it adds first turns the dialog to its question (`confirmImport` answers it).
 */
export async function applyZoneFile(): Promise<boolean> {
  const { busy, text, preview } = $import.get();
  if (busy || text === null || !preview) return false;
  if (importNeedsConfirmation(preview)) {
    $import.set({ ...$import.get(), confirming: true });
    return false;
  }
  return sendImport(text, false);
}

/** Yes to the question: the import is applied with its removals confirmed. */
export async function confirmImport(): Promise<boolean> {
  const { busy, text, confirming } = $import.get();
  if (busy || text === null || !confirming) return false;
  return sendImport(text, true);
}

/** Back from the question to the preview. */
export const cancelImportConfirmation = () => $import.set({ ...$import.get(), confirming: false });

async function sendImport(text: string, confirmRemovals: boolean): Promise<boolean> {
  $import.set({ ...$import.get(), busy: true });
  try {
    const answer = await importZoneFile(api, domain(), { zone_file: text, apply: true, confirm_removals: confirmRemovals });
    toastSuccess(answer.message ?? '');
    if (answer.zone) showZone({ zone: answer.zone });
    resetImport();
    return true;
  } catch (error) {
    $import.set({ ...$import.get(), busy: false, confirming: false });
    toastError(error);
    return false;
  }
}
