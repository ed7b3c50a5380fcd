import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { useForm } from '../../components/form/use-form';
import { $recover, recoverForm } from '../../stores/auth-pages';
import { leaveIfSignedIn } from '../../stores/login';
import '../../styles/auth.css';

/** /auth/recover: one email field (spec part 1, 2.3). */
export function RecoverForm() {
  const page = useStore($recover);
  const form = useForm(recoverForm, { initial: { email_address: '' } });
  useEffect(() => leaveIfSignedIn(), []);

  if (page.status === 'done') {
    return (
      <div>
        <div className="alert alert-success" role="status">
          {page.message}
        </div>
        <p className="auth-alt">
          <a href="/auth/login">Back to login</a>
        </p>
      </div>
    );
  }
  return (
    <form className="auth-form" {...form.form}>
      <p>Enter the email address of your account and we will send you a link to set a new password.</p>
      <TextField label="Email" type="email" autoComplete="username" {...form.text('email_address')} />
      <button type="submit" className="button button-primary button-block" disabled={form.busy}>
        {form.busy ? 'Sending...' : 'Send reset link'}
      </button>
      <p className="auth-alt">
        <a href="/auth/login">Back to login</a>
      </p>
    </form>
  );
}
