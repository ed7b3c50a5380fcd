import { useStore } from '@nanostores/react';
import { FormDialog } from '../../components/FormDialog';
import { SelectField } from '../../components/form/SelectField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { $groupChoices, loadGroupChoices, moveForm } from '../../stores/ip-addresses';

/** Move IP addresses to another group (spec part 3, 2.2; the message of spec decisions, 2). */
export function MoveDialog({ disabled, what }: { disabled: boolean; what: string }) {
  const groups = useStore($groupChoices);
  const { form, dialog } = useFormDialog(moveForm, { initial: { destination_group: '' }, onOpen: () => void loadGroupChoices() });
  return (
    <FormDialog title="Move IP addresses" {...dialog} trigger="Move" triggerDisabled={disabled} submitLabel="Move">
      <p>Move {what} to another group.</p>
      <SelectField
        label="Destination group"
        value={form.values.destination_group}
        onValueChange={(v) => form.set('destination_group', v)}
        error={form.errors.destination_group ?? form.errors.ip_addresses}
      >
        <option value="">Choose a group</option>
        {groups.map((g) => (
          <option key={g.guid} value={g.guid}>
            {g.name}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
