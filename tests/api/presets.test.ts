import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addPresetItems,
  createPreset,
  createPresetGroup,
  deletePreset,
  deletePresetGroup,
  deletePresetItem,
  listPresets,
  presetPicker,
  searchDirectory,
} from '../../src/lib/requests/presets';
import { PRESET_GROUP_NOT_FOUND, PRESET_ITEM_NOT_FOUND, PRESET_NOT_FOUND } from '../../src/lib/api/presets';
import {
  ALL_ONLY_FOR_PLUGINS,
  CHOOSE_GROUP_TYPE,
  CHOOSE_INSTALL_ACTION,
  CHOOSE_ITEMS,
  CHOOSE_SOFTWARE,
  ENTER_PRESET_NAME,
  PRESET_CREATED,
  PRESET_DELETED,
  PRESET_GROUP_CREATED,
  PRESET_GROUP_DELETED,
  PRESET_ITEM_DELETED,
  PRESET_ITEMS_ADDED,
  MAX_ITEMS_AT_ONCE,
  type PresetCreate,
  type PresetGroupCreate,
  type PresetItemsBody,
} from '../../src/lib/schemas/presets';
import type { Database } from '../../src/server/db/connection';
import { companies, domains, memberships, softwarePresetGroups, softwarePresetItems, softwarePresets, users } from '../../src/server/db/schema/index';
import { openSeededApp, type TestApp } from './helpers/app';
import { refusal } from './helpers/outcomes';

let database: Database;
let t: TestApp;
let demo: { token: string; company: string };
/** The seeded 'Standard Blog' preset of the demo company. */
let seeded: string;
let foreignPreset: string;
let foreignGroup: string;

beforeAll(async () => {
  ({ database, t } = await openSeededApp());
  demo = await t.signIn('demo@hostdeck.test');
  const { db } = database;
  seeded = (
    await db
      .select()
      .from(softwarePresets)
      .where(and(eq(softwarePresets.companyGuid, demo.company), eq(softwarePresets.name, 'Standard Blog')))
  )[0]!.guid;
  const [bluebird] = await db.select().from(companies).where(eq(companies.name, 'Bluebird Media Ltd'));
  const [preset] = await db.insert(softwarePresets).values({ companyGuid: bluebird!.guid, name: 'Their preset', softwareName: 'WORDPRESS' }).returning();
  foreignPreset = preset!.guid;
  const [group] = await db.insert(softwarePresetGroups).values({ presetGuid: foreignPreset, name: 'Their plugins', groupType: 'PLUGINS', installAction: 'ALL' }).returning();
  foreignGroup = group!.guid;
});
afterAll(() => database.close());

const client = () => t.client(demo);

/** The sentence the call was refused with for `field`. */
async function fieldRefusal(promise: Promise<unknown>, field: string): Promise<string | undefined> {
  return (await refusal(promise, 400)).body.fields?.[field];
}

async function newPreset(name = 'Shop starter') {
  return (await createPreset(client(), { name, software_name: 'WORDPRESS' })).preset;
}

describe('GET /domains/software_presets/ and the picker', () => {
  it('lists the presets with their groups and items', async () => {
    const page = await listPresets(client(), { per_page: 100 });
    const preset = page.data.find((p) => p.guid === seeded)!;
    expect(preset).toMatchObject({ name: 'Standard Blog', software_name: 'WORDPRESS' });
    // Oldest first; the seed made both at once, so by name.
    expect(preset.groups.map((g) => [g.name, g.group_type, g.install_action])).toEqual([
      ['Light themes', 'THEMES', 'RANDOM'],
      ['SEO and security', 'PLUGINS', 'ALL'],
    ]);
    expect(preset.groups[1]!.items.map((i) => i.name)).toEqual(['Wordfence Security', 'WP Super Cache', 'Yoast SEO']);
    expect(preset.groups[0]!.items.every((i) => i.item_type === 'THEME')).toBe(true);
    expect(page.total).toBe(page.data.length);
    expect(page.data.some((p) => p.guid === foreignPreset)).toBe(false);
  });

  it('pages the list', async () => {
    await newPreset('Paging one');
    const first = await listPresets(client(), { per_page: 1 });
    expect(first).toMatchObject({ page: 1, per_page: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.total).toBeGreaterThan(1);
    const second = await listPresets(client(), { page: 2, per_page: 1 });
    expect(second.data[0]!.guid).not.toBe(first.data[0]!.guid);
  });

  it('gives pickers the guid and name of every preset, by name', async () => {
    const { data } = await presetPicker(client());
    expect(data.find((p) => p.guid === seeded)).toEqual({ guid: seeded, name: 'Standard Blog', software_name: 'WORDPRESS' });
    expect(data.map((p) => p.name)).toEqual([...data.map((p) => p.name)].sort((a, b) => a.localeCompare(b)));
    expect(data.some((p) => p.guid === foreignPreset)).toBe(false);
  });

  it('shows a member limited to some presets only those, and lets them add none', async () => {
    const { db } = database;
    const [customer] = await db.select().from(users).where(eq(users.email, 'customer@hostdeck.test'));
    const where = and(eq(memberships.userGuid, customer!.guid), eq(memberships.companyGuid, demo.company));
    const [before] = await db.select().from(memberships).where(where);
    const other = await newPreset('Hidden from the customer');
    await db
      .update(memberships)
      .set({ allowedSoftwarePresets: [seeded] })
      .where(where);
    try {
      const session = await t.signIn('customer@hostdeck.test');
      const limited = t.client(session);
      expect((await listPresets(limited)).data.map((p) => p.guid)).toEqual([seeded]);
      expect((await presetPicker(limited)).data.map((p) => p.guid)).toEqual([seeded]);
      // Presets outside the list answer as if they did not exist.
      await db
        .update(memberships)
        .set({ permissions: [...before!.permissions, 'can_delete_software_presets', 'can_add_software_presets'] })
        .where(where);
      expect((await refusal(deletePreset(limited, other.guid), 404)).message).toBe(PRESET_NOT_FOUND);
      const refused = await refusal(createPreset(limited, { name: 'Mine', software_name: 'WORDPRESS' }), 403);
      expect(refused.body.errors).toEqual(['Your access is limited to some software presets, so you cannot add one. Ask an owner of the company.']);
      expect(
        await db
          .select()
          .from(softwarePresets)
          .where(and(eq(softwarePresets.companyGuid, demo.company), eq(softwarePresets.name, 'Mine'))),
      ).toEqual([]);
    } finally {
      await db.update(memberships).set({ allowedSoftwarePresets: before!.allowedSoftwarePresets, permissions: before!.permissions }).where(where);
    }
  });
});

describe('POST and DELETE /domains/software_presets/', () => {
  it('adds a preset, its name trimmed', async () => {
    const answer = await createPreset(client(), { name: '  Agency blog  ', software_name: 'WORDPRESS' });
    expect(answer.message).toBe(PRESET_CREATED);
    expect(answer.preset).toMatchObject({ name: 'Agency blog', software_name: 'WORDPRESS', groups: [] });
    expect((await listPresets(client(), { per_page: 1 })).data[0]!.guid).toBe(answer.preset.guid);
  });

  it.each([
    [{ name: '   ', software_name: 'WORDPRESS' }, 'name', ENTER_PRESET_NAME],
    [{ software_name: 'WORDPRESS' }, 'name', ENTER_PRESET_NAME],
    [{ name: 'Blog' }, 'software_name', CHOOSE_SOFTWARE],
    [{ name: 'Blog', software_name: '' }, 'software_name', CHOOSE_SOFTWARE],
    // Spec part 2, 1: only WordPress is offered in presets.
    [{ name: 'Blog', software_name: 'JOOMLA' }, 'software_name', CHOOSE_SOFTWARE],
  ])('refuses %j: %s', async (body, field, sentence) => {
    expect(await fieldRefusal(createPreset(client(), body as PresetCreate), field)).toBe(sentence);
  });

  it('deletes a preset with its groups and items; domains given it keep their software', async () => {
    const preset = await newPreset('Short-lived');
    const group = await createPresetGroup(client(), preset.guid, { name: 'Plugins', group_type: 'PLUGINS', install_action: 'ALL' });
    await addPresetItems(client(), preset.guid, group.guid, { items: [{ name: 'Akismet', slug: 'akismet' }] });
    const [domain] = await database.db.select().from(domains).where(eq(domains.companyGuid, demo.company)).limit(1);
    await database.db.update(domains).set({ softwarePresetGuid: preset.guid }).where(eq(domains.guid, domain!.guid));

    expect((await deletePreset(client(), preset.guid)).message).toBe(PRESET_DELETED);
    expect(await database.db.select().from(softwarePresetGroups).where(eq(softwarePresetGroups.presetGuid, preset.guid))).toEqual([]);
    const [after] = await database.db.select().from(domains).where(eq(domains.guid, domain!.guid));
    expect(after!.softwarePresetGuid).toBeNull();
    expect((await refusal(deletePreset(client(), preset.guid), 404)).message).toBe(PRESET_NOT_FOUND);
  });

  it("answers 404 for another company's preset", async () => {
    expect((await refusal(deletePreset(client(), foreignPreset), 404)).message).toBe(PRESET_NOT_FOUND);
    await refusal(createPresetGroup(client(), foreignPreset, { name: 'x', group_type: 'PLUGINS', install_action: 'ALL' }), 404);
    await refusal(deletePresetGroup(client(), foreignPreset, foreignGroup), 404);
    await refusal(addPresetItems(client(), foreignPreset, foreignGroup, { items: [{ name: 'Akismet', slug: 'akismet' }] }), 404);
    expect((await database.db.select().from(softwarePresets).where(eq(softwarePresets.guid, foreignPreset))).length).toBe(1);
  });
});

describe('preset groups', () => {
  it('adds a group and answers its guid', async () => {
    const preset = await newPreset();
    const answer = await createPresetGroup(client(), preset.guid, { name: ' Themes ', group_type: 'THEMES', install_action: 'RANDOM' });
    expect(answer.message).toBe(PRESET_GROUP_CREATED);
    expect(answer.group).toMatchObject({ guid: answer.guid, name: 'Themes', group_type: 'THEMES', install_action: 'RANDOM', items: [] });
    const listed = (await listPresets(client(), { per_page: 100 })).data.find((p) => p.guid === preset.guid)!;
    expect(listed.groups.map((g) => g.guid)).toEqual([answer.guid]);
  });

  it.each([
    [{ group_type: 'PLUGINS', install_action: 'ALL' }, 'name', ENTER_PRESET_NAME],
    [{ name: ' ', group_type: 'PLUGINS', install_action: 'ALL' }, 'name', ENTER_PRESET_NAME],
    [{ name: 'G', install_action: 'ALL' }, 'group_type', CHOOSE_GROUP_TYPE],
    [{ name: 'G', group_type: 'WIDGETS', install_action: 'ALL' }, 'group_type', CHOOSE_GROUP_TYPE],
    [{ name: 'G', group_type: 'PLUGINS' }, 'install_action', CHOOSE_INSTALL_ACTION],
    [{ name: 'G', group_type: 'PLUGINS', install_action: 'SOME' }, 'install_action', CHOOSE_INSTALL_ACTION],
    // Spec part 2, 4.7: ALL only for PLUGINS.
    [{ name: 'G', group_type: 'THEMES', install_action: 'ALL' }, 'install_action', ALL_ONLY_FOR_PLUGINS],
  ])('refuses %j: %s', async (body, field, sentence) => {
    expect(await fieldRefusal(createPresetGroup(client(), seeded, body as PresetGroupCreate), field)).toBe(sentence);
  });

  it('deletes a group with its items', async () => {
    const preset = await newPreset();
    const { guid } = await createPresetGroup(client(), preset.guid, { name: 'Plugins', group_type: 'PLUGINS', install_action: 'RANDOM' });
    expect((await deletePresetGroup(client(), preset.guid, guid)).message).toBe(PRESET_GROUP_DELETED);
    expect((await refusal(deletePresetGroup(client(), preset.guid, guid), 404)).message).toBe(PRESET_GROUP_NOT_FOUND);
  });

  it("answers 404 for a group named under another of the company's presets", async () => {
    const a = await newPreset('A');
    const b = await newPreset('B');
    const { guid } = await createPresetGroup(client(), a.guid, { name: 'Plugins', group_type: 'PLUGINS', install_action: 'ALL' });
    await refusal(deletePresetGroup(client(), b.guid, guid), 404);
  });
});

describe('preset items', () => {
  it('adds directory items once each, under the names the directory gives them', async () => {
    const preset = await newPreset();
    const { guid } = await createPresetGroup(client(), preset.guid, { name: 'Plugins', group_type: 'PLUGINS', install_action: 'ALL' });
    const answer = await addPresetItems(client(), preset.guid, guid, {
      items: [
        { name: 'Yoast', slug: 'wordpress-seo' },
        { name: 'Akismet', slug: 'akismet' },
        { name: 'Akismet again', slug: 'akismet' },
      ],
    });
    expect(answer.message).toBe(PRESET_ITEMS_ADDED);
    expect(answer.added).toBe(2);
    expect(answer.group.items.map((i) => [i.name, i.slug, i.item_type])).toEqual([
      ['Akismet Anti-spam: Spam Protection', 'akismet', 'PLUGIN'],
      ['Yoast SEO', 'wordpress-seo', 'PLUGIN'],
    ]);
    const again = await addPresetItems(client(), preset.guid, guid, { items: [{ name: 'Akismet', slug: 'akismet' }] });
    expect(again.added).toBe(0);
    expect(again.group.items).toHaveLength(2);
  });

  it('refuses an item the directory lacks or of the other type, naming it', async () => {
    const preset = await newPreset();
    const { guid } = await createPresetGroup(client(), preset.guid, { name: 'Themes', group_type: 'THEMES', install_action: 'RANDOM' });
    const error = await refusal(
      addPresetItems(client(), preset.guid, guid, {
        items: [
          { name: 'Astra', slug: 'astra' },
          { name: 'Yoast SEO', slug: 'wordpress-seo' },
          { name: 'Nope', slug: 'no-such-theme' },
        ],
      }),
      400,
    );
    expect(error.body.fields).toEqual({
      'items.1.slug': 'Yoast SEO (wordpress-seo) is not a theme of the directory.',
      'items.2.slug': 'Nope (no-such-theme) is not a theme of the directory.',
    });
    expect((await listPresets(client(), { per_page: 100 })).data.find((p) => p.guid === preset.guid)!.groups[0]!.items).toEqual([]);
  });

  it('refuses an empty list', async () => {
    expect(
      await fieldRefusal(
        addPresetItems(client(), seeded, (await listPresets(client(), { per_page: 100 })).data.find((p) => p.guid === seeded)!.groups[1]!.guid, { items: [] }),
        'items',
      ),
    ).toBe(CHOOSE_ITEMS);
  });

  const akismet = { name: 'Akismet', slug: 'akismet' };
  it.each([
    [{ items: [{ slug: 'akismet' }] }, 'items.0.name', 'Each item needs its name.'],
    [{ items: [akismet, { name: '  ', slug: 'jetpack' }] }, 'items.1.name', 'Each item needs its name.'],
    [{ items: [{ name: 'Akismet' }] }, 'items.0.slug', 'Each item needs its slug.'],
    [{ items: [{ name: 'Akismet', slug: ' ' }] }, 'items.0.slug', 'Each item needs its slug.'],
    [{ items: [{ name: 'Akismet', slug: 'Akismet' }] }, 'items.0.slug', 'A slug holds lowercase letters, digits and single hyphens.'],
    [{ items: [{ name: 'Akismet', slug: 'wp--seo' }] }, 'items.0.slug', 'A slug holds lowercase letters, digits and single hyphens.'],
    [{ items: [{ name: 'Akismet', slug: 'akismet-' }] }, 'items.0.slug', 'A slug holds lowercase letters, digits and single hyphens.'],
    [{ items: Array.from({ length: MAX_ITEMS_AT_ONCE + 1 }, () => akismet) }, 'items', 'Add at most 100 items at once.'],
  ])('refuses %#: %s, adding nothing', async (body, field, sentence) => {
    const preset = await newPreset();
    const { guid } = await createPresetGroup(client(), preset.guid, { name: 'Plugins', group_type: 'PLUGINS', install_action: 'ALL' });
    expect(await fieldRefusal(addPresetItems(client(), preset.guid, guid, body as PresetItemsBody), field)).toBe(sentence);
    expect(await database.db.select().from(softwarePresetItems).where(eq(softwarePresetItems.groupGuid, guid))).toEqual([]);
  });

  it('deletes an item', async () => {
    const preset = await newPreset();
    const { guid } = await createPresetGroup(client(), preset.guid, { name: 'Plugins', group_type: 'PLUGINS', install_action: 'ALL' });
    const { group } = await addPresetItems(client(), preset.guid, guid, { items: [{ name: 'Jetpack', slug: 'jetpack' }] });
    const item = group.items[0]!.guid;
    expect((await deletePresetItem(client(), preset.guid, guid, item)).message).toBe(PRESET_ITEM_DELETED);
    expect((await refusal(deletePresetItem(client(), preset.guid, guid, item), 404)).message).toBe(PRESET_ITEM_NOT_FOUND);
  });
});

describe('GET /domains/software_presets/directory/', () => {
  it('searches plugins by name or slug, ignoring case, 10 a page by default', async () => {
    const byName = await searchDirectory(client(), { type: 'PLUGIN', query: 'SEO' });
    expect(byName.per_page).toBe(10);
    expect(byName.data.map((e) => e.slug)).toContain('wordpress-seo');
    expect(byName.data.every((e) => e.item_type === 'PLUGIN' && (e.name.toLowerCase().includes('seo') || e.slug.includes('seo')))).toBe(true);
    const bySlug = await searchDirectory(client(), { type: 'PLUGIN', query: 'wp-super' });
    expect(bySlug.data.map((e) => e.name)).toEqual(['WP Super Cache']);
  });

  it('pages the whole catalogue, most installed first, and keeps themes apart', async () => {
    const first = await searchDirectory(client(), { type: 'THEME' });
    expect(first.data).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(50);
    const installs = first.data.map((e) => e.active_installs);
    expect(installs).toEqual([...installs].sort((a, b) => b - a));
    const second = await searchDirectory(client(), { type: 'THEME', page: 2, per_page: 10 });
    expect(second.data.some((e) => first.data.some((f) => f.slug === e.slug))).toBe(false);
    expect((await searchDirectory(client(), { type: 'PLUGIN', per_page: 100 })).total).toBeGreaterThanOrEqual(150);
    expect((await searchDirectory(client(), { type: 'THEME', query: 'yoast' })).total).toBe(0);
  });

  it('needs the type', async () => {
    const res = await t.call('GET', '/domains/software_presets/directory/?query=seo', demo);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ type: 'The type is PLUGIN or THEME.' });
  });
});
