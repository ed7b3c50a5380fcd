import { Checkbox } from '../../components/Checkbox';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import type { DomainGroup } from '../../lib/api/domains';
import { groupSettingsForm, loadGroupChoices } from '../../stores/domain-groups';
import { GroupChoiceFields } from './GroupChoiceFields';

const valuesOf = (g: DomainGroup) => ({
  name: g.name,
  default_hosting_account: g.default_hosting_account?.guid ?? '',
  include_subdomains_in_list: g.include_subdomains_in_list,
  allowed_ip_address_groups: g.allowed_ip_address_groups.map((a) => a.guid),
});

/** The group Settings dialog (spec part 2, 2.3 and 5 "Group settings"). */
export function GroupSettingsDialog({ group }: { group: DomainGroup }) {
  const { form, dialog } = useFormDialog(groupSettingsForm, { initial: valuesOf(group), onOpen: () => void loadGroupChoices() });

  return (
    <FormDialog title="Group settings" {...dialog} trigger="Settings" submitLabel="Save">
      <TextField label="Name" autoComplete="off" {...form.text('name')} />
      <GroupChoiceFields form={form} ipGroupsField="allowed_ip_address_groups" />
      <Checkbox
        label="Show subdomains in the domain list"
        checked={form.values.include_subdomains_in_list ?? false}
        onCheckedChange={(on) => form.set('include_subdomains_in_list', on)}
      />
    </FormDialog>
  );
}
