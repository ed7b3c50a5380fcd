import { useStore } from '@nanostores/react';
import { FormDialog } from '../../../components/FormDialog';
import { TextField } from '../../../components/TextField';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import { GMAIL_ADVICE, isGmail } from '../../../lib/schemas/domain-extras';
import { $openDomain } from '../../../stores/domains';
import { forwarderForm, type ForwarderValues } from '../../../stores/domain-extras';

const EMPTY: ForwarderValues = { email_address: '', forward_to_email_address: '' };

/**
 * Add Email Address (spec part 2, 5 "Email forwarder"): a forwarder, the only type, from a local
 * part ('*' for a catch-all) to a full address, with the advice to avoid Gmail destinations.
 */
export function AddEmailAddressDialog({ domain }: { domain: string }) {
  const { form, dialog } = useFormDialog(forwarderForm, { initial: EMPTY });
  const shown = useStore($openDomain);
  const domainName = shown?.guid === domain ? shown.domain?.domain : undefined;
  const gmail = isGmail(form.values.forward_to_email_address);

  return (
    <FormDialog title="Add Email Address" {...dialog} trigger="Add Email Address" triggerVariant="primary" submitLabel="Create" formClassName="">
      <TextField
        label="Email address"
        autoComplete="off"
        placeholder="info"
        hint={`The part before the @${domainName ? ` of @${domainName}` : ''}: letters a-z, digits, '.', '-' and '_', or '*' for a catch-all.`}
        {...form.text('email_address')}
      />
      <TextField label="Type" value="Forwarder" onValueChange={() => undefined} readOnly />
      <TextField label="Forward to" type="email" autoComplete="off" placeholder="name@example.com" {...form.text('forward_to_email_address')} />
      <p className={gmail ? 'alert alert-error' : 'alert alert-info'} role={gmail ? 'alert' : undefined}>
        {GMAIL_ADVICE}
      </p>
    </FormDialog>
  );
}
