import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { TextField } from '../../../components/TextField';
import { SelectField } from '../../../components/form/SelectField';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import type { SoftwarePreset } from '../../../lib/api/presets';
import { $groupTarget, groupForm, type GroupValues } from '../../../stores/presets';

const EMPTY: GroupValues = { name: '', group_type: '', install_action: '' };

/**
 * Add Group (spec part 2, 4.7 and 5 "Preset group"): a name, PLUGINS or THEMES, and whether one
 * item is installed at random or all of them; ALL is offered only for plugins.
 */
export function AddGroupDialog({ preset }: { preset: SoftwarePreset }) {
  // Held here so a change of type can drop ALL in the same update.
  const values = useState(EMPTY);
  const { form, dialog } = useFormDialog(groupForm, { initial: EMPTY, state: values, onOpen: () => $groupTarget.set(preset.guid) });
  const themes = form.values.group_type === 'THEMES';
  return (
    <FormDialog
      title={`Add Group to ${preset.name}`}
      {...dialog}
      trigger="Add Group"
      triggerSize="small"
      triggerAriaLabel={`Add Group to ${preset.name}`}
      submitLabel="Add Group"
      formClassName=""
    >
      <TextField label="Name" autoComplete="off" {...form.text('name')} />
      <SelectField
        label="Type"
        value={form.values.group_type}
        onValueChange={(v) => {
          const type = v as GroupValues['group_type'];
          // ALL is not a theme group's choice: switching to themes drops it.
          const action = type === 'THEMES' && form.values.install_action === 'ALL' ? '' : form.values.install_action;
          values[1]({ ...form.values, group_type: type, install_action: action });
          groupForm.clearError('group_type');
        }}
        error={form.errors.group_type}
      >
        <option value="">Choose the group type</option>
        <option value="PLUGINS">Plugins</option>
        <option value="THEMES">Themes</option>
      </SelectField>
      <SelectField
        label="Install action"
        value={form.values.install_action}
        onValueChange={(v) => form.set('install_action', v as GroupValues['install_action'])}
        error={form.errors.install_action}
      >
        <option value="">Choose the installation action</option>
        <option value="RANDOM">Install one at random</option>
        <option value="ALL" disabled={themes}>
          Install all{themes ? ' (plugins only)' : ''}
        </option>
      </SelectField>
    </FormDialog>
  );
}
