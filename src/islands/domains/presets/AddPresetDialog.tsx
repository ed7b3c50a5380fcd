import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { TextField } from '../../../components/TextField';
import { SelectField } from '../../../components/form/SelectField';
import { useForm } from '../../../components/form/use-form';
import { presetForm, type PresetValues } from '../../../stores/presets';

const EMPTY: PresetValues = { name: '', software_name: '' };

/** Add Preset (spec part 2, 2.9 and 5 "Software preset"): a name and the software, WordPress only. */
export function AddPresetDialog() {
  const [open, setOpen] = useState(false);
  const form = useForm(presetForm, { initial: EMPTY, onDone: () => setOpen(false) });
  return (
    <FormDialog
      title="Add Preset"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset();
      }}
      trigger={
        <button type="button" className="button button-primary">
          Add Preset
        </button>
      }
      submitLabel="Add Preset"
      busy={form.busy}
      onSubmit={form.form.onSubmit}
      formRef={form.form.ref}
      formClassName=""
    >
      <TextField label="Name" autoComplete="off" {...form.text('name')} />
      <SelectField label="Software" value={form.values.software_name} onValueChange={(v) => form.set('software_name', v as PresetValues['software_name'])} error={form.errors.software_name}>
        <option value="">Choose the software</option>
        <option value="WORDPRESS">WordPress</option>
      </SelectField>
    </FormDialog>
  );
}
