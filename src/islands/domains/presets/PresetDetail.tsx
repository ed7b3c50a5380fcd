import { Can } from '../../../components/Can';
import { Confirm } from '../../../components/Confirm';
import type { PresetGroup, SoftwarePreset } from '../../../lib/api/presets';
import { removePresetGroup, removePresetItem } from '../../../stores/presets';
import { AddGroupDialog } from './AddGroupDialog';
import { AddItemsDialog } from './AddItemsDialog';

const GROUP_TYPE = { PLUGINS: 'Plugins', THEMES: 'Themes' } as const;
const INSTALL_ACTION = { RANDOM: 'one at random', ALL: 'all' } as const;

function GroupItems({ preset, group }: { preset: SoftwarePreset; group: PresetGroup }) {
  if (!group.items.length) return <p className="muted">No items yet.</p>;
  return (
    <ul className="preset-items" aria-label={`Items of ${group.name}`}>
      {group.items.map((item) => (
        <li key={item.guid} className="preset-item">
          <span>
            {item.name} <span className="muted">({item.slug})</span>
          </span>
          <Can scope="can_delete_software_presets">
            <Confirm
              message={`Delete ${item.name} from the group ${group.name}?`}
              confirmLabel="Delete"
              trigger="Delete"
              triggerSize="small"
              triggerVariant="danger"
              triggerAriaLabel={`Delete ${item.name} from ${group.name}`}
              onConfirm={() => removePresetItem(preset.guid, group.guid, item.guid)}
            />
          </Can>
        </li>
      ))}
    </ul>
  );
}

/** An expanded preset's row: its groups, each with its items (spec part 2, 2.9). */
export function PresetDetail({ preset }: { preset: SoftwarePreset }) {
  return (
    <div className="preset-detail" id={`preset-${preset.guid}`}>
      <div className="toolbar">
        <h3 className="preset-detail-title">Groups of {preset.name}</h3>
        <Can scope="can_edit_software_presets">
          <AddGroupDialog preset={preset} />
        </Can>
      </div>
      {preset.groups.length === 0 ? <p className="muted">This preset has no groups yet.</p> : null}
      {preset.groups.map((group) => (
        <section key={group.guid} className="preset-group" aria-label={`Group ${group.name}`}>
          <div className="toolbar">
            <h4 className="preset-group-title">
              {group.name} <span className="muted">{`· ${GROUP_TYPE[group.group_type]} · install ${INSTALL_ACTION[group.install_action]}`}</span>
            </h4>
            <Can scope="can_edit_software_presets">
              <AddItemsDialog preset={preset} group={group} />
            </Can>
            <Can scope="can_delete_software_presets">
              <Confirm
                message={`Delete the group ${group.name} with its items?`}
                confirmLabel="Delete"
                trigger="Delete Group"
                triggerSize="small"
                triggerVariant="danger"
                triggerAriaLabel={`Delete the group ${group.name}`}
                onConfirm={() => removePresetGroup(preset.guid, group.guid)}
              />
            </Can>
          </div>
          <GroupItems preset={preset} group={group} />
        </section>
      ))}
    </div>
  );
}
