import { FormDialog } from '../../components/FormDialog';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { IP_BULK_ACTIONS, IP_BULK_LABELS, type IpBulkAction } from '../../lib/schemas/ip-addresses';
import { bulkForm } from '../../stores/ip-addresses';

/** Bulk actions (spec part 3, 5 "Bulk action" and 9): HTTP/2 on or off for the selection's dedicated addresses. */
export function IpBulkDialog({ disabled, what }: { disabled: boolean; what: string }) {
  const { form, dialog } = useFormDialog(bulkForm, { initial: { action: '' as IpBulkAction | '' } });
  return (
    <FormDialog title="Bulk actions" {...dialog} trigger="Bulk Actions" triggerDisabled={disabled} submitLabel="Apply">
      <fieldset className="choice-group">
        <legend className="field-label">Action for {what}</legend>
        {IP_BULK_ACTIONS.map((a) => (
          <label key={a} className="choice">
            <input type="radio" name="ip-bulk-action" value={a} checked={form.values.action === a} onChange={() => form.set('action', a)} />
            <span>{IP_BULK_LABELS[a]}</span>
          </label>
        ))}
        {form.errors.action || form.errors.ip_addresses ? (
          <p className="field-error" role="alert">
            {form.errors.action ?? form.errors.ip_addresses}
          </p>
        ) : null}
      </fieldset>
      <p className="muted">Shared IP addresses keep HTTP/1.1: their HTTP version cannot be edited.</p>
    </FormDialog>
  );
}
