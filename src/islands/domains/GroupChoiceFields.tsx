import { useStore } from '@nanostores/react';
import { Checkbox } from '../../components/Checkbox';
import { SelectField } from '../../components/form/SelectField';
import { NO_HOSTING_ACCOUNTS } from '../../lib/schemas/domain-groups';
import { $groupChoices } from '../../stores/domain-groups';
import { HostingAccountOptions } from './HostingAccountOptions';

interface GroupChoiceFieldsProps {
  account: string;
  onAccountChange: (guid: string) => void;
  accountError: string | undefined;
  /** Name of the field the server names in its sentences. */
  accountField: string;
  ipGroups: readonly string[];
  onIpGroupsChange: (guids: string[]) => void;
  ipGroupsError: string | undefined;
}

/**
 * The default hosting account (ACTIVE ones only, see HostingAccountOptions) and the allowed IP
 * groups (none ticked allows them all) of the Add Domain Group and Settings dialogs.
 */
export function GroupChoiceFields({ account, onAccountChange, accountError, accountField, ipGroups, onIpGroupsChange, ipGroupsError }: GroupChoiceFieldsProps) {
  const choices = useStore($groupChoices);
  if (choices.loading) {
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  const toggle = (guid: string, on: boolean) => onIpGroupsChange(on ? [...ipGroups, guid] : ipGroups.filter((g) => g !== guid));
  return (
    <>
      {choices.accounts.length === 0 ? (
        <div className="alert alert-warning" role="alert">
          {NO_HOSTING_ACCOUNTS}
        </div>
      ) : (
        <SelectField label="Default hosting account" name={accountField} value={account} onValueChange={onAccountChange} error={accountError}>
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
