import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { addGroupForm } from '../../stores/ip-addresses';

/** A new IP group (decided in spec/api-calls.tsv). */
export function AddIpGroupDialog() {
  const { form, dialog } = useFormDialog(addGroupForm, { initial: { name: '' } });
  return (
    <FormDialog title="Add IP group" {...dialog} trigger="Add IP Group" triggerVariant="primary" submitLabel="Add">
      <TextField label="Name" autoComplete="off" {...form.text('name')} />
    </FormDialog>
  );
}
