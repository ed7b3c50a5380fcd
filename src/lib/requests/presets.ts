import type { Api } from '../api/client';
import { call } from '../api/send';
import type {
  addPresetItemsOp,
  createPresetGroupOp,
  createPresetOp,
  deletePresetGroupOp,
  deletePresetItemOp,
  deletePresetOp,
  listPresetsOp,
  presetPickerOp,
  searchDirectoryOp,
} from '../api/presets';
import type { DirectoryQuery, PresetCreate, PresetGroupCreate, PresetItemsBody } from '../schemas/presets';

/** Where each call of this area lives: written once here, spread into its definition in ../api/presets.ts. */
export const presetRoutes = {
  presetPicker: { id: 'domains.software_presets.picker', method: 'get', path: '/domains/software_presets/list/' },
  listPresets: { id: 'domains.software_presets.list', method: 'get', path: '/domains/software_presets/' },
  createPreset: { id: 'domains.software_presets.create', method: 'post', path: '/domains/software_presets/' },
  deletePreset: { id: 'domains.software_presets.delete', method: 'delete', path: '/domains/software_presets/{id}/' },
  createPresetGroup: { id: 'domains.software_presets.groups.create', method: 'post', path: '/domains/software_presets/{id}/groups/' },
  deletePresetGroup: { id: 'domains.software_presets.groups.delete', method: 'delete', path: '/domains/software_presets/{id}/groups/{gid}/' },
  addPresetItems: { id: 'domains.software_presets.items.add', method: 'post', path: '/domains/software_presets/{id}/groups/{gid}/items/' },
  deletePresetItem: { id: 'domains.software_presets.items.delete', method: 'delete', path: '/domains/software_presets/{id}/groups/{gid}/items/{iid}/' },
  searchDirectory: { id: 'domains.software_presets.directory', method: 'get', path: '/domains/software_presets/directory/' },
} as const;

type Paging = { page?: number; per_page?: number };

/** Every preset the member may use, for pickers (the add-domains wizard). */
export const presetPicker = (api: Api) => call<typeof presetPickerOp>(api, presetRoutes.presetPicker);
export const listPresets = (api: Api, query: Paging = {}) => call<typeof listPresetsOp>(api, presetRoutes.listPresets, { query });
export const createPreset = (api: Api, body: PresetCreate) => call<typeof createPresetOp>(api, presetRoutes.createPreset, { body });
export const deletePreset = (api: Api, preset: string) => call<typeof deletePresetOp>(api, presetRoutes.deletePreset, { params: { id: preset } });
export const createPresetGroup = (api: Api, preset: string, body: PresetGroupCreate) =>
  call<typeof createPresetGroupOp>(api, presetRoutes.createPresetGroup, { params: { id: preset }, body });
export const deletePresetGroup = (api: Api, preset: string, group: string) =>
  call<typeof deletePresetGroupOp>(api, presetRoutes.deletePresetGroup, { params: { id: preset, gid: group } });
export const addPresetItems = (api: Api, preset: string, group: string, body: PresetItemsBody) =>
  call<typeof addPresetItemsOp>(api, presetRoutes.addPresetItems, { params: { id: preset, gid: group }, body });
export const deletePresetItem = (api: Api, preset: string, group: string, item: string) =>
  call<typeof deletePresetItemOp>(api, presetRoutes.deletePresetItem, { params: { id: preset, gid: group, iid: item } });
/** The plugin and theme directory the reference API serves (spec part 2, 2.9: query, page, per_page). */
export const searchDirectory = (api: Api, query: DirectoryQuery) => call<typeof searchDirectoryOp>(api, presetRoutes.searchDirectory, { query });
