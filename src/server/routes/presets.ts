import {
  addPresetItemsOp,
  createPresetGroupOp,
  createPresetOp,
  deletePresetGroupOp,
  deletePresetItemOp,
  deletePresetOp,
  listPresetsOp,
  presetPickerOp,
  PRESET_GROUP_NOT_FOUND,
  PRESET_NOT_FOUND,
  searchDirectoryOp,
} from '../../lib/api/presets';
import { PRESET_CREATED, PRESET_DELETED, PRESET_GROUP_CREATED, PRESET_GROUP_DELETED, PRESET_ITEM_DELETED, PRESET_ITEMS_ADDED } from '../../lib/schemas/presets';
import { implement } from '../http/operation';
import { searchDirectory } from '../services/plugin-directory';
import { addPresetItems, createPreset, createPresetGroup, deletePreset, deletePresetGroup, deletePresetItem, presetPicker, presetsPage } from '../services/presets';

/** The Software Presets tab and the wizard's preset picker (spec part 2, 2.9, 4.7, 6 and 7.5). */
export const presetOperations = [
  implement(presetPickerOp, async (c) => ({ data: await presetPicker(c.var.deps.db, c.var.company) })),

  implement(listPresetsOp, async (c, { query }) => presetsPage(c.var.deps.db, c.var.company, query)),

  implement(createPresetOp, async (c, { body }) => ({ message: PRESET_CREATED, preset: await createPreset(c.var.deps.db, c.var.company, body, c.var.deps.now()) })),

  implement(deletePresetOp, async (c, { params }) => {
    await deletePreset(c.var.deps.db, c.var.company, params.id, PRESET_NOT_FOUND);
    return { message: PRESET_DELETED };
  }),

  implement(createPresetGroupOp, async (c, { params, body }) => {
    const group = await createPresetGroup(c.var.deps.db, c.var.company, params.id, body, c.var.deps.now(), PRESET_NOT_FOUND);
    return { message: PRESET_GROUP_CREATED, guid: group.guid, group };
  }),

  implement(deletePresetGroupOp, async (c, { params }) => {
    await deletePresetGroup(c.var.deps.db, c.var.company, params.id, params.gid, PRESET_GROUP_NOT_FOUND);
    return { message: PRESET_GROUP_DELETED };
  }),

  implement(addPresetItemsOp, async (c, { params, body }) => ({
    message: PRESET_ITEMS_ADDED,
    ...(await addPresetItems(c.var.deps.db, c.var.company, params.id, params.gid, body, c.var.deps.now(), PRESET_GROUP_NOT_FOUND)),
  })),

  implement(deletePresetItemOp, async (c, { params }) => {
    await deletePresetItem(c.var.deps.db, c.var.company, params.id, params.gid, params.iid);
    return { message: PRESET_ITEM_DELETED };
  }),

  implement(searchDirectoryOp, async (_c, { query }) => searchDirectory(query)),
];
