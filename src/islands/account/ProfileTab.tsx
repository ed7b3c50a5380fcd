import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { Switch } from '../../components/Switch';
import { $profile, saveProfile, savePreference, type FormErrors } from '../../stores/account-profile';
import type { PreferenceKey } from '../../lib/schemas/account';
import { PasswordCard } from './PasswordCard';
import { TwoFactorCard } from './TwoFactorCard';

const PREFERENCES: { key: PreferenceKey; label: string }[] = [
  { key: 'receive_failed_login_emails', label: 'Failed login emails' },
  { key: 'receive_automated_sales_emails', label: 'Automated sales emails (with coupons)' },
  { key: 'receive_marketing_emails', label: 'Marketing emails' },
  { key: 'receive_update_emails', label: 'Update emails' },
];

/** Names, read-only email, 2FA, password and email preferences (spec part 1, 2.6 and 2.10). */
export function ProfileTab() {
  const { loading, data, savingPreference } = useStore($profile);
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (data) {
      setFirst(data.first_name);
      setLast(data.last_name);
    }
  }, [data?.first_name, data?.last_name]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors((await saveProfile({ first_name: first, last_name: last })) ?? {});
    setBusy(false);
  }

  if (!data) {
    return (
      <p className="muted" role="status">
        {loading ? 'Loading...' : 'The profile could not be loaded.'}
      </p>
    );
  }

  return (
    <div className="account-grid">
      <section className="card" aria-labelledby="profile-title">
        <h2 id="profile-title" className="card-title">
          Profile
        </h2>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <TextField label="First name" value={first} onValueChange={setFirst} error={errors.first_name} autoComplete="given-name" />
          <TextField label="Last name" value={last} onValueChange={setLast} error={errors.last_name} autoComplete="family-name" />
          <TextField label="Email" value={data.email} onValueChange={() => undefined} readOnly aria-describedby="email-note" />
          <p id="email-note" className="muted field-note">
            Contact support to change the email address.
          </p>
          <button type="submit" className="button button-primary" disabled={busy}>
            Update Profile
          </button>
        </form>
      </section>
      <div>
        <TwoFactorCard />
        <PasswordCard />
        <section className="card" aria-labelledby="preferences-title">
          <h2 id="preferences-title" className="card-title">
            Email Preferences
          </h2>
          {PREFERENCES.map((p) => (
            <Switch key={p.key} label={p.label} checked={data[p.key]} disabled={savingPreference === p.key} onCheckedChange={(on) => void savePreference(p.key, on)} />
          ))}
        </section>
      </div>
    </div>
  );
}
