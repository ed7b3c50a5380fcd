import { useStore } from '@nanostores/react';
import { FormDialog } from '../../../components/FormDialog';
import { SelectField } from '../../../components/form/SelectField';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import type { DomainDetail } from '../../../lib/api/domains';
import { $placementChoices, hostingForm, loadAccountChoices } from '../../../stores/domain-placement';
import { HostingAccountOptions } from '../HostingAccountOptions';

/** Modify Hosting Account (spec part 2, 2.5 and 4.1): accounts that are not ACTIVE cannot be chosen. */
export function ModifyHostingDialog({ domain }: { domain: DomainDetail }) {
  const { form, dialog } = useFormDialog(hostingForm, { initial: { hosting_account: domain.hosting_account?.guid ?? '' }, onOpen: () => void loadAccountChoices() });
  const { loading, accounts } = useStore($placementChoices);
  return (
    <FormDialog title="Modify Hosting Account" {...dialog} trigger="Modify" triggerSize="small" submitLabel="Save" submitDisabled={loading}>
      <SelectField label="Hosting account" value={form.values.hosting_account} onValueChange={(v) => form.set('hosting_account', v)} error={form.errors.hosting_account}>
        {loading ? <option value={form.values.hosting_account}>Loading...</option> : null}
        <HostingAccountOptions accounts={accounts} />
      </SelectField>
    </FormDialog>
  );
}
