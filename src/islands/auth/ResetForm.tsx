import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { $reset, checkResetLink, submitReset } from '../../stores/auth-pages';
import '../../styles/auth.css';

/** /auth/reset?hash=: a spinner while the link is checked, then the new password twice (spec part 1, 2.3). */
export function ResetForm({ hash }: { hash: string }) {
  const form = useStore($reset);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  useEffect(() => void checkResetLink(hash), [hash]);

  if (form.status === 'checking' || form.status === 'idle') return <div className="spinner" role="status" aria-label="Checking the link" />;
  if (form.status === 'failed') {
    return (
      <div>
        <div className="alert alert-error" role="alert">
          This password reset link is not valid or has expired.
        </div>
        <p className="auth-alt">
          <a href="/auth/recover">Request a new link</a>
        </p>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void submitReset(hash, password, repeat);
  }
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <TextField label="New password" name="password" type="password" autoComplete="new-password" value={password} onValueChange={setPassword} error={form.fields.password} />
      <TextField label="Repeat password" name="password_repeat" type="password" autoComplete="new-password" value={repeat} onValueChange={setRepeat} error={form.fields.password_repeat} />
      <button type="submit" className="button button-primary button-block" disabled={form.status === 'sending'}>
        {form.status === 'sending' ? 'Saving...' : 'Reset password'}
      </button>
    </form>
  );
}
