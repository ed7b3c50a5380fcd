import { FormDialog } from '../../../components/FormDialog';
import { TextField } from '../../../components/TextField';
import { SelectField } from '../../../components/form/SelectField';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import { presetForm, type PresetValues } from '../../../stores/presets';

const EMPTY: PresetValues = { name: '', software_name: '' };

/** Add Preset (spec part 2, 2.9 and 5 "Software preset"): a name and the software, WordPress only. */
export function AddPresetDialog() {
  const { form, dialog } = useFormDialog(presetForm, { initial: EMPTY });
  return (
    <FormDialog title="Add Preset" {...dialog} trigger="Add Preset" triggerVariant="primary" submitLabel="Add Preset" formClassName="">
      <TextField label="Name" autoComplete="off" {...form.text('name')} />
      <SelectField
        label="Software"
        value={form.values.software_name}
        onValueChange={(v) => form.set('software_name', v as PresetValues['software_name'])}
        error={form.errors.software_name}
      >
        <option value="">Choose the software</option>
        <option value="WORDPRESS">WordPress</option>
      </SelectField>
    </FormDialog>
  );
}
