import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ParsedInput } from '../../lib/api/define';
import { PRESET_ITEM_NOT_FOUND, type addPresetItemsOp, type createPresetGroupOp, type createPresetOp, type PresetGroup, type SoftwarePreset } from '../../lib/api/presets';
import { PICKER_PAGE_SIZE } from '../../lib/schemas/lists';
import { itemTypeOf, type PresetGroupType } from '../../lib/schemas/presets';
import type { CompanyContext } from '../context';
import type { Db } from '../db/connection';
import { countRows, pageOfRows, type Paging } from '../db/lists';
import { softwarePresetGroups, softwarePresetItems, softwarePresets } from '../db/schema/index';
import { badRequest, notFound } from '../http/errors';
import { lockKey } from '../jobs/store';
import { requireUnlimited, restrictTo } from './access';
import { directoryEntry } from './plugin-directory';

/** Software presets (spec part 2, 2.9, 4.7, 6 and 7.5): presets, their groups and the directory's items in them. */

type PresetRow = typeof softwarePresets.$inferSelect;
type GroupRow = typeof softwarePresetGroups.$inferSelect;
type ItemRow = typeof softwarePresetItems.$inferSelect;
type NewPreset = ParsedInput<typeof createPresetOp>['body'];
type NewGroup = ParsedInput<typeof createPresetGroupOp>['body'];
type NewItems = ParsedInput<typeof addPresetItemsOp>['body'];

/** The company's presets the membership may use (allowed_software_presets; none listed: all). */
const presetsOf = (company: CompanyContext) => and(eq(softwarePresets.companyGuid, company.guid), restrictTo(softwarePresets.guid, company.allowedSoftwarePresets));

/** The preset a path names, on the same terms; 404 otherwise, never 403 (docs/decisions.md "Sessions and sign-in"). */
export async function visiblePreset(db: Db, company: CompanyContext, guid: string, message: string): Promise<PresetRow> {
  const [row] = await db
    .select()
    .from(softwarePresets)
    .where(and(eq(softwarePresets.guid, guid), presetsOf(company)));
  if (!row) throw notFound(message);
  return row;
}

/** The group a path names within its visible preset. */
export async function visiblePresetGroup(db: Db, company: CompanyContext, presetGuid: string, groupGuid: string, message: string): Promise<GroupRow> {
  await visiblePreset(db, company, presetGuid, message);
  const [row] = await db
    .select()
    .from(softwarePresetGroups)
    .where(and(eq(softwarePresetGroups.guid, groupGuid), eq(softwarePresetGroups.presetGuid, presetGuid)));
  if (!row) throw notFound(message);
  return row;
}

const itemOf = (r: ItemRow) => ({ guid: r.guid, name: r.name, slug: r.slug, item_type: r.itemType as 'PLUGIN' | 'THEME', date_created: r.dateCreated.toISOString() });
const groupOf = (g: GroupRow, items: ItemRow[]): PresetGroup => ({
  guid: g.guid,
  name: g.name,
  group_type: g.groupType as PresetGroupType,
  install_action: g.installAction as PresetGroup['install_action'],
  date_created: g.dateCreated.toISOString(),
  items: items.map(itemOf),
});

/** The presets with their groups (oldest first) and items (by name, case ignored), read in two more queries. */
async function withGroups(db: Db, presets: PresetRow[]): Promise<SoftwarePreset[]> {
  const guids = presets.map((p) => p.guid);
  const groups = guids.length
    ? await db
        .select()
        .from(softwarePresetGroups)
        .where(inArray(softwarePresetGroups.presetGuid, guids))
        .orderBy(asc(softwarePresetGroups.dateCreated), asc(softwarePresetGroups.name))
    : [];
  const items = await itemsOf(
    db,
    groups.map((g) => g.guid),
  );
  return presets.map((p) => ({
    guid: p.guid,
    name: p.name,
    software_name: p.softwareName,
    date_created: p.dateCreated.toISOString(),
    groups: groups
      .filter((g) => g.presetGuid === p.guid)
      .map((g) =>
        groupOf(
          g,
          items.filter((i) => i.groupGuid === g.guid),
        ),
      ),
  }));
}

async function itemsOf(db: Db, groupGuids: string[]): Promise<ItemRow[]> {
  if (!groupGuids.length) return [];
  return db
    .select()
    .from(softwarePresetItems)
    .where(inArray(softwarePresetItems.groupGuid, groupGuids))
    .orderBy(asc(sql`lower(${softwarePresetItems.name})`), asc(softwarePresetItems.slug));
}

/** The wizard's preset picker: one page of names. */
export function presetPicker(db: Db, company: CompanyContext) {
  return db
    .select({ guid: softwarePresets.guid, name: softwarePresets.name, software_name: softwarePresets.softwareName })
    .from(softwarePresets)
    .where(presetsOf(company))
    .orderBy(asc(softwarePresets.name), asc(softwarePresets.guid))
    .limit(PICKER_PAGE_SIZE);
}

export function presetsPage(db: Db, company: CompanyContext, paging: Paging) {
  const filter = presetsOf(company);
  return pageOfRows(
    paging,
    async (limit, offset) =>
      withGroups(db, await db.select().from(softwarePresets).where(filter).orderBy(desc(softwarePresets.dateCreated), asc(softwarePresets.name)).limit(limit).offset(offset)),
    () => countRows(db, softwarePresets, filter),
  );
}

export async function createPreset(db: Db, company: CompanyContext, body: NewPreset, now: Date): Promise<SoftwarePreset> {
  requireUnlimited(company, 'allowed_software_presets');
  const [row] = await db.insert(softwarePresets).values({ companyGuid: company.guid, name: body.name, softwareName: body.software_name, dateCreated: now }).returning();
  const [preset] = await withGroups(db, [row!]);
  return preset!;
}

/** Groups and items go with it (cascade); domains given the preset keep their software and lose the reference. */
export async function deletePreset(db: Db, company: CompanyContext, guid: string, missing: string): Promise<void> {
  const deleted = await db
    .delete(softwarePresets)
    .where(and(eq(softwarePresets.guid, guid), presetsOf(company)))
    .returning({ guid: softwarePresets.guid });
  if (!deleted.length) throw notFound(missing);
}

export async function createPresetGroup(db: Db, company: CompanyContext, presetGuid: string, body: NewGroup, now: Date, missing: string): Promise<PresetGroup> {
  const preset = await visiblePreset(db, company, presetGuid, missing);
  const [row] = await db
    .insert(softwarePresetGroups)
    .values({ presetGuid: preset.guid, name: body.name, groupType: body.group_type, installAction: body.install_action, dateCreated: now })
    .returning();
  return groupOf(row!, []);
}

export async function deletePresetGroup(db: Db, company: CompanyContext, presetGuid: string, groupGuid: string, missing: string): Promise<void> {
  const group = await visiblePresetGroup(db, company, presetGuid, groupGuid, missing);
  await db.delete(softwarePresetGroups).where(eq(softwarePresetGroups.guid, group.guid));
}

/**
 * Adds directory items of the group's kind (plugins or themes) by slug, with the directory's
 * name; slugs the group holds already are left out. Answers how many were added and the group.
 */
export async function addPresetItems(
  db: Db,
  company: CompanyContext,
  presetGuid: string,
  groupGuid: string,
  body: NewItems,
  now: Date,
  missing: string,
): Promise<{ added: number; group: PresetGroup }> {
  const group = await visiblePresetGroup(db, company, presetGuid, groupGuid, missing);
  const type = itemTypeOf(group.groupType as PresetGroupType);
  const refused: Record<string, string> = {};
  body.items.forEach((item, i) => {
    if (!directoryEntry(type, item.slug)) refused[`items.${i}.slug`] = `${item.name} (${item.slug}) is not a ${type === 'PLUGIN' ? 'plugin' : 'theme'} of the directory.`;
  });
  if (Object.keys(refused).length) throw badRequest(refused);
  const added = await db.transaction(async (tx) => {
    // One addition at a time per group, so two quick submissions cannot add an item twice.
    await lockKey(tx, `preset-items:${group.guid}`);
    const held = new Set((await tx.select({ slug: softwarePresetItems.slug }).from(softwarePresetItems).where(eq(softwarePresetItems.groupGuid, group.guid))).map((r) => r.slug));
    // The directory's name is stored, whatever the client sent beside the slug.
    const fresh = [...new Map(body.items.filter((i) => !held.has(i.slug)).map((i) => [i.slug, directoryEntry(type, i.slug)!])).values()];
    if (fresh.length) await tx.insert(softwarePresetItems).values(fresh.map((e) => ({ groupGuid: group.guid, name: e.name, slug: e.slug, itemType: type, dateCreated: now })));
    return fresh.length;
  });
  return { added, group: groupOf(group, await itemsOf(db, [group.guid])) };
}

export async function deletePresetItem(db: Db, company: CompanyContext, presetGuid: string, groupGuid: string, itemGuid: string): Promise<void> {
  const group = await visiblePresetGroup(db, company, presetGuid, groupGuid, PRESET_ITEM_NOT_FOUND);
  const deleted = await db
    .delete(softwarePresetItems)
    .where(and(eq(softwarePresetItems.guid, itemGuid), eq(softwarePresetItems.groupGuid, group.guid)))
    .returning({ guid: softwarePresetItems.guid });
  if (!deleted.length) throw notFound(PRESET_ITEM_NOT_FOUND);
}
