import { useStore } from '@nanostores/react';
import { Can } from '../../../components/Can';
import { Confirm } from '../../../components/Confirm';
import { DateTime } from '../../../components/DateTime';
import { actionsColumn, PagedTable, pagedColumnHelper, ReloadButton } from '../../../components/table';
import type { SoftwarePreset } from '../../../lib/api/presets';
import { $expandedPresets, presetsList, removePreset, toggleExpanded } from '../../../stores/presets';
import { AddPresetDialog } from './AddPresetDialog';
import { PresetDetail } from './PresetDetail';
import './presets.css';

const SOFTWARE: Record<string, string> = { WORDPRESS: 'WordPress' };

function ExpandButton({ preset }: { preset: SoftwarePreset }) {
  const expanded = useStore($expandedPresets).has(preset.guid);
  return (
    <button
      type="button"
      className="link-button"
      aria-expanded={expanded}
      aria-controls={expanded ? `preset-${preset.guid}` : undefined}
      onClick={() => toggleExpanded(preset.guid)}
    >
      <span aria-hidden="true">{expanded ? '▾' : '▸'} </span>
      {preset.name}
    </button>
  );
}

const itemCount = (p: SoftwarePreset) => p.groups.reduce((n, g) => n + g.items.length, 0);

const column = pagedColumnHelper<SoftwarePreset>();
const columns = column.columns([
  column.accessor('name', { header: 'Name', enableHiding: false, meta: { className: 'cell-wrap' }, cell: ({ row }) => <ExpandButton preset={row.original} /> }),
  column.accessor('software_name', { header: 'Software', cell: ({ getValue }) => SOFTWARE[getValue()] ?? getValue() }),
  column.display({ id: 'groups', header: 'Groups', meta: { className: 'cell-number' }, cell: ({ row }) => row.original.groups.length }),
  column.display({ id: 'items', header: 'Items', meta: { className: 'cell-number' }, cell: ({ row }) => itemCount(row.original) }),
  column.accessor('date_created', { header: 'Created', cell: ({ getValue }) => <DateTime value={getValue()} /> }),
  actionsColumn(column, 'actions', (preset) => (
    <Can scope="can_delete_software_presets">
      <Confirm
        message={`Delete the software preset ${preset.name} with its groups and items?`}
        confirmLabel="Delete"
        trigger="Delete"
        triggerSize="small"
        triggerVariant="danger"
        triggerAriaLabel={`Delete ${preset.name}`}
        onConfirm={() => removePreset(preset.guid)}
      />
    </Can>
  )),
]);

const presetId = (p: SoftwarePreset) => p.guid;

/**
 * The Software Presets tab (spec part 2, 2.9): the company's presets (not the group's, so it
 * takes no props), each row expanding to its groups and their items, with the Add Preset, Add
 * Group and Add Items dialogs and the deletes, each as the viewer's scopes allow (spec part 2, 6).
 */
export function SoftwarePresetsTab() {
  const expanded = useStore($expandedPresets);
  return (
    <Can scope="can_view_software_presets" fallback={<p className="alert alert-error">You do not have access to software presets.</p>}>
      <section aria-label="Software presets">
        <div className="toolbar">
          <Can scope="can_add_software_presets">
            <AddPresetDialog />
          </Can>
          <ReloadButton list={presetsList} />
        </div>
        <PagedTable
          caption="Software presets"
          columns={columns}
          list={presetsList}
          getRowId={presetId}
          empty="No software presets yet."
          rowDetail={(preset) => (expanded.has(preset.guid) ? <PresetDetail preset={preset} /> : null)}
        />
      </section>
    </Can>
  );
}
