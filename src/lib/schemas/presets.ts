import { z } from 'zod/mini';
import { pagingSchema } from './lists';
import { LIMITS, required, text } from './text';

/**
 * Software presets, their groups and items (spec part 2, 2.9, 3 "Software preset", "Preset
 * group", "Preset item", 4.7 and 5). The Software Presets tab's dialogs check with these
 * schemas, and the server checks the same bodies with them.
 */

/** Spec part 2, 1 and 5: WordPress is the only software offered in presets. */
export const PRESET_SOFTWARE = ['WORDPRESS'] as const;
export type PresetSoftware = (typeof PRESET_SOFTWARE)[number];
/** Spec part 2, 4.7. */
export const PRESET_GROUP_TYPES = ['PLUGINS', 'THEMES'] as const;
export type PresetGroupType = (typeof PRESET_GROUP_TYPES)[number];
export const INSTALL_ACTIONS = ['RANDOM', 'ALL'] as const;
export type InstallAction = (typeof INSTALL_ACTIONS)[number];
/** A directory entry and a preset item are a PLUGIN or a THEME (spec part 2, 3 "Preset item"). */
export const ITEM_TYPES = ['PLUGIN', 'THEME'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** The item type a group of `type` holds. */
export const itemTypeOf = (type: PresetGroupType): ItemType => (type === 'PLUGINS' ? 'PLUGIN' : 'THEME');

/** Spec part 2, 5 "Software preset" and "Preset group" (the group's name has the preset's sentence). */
export const ENTER_PRESET_NAME = "Please enter preset's name!";
export const CHOOSE_SOFTWARE = 'Please choose the software!';
export const CHOOSE_GROUP_TYPE = 'Please choose the group type!';
export const CHOOSE_INSTALL_ACTION = 'Please choose the installation action!';
/** Decided (spec part 2, 4.7 states the rule, not its sentence). */
export const ALL_ONLY_FOR_PLUGINS = 'Installing all items is possible only for plugin groups!';
export const CHOOSE_ITEMS = 'Please choose at least one item!';

/** Spec part 2, 8: the success toasts. */
export const PRESET_CREATED = 'Software preset successfully created!';
export const PRESET_DELETED = 'Software preset successfully deleted!';
export const PRESET_GROUP_CREATED = 'Software preset group successfully created!';
export const PRESET_GROUP_DELETED = 'Software preset group successfully deleted!';
export const PRESET_ITEM_DELETED = 'Software preset group item successfully deleted!';
export const PRESET_ITEMS_ADDED = 'Items successfully added to the preset group!';

/** At most this many items are added at once (a page of the directory is at most 100). */
export const MAX_ITEMS_AT_ONCE = 100;
/** Spec part 2, 9: the directory search defaults to 10 a page. */
export const DIRECTORY_PAGE_SIZE = 10;
/** A directory slug: what wordpress.org uses (lowercase letters, digits and '-'). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const presetName = required(ENTER_PRESET_NAME, LIMITS.name);

/** `POST /domains/software_presets/` and the Add Preset dialog. */
export const presetCreateSchema = z.object({
  name: presetName,
  software_name: z.enum(PRESET_SOFTWARE, CHOOSE_SOFTWARE),
});
export type PresetCreate = z.input<typeof presetCreateSchema>;

/** `POST /domains/software_presets/{id}/groups/` and the Add Group dialog (spec part 2, 4.7: ALL only for PLUGINS). */
export const presetGroupCreateSchema = z
  .object({
    name: presetName,
    group_type: z.enum(PRESET_GROUP_TYPES, CHOOSE_GROUP_TYPE),
    install_action: z.enum(INSTALL_ACTIONS, CHOOSE_INSTALL_ACTION),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.install_action === 'ALL' && body.group_type !== 'PLUGINS') ctx.issues.push({ code: 'custom', input: body, path: ['install_action'], message: ALL_ONLY_FOR_PLUGINS });
    }),
  );
export type PresetGroupCreate = z.input<typeof presetGroupCreateSchema>;

const itemSchema = z.object({
  name: required('Each item needs its name.', { label: 'An item name', max: 200 }),
  slug: required('Each item needs its slug.', { label: 'A slug', max: 200 }).check(z.regex(SLUG, 'A slug holds lowercase letters, digits and single hyphens.')),
});

/** `POST /domains/software_presets/{id}/groups/{gid}/items/` (spec part 2, 7.5: items of name and slug). */
export const presetItemsSchema = z.object({
  items: z.array(itemSchema, CHOOSE_ITEMS).check(z.minLength(1, CHOOSE_ITEMS), z.maxLength(MAX_ITEMS_AT_ONCE, `Add at most ${MAX_ITEMS_AT_ONCE} items at once.`)),
});
export type PresetItemsBody = z.input<typeof presetItemsSchema>;

/** `GET /domains/software_presets/directory/`: the search the Add Items dialog sends (spec part 2, 2.9). */
export const directoryQuerySchema = z.extend(pagingSchema(100, DIRECTORY_PAGE_SIZE), {
  query: z._default(text(LIMITS.filter), ''),
  type: z.enum(ITEM_TYPES, 'The type is PLUGIN or THEME.'),
});
export type DirectoryQuery = z.input<typeof directoryQuerySchema>;
