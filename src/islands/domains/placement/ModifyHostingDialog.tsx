import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { FormDialog } from '../../../components/FormDialog';
import { SelectField } from '../../../components/form/SelectField';
import { useForm } from '../../../components/form/use-form';
import type { DomainDetail } from '../../../lib/api/domains';
import { $placementChoices, hostingForm, loadAccountChoices } from '../../../stores/domain-placement';

/** Modify Hosting Account (spec part 2, 2.5 and 4.1): accounts that are not ACTIVE cannot be chosen. */
export function ModifyHostingDialog({ domain }: { domain: DomainDetail }) {
  const [open, setOpen] = useState(false);
  const form = useForm(hostingForm, { initial: { hosting_account: domain.hosting_account?.guid ?? '' }, onDone: () => setOpen(false) });
  const { loading, accounts } = useStore($placementChoices);
  return (
    <FormDialog
      title="Modify Hosting Account"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          form.reset();
          void loadAccountChoices();
        }
      }}
      trigger={
        <button type="button" className="button button-small">
          Modify
        </button>
      }
      submitLabel="Save"
      busy={form.busy}
      submitDisabled={loading}
      onSubmit={form.form.onSubmit}
      formRef={form.form.ref}
    >
      <SelectField label="Hosting account" value={form.values.hosting_account} onValueChange={(v) => form.set('hosting_account', v)} error={form.errors.hosting_account}>
        {loading ? <option value={form.values.hosting_account}>Loading...</option> : null}
        {accounts.map((a) => (
          <option key={a.guid} value={a.guid} disabled={a.status !== 'ACTIVE'}>
            {a.status === 'ACTIVE' ? a.name : `${a.name} (${a.status.toLowerCase()})`}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
