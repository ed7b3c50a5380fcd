import { useState, type FormEvent } from 'react';
import { Dialog, FormFooter } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { savePassword, type FormErrors } from '../../stores/account-profile';

const EMPTY = { old_password: '', new_password: '', new_password_repeat: '' };

/** The Password card: Reset opens the change-password dialog (spec part 1, 2.6). */
export function PasswordCard() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  function openChange(next: boolean) {
    setOpen(next);
    if (next) {
      setValues(EMPTY);
      setErrors({});
    }
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    setBusy(true);
    const result = await savePassword(values);
    setBusy(false);
    if (result === null) setOpen(false);
    else setErrors(result);
  }

  const field = (key: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      value={values[key]}
      onValueChange={(v) => setValues({ ...values, [key]: v })}
      error={errors[key]}
      autoComplete={autoComplete}
    />
  );

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title" className="card-title">
        Password
      </h2>
      <p className="muted">Changing the password signs you out everywhere else.</p>
      <Dialog
        title="Change Password"
        size="sm"
        open={open}
        onOpenChange={openChange}
        trigger={
          <button type="button" className="button">
            Reset
          </button>
        }
        footer={<FormFooter form="password-form" submitLabel="Change Password" busy={busy} onCancel={() => setOpen(false)} />}
      >
        <form id="password-form" onSubmit={(e) => void submit(e)} noValidate>
          {field('old_password', 'Old password', 'current-password')}
          {field('new_password', 'New password', 'new-password')}
          {field('new_password_repeat', 'Repeat new password', 'new-password')}
        </form>
      </Dialog>
    </section>
  );
}
