import { FormDialog } from '../../components/FormDialog';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { EMPTY_CANCELLATION } from '../../stores/cancellation-form';
import { cancelForm } from '../../stores/ip-addresses';
import { CancellationFields } from '../../components/billing/CancellationFields';

/**
 * The cancellation request (spec part 3, 5 "Cancellation of IP addresses" and 9 "Cancellation"):
 * processed at the end of the billing cycle and not undone; the server refuses addresses with
 * domains or with a request already, in the spec's sentences.
 */
export function CancelDialog({ disabled, what }: { disabled: boolean; what: string }) {
  const { form, dialog } = useFormDialog(cancelForm, { initial: EMPTY_CANCELLATION });
  return (
    <FormDialog
      title="Cancel IP addresses"
      {...dialog}
      trigger="Cancel"
      triggerVariant="danger"
      triggerDisabled={disabled}
      submitLabel="Request cancellation"
      cancelLabel="Close"
      size="lg"
    >
      <p>Cancel {what}. The cancellation is processed at the end of the billing cycle unless you choose otherwise, and it cannot be undone.</p>
      {form.errors.ip_addresses ? (
        <p className="field-error" role="alert">
          {form.errors.ip_addresses}
        </p>
      ) : null}
      <CancellationFields form={form} />
    </FormDialog>
  );
}
