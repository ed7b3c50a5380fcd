import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { groupSettingsForm } from '../../stores/ip-addresses';

/** Group settings: rename (spec part 3, 2.2 and 5 "Group settings"). */
export function GroupSettingsDialog({ name }: { name: string }) {
  const { form, dialog } = useFormDialog(groupSettingsForm, { initial: { name } });
  return (
    <FormDialog title="Group settings" {...dialog} trigger="Settings" submitLabel="Save">
      <TextField label="Name" autoComplete="off" {...form.text('name')} />
    </FormDialog>
  );
}
