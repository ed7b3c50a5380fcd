import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SoftwarePresetsTab } from '../../../src/islands/domains/presets/SoftwarePresetsTab';
import type { SessionUser } from '../../../src/lib/api/auth';
import type { SoftwarePreset } from '../../../src/lib/api/presets';
import type { Scope } from '../../../src/lib/rules/scopes';
import { $expandedPresets, presetsList } from '../../../src/stores/presets';
import { signIn, signOut } from '../../../src/stores/session';

const at = '2026-11-20T10:00:00.000Z';
const preset: SoftwarePreset = {
  guid: '00000000-0000-4000-8000-000000000001',
  name: 'Standard Blog',
  software_name: 'WORDPRESS',
  date_created: at,
  groups: [
    {
      guid: '00000000-0000-4000-8000-000000000002',
      name: 'SEO and security',
      group_type: 'PLUGINS',
      install_action: 'ALL',
      date_created: at,
      items: [{ guid: '00000000-0000-4000-8000-000000000003', name: 'Yoast SEO', slug: 'wordpress-seo', item_type: 'PLUGIN', date_created: at }],
    },
    { guid: '00000000-0000-4000-8000-000000000004', name: 'Light themes', group_type: 'THEMES', install_action: 'RANDOM', date_created: at, items: [] },
  ],
};

/** A signed-in viewer holding `scopes`; only the fields the permissions read are given. */
function viewerWith(scopes: Scope[]) {
  signIn('token', {
    is_customer: false,
    company: { guid: '00000000-0000-4000-8000-000000000009', permissions: scopes, account_type: 'OWNER', user_type: '', is_partner: false },
  } as unknown as SessionUser);
}

function render(): string {
  presetsList.$list.set({ loading: false, page: 1, perPage: 25, filters: {}, answer: { data: [preset], page: 1, per_page: 25, total: 1 } });
  return renderToString(createElement(SoftwarePresetsTab));
}

afterEach(() => {
  $expandedPresets.set(new Set());
  signOut();
});

describe('the Software Presets tab', () => {
  it('shows a collapsed preset with its software and counts, and every control to a viewer with every preset scope', () => {
    viewerWith(['can_view_software_presets', 'can_add_software_presets', 'can_edit_software_presets', 'can_delete_software_presets']);
    const html = render();
    for (const text of ['Standard Blog', 'WordPress', 'aria-expanded="false"', 'Add Preset', 'Delete Standard Blog', 'Reload']) expect(html).toContain(text);
    expect(html).not.toContain('SEO and security');
  });

  it('expands a preset to its groups and items', () => {
    viewerWith(['can_view_software_presets', 'can_add_software_presets', 'can_edit_software_presets', 'can_delete_software_presets']);
    $expandedPresets.set(new Set([preset.guid]));
    const html = render();
    for (const text of [
      'aria-expanded="true"',
      'SEO and security',
      'Plugins · install all',
      'Light themes',
      'Themes · install one at random',
      'Yoast SEO',
      'wordpress-seo',
      'No items yet.',
      'Add Group',
      'Add Items to SEO and security',
      'Delete the group Light themes',
      'Delete Yoast SEO from SEO and security',
    ])
      expect(html).toContain(text);
  });

  it('offers only what the scopes allow', () => {
    viewerWith(['can_view_software_presets']);
    $expandedPresets.set(new Set([preset.guid]));
    const html = render();
    expect(html).toContain('Yoast SEO');
    for (const text of ['Add Preset', 'Add Group', 'Add Items', 'Delete']) expect(html).not.toContain(text);
  });

  it('says so without can_view_software_presets', () => {
    viewerWith([]);
    expect(render()).toContain('You do not have access to software presets.');
  });
});
