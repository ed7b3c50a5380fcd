import { atom } from 'nanostores';
import type { DnsZone, ZoneVersion } from '../lib/api/dns-zone';
import { ApiError } from '../lib/errors';
import { addDnsRecord, deleteDnsRecord, exportZoneFile, getDnsZone, importZoneFile, resetDnsZone, restoreDnsZone, updateDnsRecord, zoneHistory } from '../lib/requests/dns-zone';
import { dnsRecordCreateSchema, dnsRecordUpdateSchema, type ZoneType } from '../lib/schemas/dns';
import { api } from './api';
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
    const file = await exportZoneFile(api, domain());
    const url = URL.createObjectURL(new Blob([file.body], { type: file.contentType }));
    const link = Object.assign(document.createElement('a'), { href: url, download: file.filename });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    toastError(error);
  }
}

export interface ImportState {
  busy: boolean;
  /** The text the preview is of: Apply sends exactly that. */
  text: string | null;
  preview: { records: number; added: string[]; removed: string[]; errors: { line: number; message: string }[] } | null;
}

export const $import = atom<ImportState>({ busy: false, text: null, preview: null });

export const resetImport = () => $import.set({ busy: false, text: null, preview: null });

/** What importing `text` would change, with each line that cannot be imported; nothing changes yet. */
export async function previewZoneFile(text: string): Promise<void> {
  if ($import.get().busy) return;
  $import.set({ busy: true, text: null, preview: null });
  try {
    const { records, added, removed, errors } = await importZoneFile(api, domain(), { zone_file: text });
    $import.set({ busy: false, text, preview: { records, added, removed, errors } });
  } catch (error) {
    $import.set({ busy: false, text: null, preview: null });
    toastError(error);
  }
}

/** Applies the previewed text as one version of the zone; true when it was. */
export async function applyZoneFile(): Promise<boolean> {
  const { busy, text } = $import.get();
  if (busy || text === null) return false;
  $import.set({ ...$import.get(), busy: true });
  try {
    const answer = await importZoneFile(api, domain(), { zone_file: text, apply: true });
    toastSuccess(answer.message ?? '');
    if (answer.zone) showZone({ zone: answer.zone });
    resetImport();
    return true;
  } catch (error) {
    $import.set({ ...$import.get(), busy: false });
    toastError(error);
    return false;
  }
}
