import { useStore } from '@nanostores/react';
import { FormDialog } from '../../../components/FormDialog';
import { SelectField } from '../../../components/form/SelectField';
import { useFormDialog } from '../../../components/form/use-form-dialog';
import type { DomainDetail } from '../../../lib/api/domains';
import { SHARED_IP_FIXED } from '../../../lib/schemas/domain-placement';
import { $placementChoices, ipForm, loadIpChoices } from '../../../stores/domain-placement';
import { IpAddressOptions } from '../IpAddressOptions';

/**
 * Modify IP Address (spec part 2, 2.5 and 9): an address of the group with a free website slot,
 * and for a dedicated address its signature and HTTP version (fixed for shared addresses).
 */
export function ModifyIpDialog({ domain }: { domain: DomainDetail }) {
  const current = domain.ip_address;
  const initial = { ip_address: current?.guid ?? '', signature: current?.signature?.guid ?? null, http_version: current?.http_version ?? 1 };
  const { form, dialog } = useFormDialog(ipForm, { initial, onOpen: () => void loadIpChoices(domain.group.guid) });
  const { loading, ips, signatures } = useStore($placementChoices);
  const chosen = ips.find((ip) => ip.guid === form.values.ip_address);
  const shared = chosen?.ip_address_type === 'SHARED';

  return (
    <FormDialog title="Modify IP Address" {...dialog} trigger="Modify" triggerSize="small" submitLabel="Save" submitDisabled={loading}>
      <SelectField label="IP address" value={form.values.ip_address} onValueChange={(v) => form.set('ip_address', v)} error={form.errors.ip_address}>
        {loading ? <option value={form.values.ip_address}>Loading...</option> : null}
        <IpAddressOptions ips={ips} current={current?.guid} />
      </SelectField>
      {shared ? (
        <p className="alert alert-info" role="status">
          {SHARED_IP_FIXED}
        </p>
      ) : null}
      <SelectField
        label="Signature"
        value={form.values.signature ?? ''}
        onValueChange={(v) => form.set('signature', v || null)}
        error={form.errors.signature}
        disabled={shared || signatures.length === 0}
      >
        <option value="">Default</option>
        {signatures.map((s) => (
          <option key={s.guid} value={s.guid}>
            {s.signature}
          </option>
        ))}
      </SelectField>
      <SelectField label="HTTP version" value={String(form.values.http_version ?? 1)} onValueChange={(v) => form.set('http_version', v === '2' ? 2 : 1)} disabled={shared}>
        <option value="1">HTTP/1.1</option>
        <option value="2">HTTP/2</option>
      </SelectField>
    </FormDialog>
  );
}
