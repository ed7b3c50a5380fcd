import { useStore } from '@nanostores/react';
import { Checkbox } from '../../components/Checkbox';
import { SelectField } from '../../components/form/SelectField';
import type { FormBinding } from '../../components/form/use-form';
import { NO_HOSTING_ACCOUNTS } from '../../lib/schemas/domain-groups';
import { $groupChoices } from '../../stores/domain-groups';
import { HostingAccountOptions } from './HostingAccountOptions';

/** The names of V's lists of guids. */
type ListField<V> = { [P in keyof V & string]: V[P] extends string[] | undefined ? P : never }[keyof V & string];

interface GroupChoiceFieldsProps<V extends { default_hosting_account: string }> {
  form: Pick<FormBinding<V, unknown>, 'values' | 'set' | 'errors'>;
  /** The form's name for the allowed IP groups (the add call and the settings call name them apart). */
  ipGroupsField: ListField<V>;
}

/**
 * The default hosting account (ACTIVE ones only, see HostingAccountOptions) and the allowed IP
 * groups (none ticked allows them all) of the Add Domain Group and Settings dialogs.
 */
export function GroupChoiceFields<V extends { default_hosting_account: string }>({ form, ipGroupsField }: GroupChoiceFieldsProps<V>) {
  const choices = useStore($groupChoices);
  if (choices.loading) {
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  const ipGroups = (form.values[ipGroupsField] as string[] | undefined) ?? [];
  const ipGroupsError = form.errors[ipGroupsField];
  const toggle = (guid: string, on: boolean) => form.set(ipGroupsField, (on ? [...ipGroups, guid] : ipGroups.filter((g) => g !== guid)) as V[ListField<V>]);
  return (
    <>
      {choices.accounts.length === 0 ? (
        <div className="alert alert-warning" role="alert">
          {NO_HOSTING_ACCOUNTS}
        </div>
      ) : (
        <SelectField
          label="Default hosting account"
          name="default_hosting_account"
          value={form.values.default_hosting_account}
          onValueChange={(v) => form.set('default_hosting_account', v as V['default_hosting_account'])}
          error={form.errors.default_hosting_account}
        >
          <option value="">Choose a hosting account</option>
          <HostingAccountOptions accounts={choices.accounts} />
        </SelectField>
      )}
      {choices.ipGroups.length ? (
        <fieldset className="field choice-list">
          <legend className="field-label">Allowed IP groups</legend>
          <p className="field-hint">None ticked allows every group.</p>
          <div className="choice-list-box">
            {choices.ipGroups.map((g) => (
              <Checkbox key={g.guid} label={g.name} checked={ipGroups.includes(g.guid)} onCheckedChange={(on) => toggle(g.guid, on)} />
            ))}
          </div>
          {ipGroupsError ? (
            <p className="field-error" role="alert">
              {ipGroupsError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}
