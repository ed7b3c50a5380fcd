import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { useForm } from '../../components/form/use-form';
import { $reset, checkResetLink, resetForm } from '../../stores/auth-pages';
import '../../styles/auth.css';

/** /auth/reset?hash=: a spinner while the link is checked, then the new password twice (spec part 1, 2.3). */
export function ResetForm({ hash }: { hash: string }) {
  const page = useStore($reset);
  useEffect(() => void checkResetLink(hash), [hash]);

  if (page.status === 'checking' || page.status === 'idle') return <div className="spinner" role="status" aria-label="Checking the link" />;
  if (page.status === 'failed') {
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
  return <NewPasswordForm hash={hash} />;
}

/** The link checked out: the new password, twice. */
function NewPasswordForm({ hash }: { hash: string }) {
  const form = useForm(resetForm, { initial: { hash, password: '', password_repeat: '' } });
  return (
    <form className="auth-form" {...form.form}>
      <TextField label="New password" type="password" autoComplete="new-password" {...form.text('password')} />
      <TextField label="Repeat password" type="password" autoComplete="new-password" {...form.text('password_repeat')} />
      <button type="submit" className="button button-primary button-block" disabled={form.busy}>
        {form.busy ? 'Saving...' : 'Reset password'}
      </button>
    </form>
  );
}
