import { TextField } from '../../components/TextField';
import { useForm } from '../../components/form/use-form';
import { customHostForm, NEW_CUSTOM_HOST } from '../../stores/hosting-accounts';
import { DESTINATION_TYPES, type DestinationType } from '../../lib/schemas/hosting-accounts';

const DESTINATION_WORDS: Record<DestinationType, string> = { IP_ADDRESS: 'IP address', HOSTNAME: 'Hostname' };

/**
 * The Own Server tab (spec part 3, 2.8 and 5 "Custom host"): a name and the server, by IP
 * address (the default) or by hostname; 'Custom host successfully added!' and the list reloads.
 */
export function OwnServerForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const form = useForm(customHostForm, { initial: NEW_CUSTOM_HOST, onDone });
  const byName = form.values.destination_type === 'HOSTNAME';
  return (
    <form {...form.form} className="own-server-form">
      <p className="muted">Point domains at a server of your own: the panel manages their DNS, your server hosts them.</p>
      <TextField label="Name" autoComplete="off" {...form.text('name')} />
      <fieldset className="choice-group">
        <legend className="field-label">Destination type</legend>
        {DESTINATION_TYPES.map((d) => (
          <label key={d} className="choice">
            <input type="radio" name="destination_type" value={d} checked={form.values.destination_type === d} onChange={() => form.set('destination_type', d)} />
            {DESTINATION_WORDS[d]}
          </label>
        ))}
      </fieldset>
      {byName ? (
        <TextField key="hostname" label="Hostname" autoComplete="off" placeholder="server1.example.com" {...form.text('hostname')} />
      ) : (
        <TextField key="ip_address" label="IP address" autoComplete="off" placeholder="192.0.2.10" {...form.text('ip_address')} />
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel} disabled={form.busy}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={form.busy}>
          Add Custom Host
        </button>
      </div>
    </form>
  );
}
