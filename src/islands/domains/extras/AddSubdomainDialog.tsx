import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { FormDialog } from '../../../components/FormDialog';
import { TextField } from '../../../components/TextField';
import { SelectField } from '../../../components/form/SelectField';
import { useForm } from '../../../components/form/use-form';
import { flagOf } from '../../../lib/format/flag';
import { $openDomain } from '../../../stores/domains';
import { $subdomainChoices, loadSubdomainChoices, subdomainForm, type SubdomainValues } from '../../../stores/domain-extras';

const EMPTY: SubdomainValues = { subdomain: '', ip_address: '', hosting_account: '' };

/**
 * Add a Subdomain (spec part 2, 5 "Subdomain"): the name ('*' for a wildcard), an address of
 * the group (those with no free website slot disabled) and an ACTIVE hosting account.
 */
export function AddSubdomainDialog({ domain }: { domain: string }) {
  const [open, setOpen] = useState(false);
  const form = useForm(subdomainForm, { initial: EMPTY, onDone: () => setOpen(false) });
  const { loading, ips, accounts } = useStore($subdomainChoices);
  const parent = useStore($openDomain);
  const parentName = parent?.guid === domain ? parent.domain?.domain : undefined;

  return (
    <FormDialog
      title="Add a Subdomain"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          form.reset();
          void loadSubdomainChoices(domain);
        }
      }}
      trigger={
        <button type="button" className="button button-primary">
          Add Subdomain
        </button>
      }
      submitLabel="Create"
      busy={form.busy}
      submitDisabled={loading}
      onSubmit={form.form.onSubmit}
      formRef={form.form.ref}
    >
      <TextField
        label="Subdomain"
        autoComplete="off"
        placeholder="blog"
        hint={`Letters a-z, digits and '-'; '*' for a wildcard${parentName ? `. It becomes name.${parentName}` : ''}.`}
        {...form.text('subdomain')}
      />
      <SelectField label="IP address" value={form.values.ip_address} onValueChange={(v) => form.set('ip_address', v)} error={form.errors.ip_address}>
        <option value="">{loading ? 'Loading...' : 'Choose an IP address'}</option>
        {ips.map((ip) => {
          // Spec part 2, 5: addresses with no free website slot are disabled.
          const full = ip.domain_count >= ip.domains_allowed;
          return (
            <option key={ip.guid} value={ip.guid} disabled={full}>
              {flagOf(ip.country_code)} {ip.ip_address} ({ip.city}) {ip.domain_count}/{ip.domains_allowed}
              {full ? ' - full' : ''}
            </option>
          );
        })}
      </SelectField>
      <SelectField label="Hosting account" value={form.values.hosting_account} onValueChange={(v) => form.set('hosting_account', v)} error={form.errors.hosting_account}>
        <option value="">{loading ? 'Loading...' : 'Choose a hosting account'}</option>
        {accounts.map((a) => (
          // Spec part 2, 4.1: hosting accounts that are not ACTIVE cannot be chosen.
          <option key={a.guid} value={a.guid} disabled={a.status !== 'ACTIVE'}>
            {a.name}
            {a.status !== 'ACTIVE' ? ` (${a.status})` : ''}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
