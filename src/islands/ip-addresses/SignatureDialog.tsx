import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { FormDialog } from '../../components/FormDialog';
import { SelectField } from '../../components/form/SelectField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { $signatures, loadSignatures, signatureForm } from '../../stores/ip-addresses';
import { $signatureTarget } from './signature-target';

/** Modify signature (spec part 3, 2.2 and 5 "Signature"), opened from a row. */
export function SignatureDialog() {
  const target = useStore($signatureTarget);
  const signatures = useStore($signatures);
  const { form, dialog } = useFormDialog(signatureForm, {
    initial: { ip_address: target?.ip.guid ?? '', signature: target?.ip.signature?.guid ?? '' },
    onOpen: () => void loadSignatures(),
  });
  const { onOpenChange } = dialog;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each click on a row's Modify opens it (`at` changes), with that row's values.
  useEffect(() => {
    if (target) onOpenChange(true);
  }, [target?.at]);
  return (
    <FormDialog title="Modify signature" {...dialog} submitLabel="Save">
      <p>
        IP address <span className="mono">{target?.ip.ip_address}</span>
      </p>
      {form.errors.ip_address ? (
        <p className="field-error" role="alert">
          {form.errors.ip_address}
        </p>
      ) : null}
      <SelectField label="Signature" value={form.values.signature} onValueChange={(v) => form.set('signature', v)} error={form.errors.signature}>
        <option value="">Choose a signature</option>
        {signatures.map((s) => (
          <option key={s.guid} value={s.guid}>
            {s.signature}
            {s.is_default ? ' (default)' : ''}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
