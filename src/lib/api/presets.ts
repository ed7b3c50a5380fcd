import { z } from 'zod';
import { presetRoutes } from '../requests/presets';
import { pagingSchema } from '../schemas/lists';
import { directoryQuerySchema, INSTALL_ACTIONS, ITEM_TYPES, PRESET_GROUP_TYPES, presetCreateSchema, presetGroupCreateSchema, presetItemsSchema } from '../schemas/presets';
import { defineOperation, guidParam, messageAnswer, pageOf } from './define';

/**
 * Software presets: the group page's Software Presets tab and the add-domains wizard's picker
 * (spec part 2, 2.9, 3, 4.7, 6 and 7.5). Presets are the company's; a membership limited to
 * some presets (allowed_software_presets) sees only those.
 */

export const PRESET_NOT_FOUND = 'Software preset not found.';
export const PRESET_GROUP_NOT_FOUND = 'Software preset group not found.';
export const PRESET_ITEM_NOT_FOUND = 'Software preset group item not found.';

/** Spec part 2, 3 "Preset item". */
export const presetItem = z
  .object({ guid: z.guid(), name: z.string(), slug: z.string(), item_type: z.enum(ITEM_TYPES), date_created: z.iso.datetime() })
  .meta({ id: 'SoftwarePresetItem' });
export type PresetItem = z.infer<typeof presetItem>;

/** Spec part 2, 3 "Preset group", with its creation date. */
export const presetGroup = z
  .object({
    guid: z.guid(),
    name: z.string(),
    group_type: z.enum(PRESET_GROUP_TYPES),
    install_action: z.enum(INSTALL_ACTIONS),
    date_created: z.iso.datetime(),
    items: z.array(presetItem),
  })
  .meta({ id: 'SoftwarePresetGroup' });
export type PresetGroup = z.infer<typeof presetGroup>;

/** Spec part 2, 3 "Software preset": its groups oldest first, each with its items by name. */
export const softwarePreset = z
  .object({ guid: z.guid(), name: z.string(), software_name: z.string(), date_created: z.iso.datetime(), groups: z.array(presetGroup) })
  .meta({ id: 'SoftwarePreset' });
export type SoftwarePreset = z.infer<typeof softwarePreset>;

/** An entry of the plugin and theme directory (what wordpress.org's directory tells of one). */
export const directoryEntry = z
  .object({
    name: z.string(),
    slug: z.string(),
    item_type: z.enum(ITEM_TYPES),
    short_description: z.string(),
    version: z.string(),
    active_installs: z.number().int(),
  })
  .meta({ id: 'DirectoryEntry' });
export type DirectoryEntry = z.infer<typeof directoryEntry>;

const area = 'domains';
const view = ['can_view_software_presets'] as const;
const presetParams = z.object({ id: guidParam });
const groupParams = z.object({ id: guidParam, gid: guidParam });

/** Spec part 2, 7.2 "(list for pickers)": every preset the member may use, up to 9999 (spec part 2, 9). */
export const presetPickerOp = defineOperation({
  ...presetRoutes.presetPicker,
  area,
  summary: 'Every software preset the member may use (guid and name), by name, for pickers',
  answer: z.object({ data: z.array(z.object({ guid: z.guid(), name: z.string(), software_name: z.string() })) }),
  scopes: view,
});

export const listPresetsOp = defineOperation({
  ...presetRoutes.listPresets,
  area,
  summary: 'The software presets, newest first, each with its groups and their items',
  query: pagingSchema(100),
  answer: pageOf(softwarePreset),
  scopes: view,
});

export const createPresetOp = defineOperation({
  ...presetRoutes.createPreset,
  area,
  summary: 'Adds a software preset (WordPress only)',
  body: presetCreateSchema,
  answer: z.object({ message: z.string(), preset: softwarePreset }),
  status: 201,
  scopes: [...view, 'can_add_software_presets'],
});

/** Domains that were given the preset keep their software; the preset is only unset on them. */
export const deletePresetOp = defineOperation({
  ...presetRoutes.deletePreset,
  area,
  summary: 'Deletes a software preset with its groups and items',
  params: presetParams,
  answer: messageAnswer,
  scopes: [...view, 'can_delete_software_presets'],
  notFound: PRESET_NOT_FOUND,
});

/** Adding a group changes the preset: can_edit_software_presets. */
export const createPresetGroupOp = defineOperation({
  ...presetRoutes.createPresetGroup,
  area,
  summary: 'Adds a group (PLUGINS or THEMES; install RANDOM, or ALL for plugins) to a preset',
  params: presetParams,
  body: presetGroupCreateSchema,
  answer: z.object({ message: z.string(), guid: z.guid(), group: presetGroup }),
  status: 201,
  scopes: [...view, 'can_edit_software_presets'],
  notFound: PRESET_NOT_FOUND,
});

export const deletePresetGroupOp = defineOperation({
  ...presetRoutes.deletePresetGroup,
  area,
  summary: "Deletes a preset's group with its items",
  params: groupParams,
  answer: messageAnswer,
  scopes: [...view, 'can_delete_software_presets'],
  notFound: PRESET_GROUP_NOT_FOUND,
});

/** Each item must be in the directory with the group's type; items the group holds already are left as they are. */
export const addPresetItemsOp = defineOperation({
  ...presetRoutes.addPresetItems,
  area,
  summary: "Adds directory items (plugins to a PLUGINS group, themes to a THEMES group) to a preset's group",
  params: groupParams,
  body: presetItemsSchema,
  answer: z.object({ message: z.string(), added: z.number().int(), group: presetGroup }),
  status: 201,
  scopes: [...view, 'can_edit_software_presets'],
  notFound: PRESET_GROUP_NOT_FOUND,
});

export const deletePresetItemOp = defineOperation({
  ...presetRoutes.deletePresetItem,
  area,
  summary: "Deletes an item of a preset's group",
  params: z.object({ id: guidParam, gid: guidParam, iid: guidParam }),
  answer: messageAnswer,
  scopes: [...view, 'can_delete_software_presets'],
  notFound: PRESET_ITEM_NOT_FOUND,
});

/**
 * A decided extra (docs/decisions.md "Software presets"): the plugin and theme directory the
 * Add Items dialog searches. The public directory is out of reach, so the reference API serves
 * a local catalogue; matching ignores case over name and slug, 10 a page unless asked.
 */
export const searchDirectoryOp = defineOperation({
  ...presetRoutes.searchDirectory,
  area,
  summary: 'Searches the plugin and theme directory by name or slug',
  query: directoryQuerySchema,
  answer: pageOf(directoryEntry),
  scopes: view,
});
