import { useStore } from '@nanostores/react';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { $groupChoices, addGroupForm, loadGroupChoices } from '../../stores/domain-groups';
import { GroupChoiceFields } from './GroupChoiceFields';

const EMPTY = { name: '', default_hosting_account: '', ip_address_groups: [] as string[] };

/** Add Domain Group (spec part 2, 2.2 and 5): name, default hosting account, allowed IP groups. */
export function AddDomainGroupDialog({ triggerLabel = 'Add Domain Group' }: { triggerLabel?: string }) {
  const { form, dialog } = useFormDialog(addGroupForm, { initial: EMPTY, onOpen: () => void loadGroupChoices() });
  const choices = useStore($groupChoices);
  const noAccounts = !choices.loading && choices.accounts.length === 0;

  return (
    <FormDialog title="Add Domain Group" {...dialog} trigger={triggerLabel} triggerVariant="primary" submitLabel="Add Domain Group" submitDisabled={noAccounts || choices.loading}>
      <TextField label="Name" autoComplete="off" {...form.text('name')} />
      <GroupChoiceFields form={form} ipGroupsField="ip_address_groups" />
    </FormDialog>
  );
}
