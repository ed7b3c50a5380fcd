import { useStore } from '@nanostores/react';
import { FormDialog } from '../../../components/FormDialog';
import { TextField } from '../../../components/TextField';
import { SelectField } from '../../../components/form/SelectField';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import { $openDomain } from '../../../stores/domains';
import { $subdomainChoices, loadSubdomainChoices, subdomainForm, type SubdomainValues } from '../../../stores/domain-extras';
import { HostingAccountOptions } from '../HostingAccountOptions';
import { IpAddressOptions } from '../IpAddressOptions';

const EMPTY: SubdomainValues = { subdomain: '', ip_address: '', hosting_account: '' };

/**
 * Add a Subdomain (spec part 2, 5 "Subdomain"): the name ('*' for a wildcard), an address of
 * the group (those with no free website slot disabled) and an ACTIVE hosting account.
 */
export function AddSubdomainDialog({ domain }: { domain: string }) {
  const { form, dialog } = useFormDialog(subdomainForm, { initial: EMPTY, onOpen: () => void loadSubdomainChoices(domain) });
  const { loading, ips, accounts } = useStore($subdomainChoices);
  const parent = useStore($openDomain);
  const parentName = parent?.guid === domain ? parent.domain?.domain : undefined;

  return (
    <FormDialog title="Add a Subdomain" {...dialog} trigger="Add Subdomain" triggerVariant="primary" submitLabel="Create" submitDisabled={loading}>
      <TextField
        label="Subdomain"
        autoComplete="off"
        placeholder="blog"
        hint={`Letters a-z, digits and '-'; '*' for a wildcard${parentName ? `. It becomes name.${parentName}` : ''}.`}
        {...form.text('subdomain')}
      />
      <SelectField label="IP address" value={form.values.ip_address} onValueChange={(v) => form.set('ip_address', v)} error={form.errors.ip_address}>
        <option value="">{loading ? 'Loading...' : 'Choose an IP address'}</option>
        <IpAddressOptions ips={ips} />
      </SelectField>
      <SelectField label="Hosting account" value={form.values.hosting_account} onValueChange={(v) => form.set('hosting_account', v)} error={form.errors.hosting_account}>
        <option value="">{loading ? 'Loading...' : 'Choose a hosting account'}</option>
        <HostingAccountOptions accounts={accounts} />
      </SelectField>
    </FormDialog>
  );
}
