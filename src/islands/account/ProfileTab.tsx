import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { Switch } from '../../components/Switch';
import { useForm } from '../../components/form/use-form';
import { $profile, profileForm, savePreference } from '../../stores/account-profile';
import type { Profile } from '../../lib/api/account';
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
        <ProfileForm profile={data} />
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

/** The names, as loaded; the email is shown, not sent. */
function ProfileForm({ profile }: { profile: Profile }) {
  const form = useForm(profileForm, { initial: { first_name: profile.first_name, last_name: profile.last_name } });
  return (
    <form {...form.form}>
      <TextField label="First name" autoComplete="given-name" {...form.text('first_name')} />
      <TextField label="Last name" autoComplete="family-name" {...form.text('last_name')} />
      <TextField label="Email" value={profile.email} onValueChange={() => undefined} readOnly aria-describedby="email-note" />
      <p id="email-note" className="muted field-note">
        Contact support to change the email address.
      </p>
      <button type="submit" className="button button-primary" disabled={form.busy}>
        Update Profile
      </button>
    </form>
  );
}
