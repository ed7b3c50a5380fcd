import { atom, map } from 'nanostores';
import type { DirectoryEntry, SoftwarePreset } from '../lib/api/presets';
import type { Page } from '../lib/schemas/lists';
import { addPresetItems, createPreset, createPresetGroup, deletePreset, deletePresetGroup, deletePresetItem, listPresets, searchDirectory } from '../lib/requests/presets';
import {
  DIRECTORY_PAGE_SIZE,
  presetCreateSchema,
  presetGroupCreateSchema,
  presetItemsSchema,
  type InstallAction,
  type ItemType,
  type PresetGroupType,
  type PresetSoftware,
} from '../lib/schemas/presets';
import { api } from './api';
import { createForm } from './form';
import { createPagedList } from './paged-list';
import { toastError, toastSuccess } from './toasts';

/** The Software Presets tab (spec part 2, 2.9, 4.7, 5 and 8): the company's presets, not a group's. */

export const presetsList = createPagedList<SoftwarePreset>('software-presets', (q) => listPresets(api, q));

/** The presets whose rows are expanded to show their groups and items. */
export const $expandedPresets = atom<ReadonlySet<string>>(new Set());

export function toggleExpanded(preset: string): void {
  const next = new Set($expandedPresets.get());
  if (!next.delete(preset)) next.add(preset);
  $expandedPresets.set(next);
}

/** Reloads the page shown, or the one before when its last row went. */
async function reloadAfterDelete(): Promise<void> {
  const { answer, page } = presetsList.$list.get();
  await presetsList.load(answer && answer.data.length === 1 && page > 1 ? page - 1 : page);
}

/** Runs a delete, toasts its sentence (or its refusal) and reloads the list. */
async function removing(request: () => Promise<{ message: string }>, rowGoes: boolean): Promise<void> {
  try {
    toastSuccess((await request()).message);
    await (rowGoes ? reloadAfterDelete() : presetsList.load());
  } catch (error) {
    toastError(error);
  }
}

export const removePreset = (preset: string) => removing(() => deletePreset(api, preset), true);
export const removePresetGroup = (preset: string, group: string) => removing(() => deletePresetGroup(api, preset, group), false);
export const removePresetItem = (preset: string, group: string, item: string) => removing(() => deletePresetItem(api, preset, group, item), false);

// ---- Add Preset ------------------------------------------------------------------------------

export interface PresetValues {
  name: string;
  /** '' until chosen; WordPress is the only choice (spec part 2, 5). */
  software_name: PresetSoftware | '';
}

export const presetForm = createForm({
  schema: presetCreateSchema,
  input: (values: PresetValues) => values as { name: string; software_name: PresetSoftware },
  send: (data) => createPreset(api, data),
  successToast: (answer) => answer.message,
  onSuccess: async (answer) => {
    $expandedPresets.set(new Set([...$expandedPresets.get(), answer.preset.guid]));
    await presetsList.load(1);
  },
});

// ---- Add Group -------------------------------------------------------------------------------

/** The preset the Add Group dialog adds to. */
export const $groupTarget = atom('');

export interface GroupValues {
  name: string;
  group_type: PresetGroupType | '';
  install_action: InstallAction | '';
}

export const groupForm = createForm({
  schema: presetGroupCreateSchema,
  input: (values: GroupValues) => values as { name: string; group_type: PresetGroupType; install_action: InstallAction },
  send: (data) => createPresetGroup(api, $groupTarget.get(), data),
  successToast: (answer) => answer.message,
  onSuccess: () => presetsList.load(),
});

// ---- Add Items -------------------------------------------------------------------------------

/** The group the Add Items dialog adds to, and the type of item it holds. */
export const $itemsTarget = atom<{ preset: string; group: string; type: ItemType }>({ preset: '', group: '', type: 'PLUGIN' });

export interface DirectoryState {
  query: string;
  page: number;
  loading: boolean;
  answer: Page<DirectoryEntry> | null;
}

/** The directory search of the Add Items dialog (spec part 2, 2.9: query, page, per_page; 10 a page). */
export const $directory = map<DirectoryState>({ query: '', page: 1, loading: false, answer: null });
let latestSearch = 0;

export async function searchItems(query: string, page = 1): Promise<void> {
  const ticket = ++latestSearch;
  $directory.set({ ...$directory.get(), query, page, loading: true });
  try {
    const answer = await searchDirectory(api, { query, page, per_page: DIRECTORY_PAGE_SIZE, type: $itemsTarget.get().type });
    // A slower earlier answer must not overwrite the one asked for last.
    if (ticket === latestSearch) $directory.set({ query, page, loading: false, answer });
  } catch (error) {
    if (ticket === latestSearch) $directory.setKey('loading', false);
    toastError(error);
  }
}

/** Opens the Add Items dialog's search on `target`'s type, from its first page. */
export function startItemSearch(target: { preset: string; group: string; type: ItemType }): void {
  $itemsTarget.set(target);
  $directory.set({ query: '', page: 1, loading: false, answer: null });
  void searchItems('');
}

export interface ItemsValues {
  /** The picked entries, kept across searches and pages. */
  items: { name: string; slug: string }[];
}

export const itemsForm = createForm({
  schema: presetItemsSchema,
  send: (data) => {
    const { preset, group } = $itemsTarget.get();
    return addPresetItems(api, preset, group, data);
  },
  successToast: (answer) => answer.message,
  onSuccess: () => presetsList.load(),
});
