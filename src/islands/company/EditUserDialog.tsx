import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { FormDialog } from '../../components/FormDialog';
import { MultiPicker } from '../../components/MultiPicker';
import { Tabs } from '../../components/Tabs';
import { SelectField } from '../../components/form/SelectField';
import { memberTypeWords, statusWords } from '../../lib/format/words';
import { useFormDialog } from '../../components/form/use-form-dialog';
import type { CompanyUser } from '../../lib/api/company';
import { USER_ACCOUNT_TYPES, USER_STATUSES } from '../../lib/schemas/company';
import { $companyPage } from '../../stores/company-page';
import { $restrictionChoices, editUserForm, editValuesOf, loadRestrictionChoices, type PickerChoice, type UserEditValues } from '../../stores/company-users';
import { PermissionEditor } from './PermissionEditor';

const TABS = [
  { value: 'permissions', label: 'Permissions' },
  { value: 'restrictions', label: 'Access restriction' },
] as const;

type RestrictionKey = 'allowed_ip_groups' | 'allowed_domain_groups' | 'allowed_hosting_accounts' | 'allowed_software_presets';

/**
 * The user edit dialog (spec part 3, 2.9 Users, 6), 1,100 px wide: account type and status,
 * then the permission editor with its presets, and the access restriction pickers (empty
 * means access to all).
 */
export function EditUserDialog({ member }: { member: CompanyUser }) {
  const [tab, setTab] = useState<string>('permissions');
  const { form, dialog } = useFormDialog(editUserForm, {
    initial: editValuesOf(member),
    onOpen: () => {
      setTab('permissions');
      void loadRestrictionChoices();
    },
  });
  const held = new Set(useStore($companyPage).company?.permissions ?? []);
  const choices = useStore($restrictionChoices);
  const name = `${member.user.first_name} ${member.user.last_name}`.trim();
  const picker = (key: RestrictionKey, label: string, options: PickerChoice[]) => (
    <MultiPicker
      label={label}
      value={form.values[key]}
      onValueChange={(next) => form.set(key, next)}
      options={options}
      loading={!choices.loaded}
      error={form.errors[key]}
      hint="Leave empty for access to all."
      empty="None to choose."
    />
  );
  return (
    <FormDialog title={`Edit ${name}`} {...dialog} size="xl" formClassName="user-edit-form" trigger="Edit" triggerSize="small" triggerAriaLabel={`Edit ${name}`} submitLabel="Save">
      <div className="user-edit-settings">
        <SelectField
          label="Account type"
          value={form.values.account_type}
          onValueChange={(v) => form.set('account_type', v as UserEditValues['account_type'])}
          error={form.errors.account_type}
        >
          {USER_ACCOUNT_TYPES.map((t) => (
            <option key={t} value={t}>
              {memberTypeWords(t)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" value={form.values.status} onValueChange={(v) => form.set('status', v as UserEditValues['status'])} error={form.errors.status}>
          {USER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusWords(s)}
            </option>
          ))}
        </SelectField>
      </div>
      <Tabs tabs={TABS} value={tab} onValueChange={setTab} label={`Settings of ${name}`}>
        {tab === 'permissions' ? (
          <>
            {form.errors.permissions ? (
              <p className="field-error" role="alert">
                {form.errors.permissions}
              </p>
            ) : null}
            <PermissionEditor value={form.values.permissions} onChange={(next) => form.set('permissions', next)} grantable={held} held={member.permissions} presets />
          </>
        ) : (
          <div className="restriction-pickers">
            {picker('allowed_ip_groups', 'IP groups', choices.ipGroups)}
            {picker('allowed_domain_groups', 'Domain groups', choices.domainGroups)}
            {picker('allowed_hosting_accounts', 'Hosting accounts', choices.hostingAccounts)}
            {picker('allowed_software_presets', 'Software presets', choices.softwarePresets)}
          </div>
        )}
      </Tabs>
    </FormDialog>
  );
}
