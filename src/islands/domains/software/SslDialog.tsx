import { Checkbox } from '../../../components/Checkbox';
import { FormDialog } from '../../../components/FormDialog';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import { sslForm } from '../../../stores/domain-software';

/**
 * Install SSL Certificate (spec part 2, 2.5): Let's Encrypt, or a custom certificate (offered,
 * disabled), and whether to include www, which needs a DNS record for www; the www choice is
 * not offered for a domain of type DOMAIN.
 */
export function SslDialog({ hostingType }: { hostingType: string }) {
  const { form, dialog } = useFormDialog(sslForm, { initial: { is_lets_encrypt: true as const, include_www_subdomain: false } });
  const www = form.values.include_www_subdomain ?? false;
  return (
    <FormDialog title="Install SSL certificate" {...dialog} trigger="Install SSL" triggerSize="small" triggerVariant="primary" submitLabel="Install">
      <fieldset className="choice-group bulk-actions">
        <legend className="field-label">Certificate</legend>
        <label className="choice">
          <input type="radio" name="certificate" checked readOnly />
          <span>Let's Encrypt</span>
        </label>
        <label className="choice">
          <input type="radio" name="certificate" disabled />
          <span>Custom SSL certificate (not available yet)</span>
        </label>
      </fieldset>
      {hostingType === 'DOMAIN' ? null : (
        <>
          <Checkbox label="Include the www subdomain" checked={www} onCheckedChange={(on) => form.set('include_www_subdomain', on)} />
          {www ? (
            <p className="alert alert-warning" role="status">
              The www subdomain needs a DNS record (A or CNAME), otherwise the installation fails.
            </p>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
