import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { $recover, requestReset } from '../../stores/auth-pages';
import { leaveIfSignedIn } from '../../stores/login';
import '../../styles/auth.css';

/** /auth/recover: one email field (spec part 1, 2.3). */
export function RecoverForm() {
  const form = useStore($recover);
  const [email, setEmail] = useState('');
  useEffect(() => leaveIfSignedIn(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void requestReset(email);
  }

  if (form.status === 'done') {
    return (
      <div>
        <div className="alert alert-success" role="status">
          {form.message}
        </div>
        <p className="auth-alt">
          <a href="/auth/login">Back to login</a>
        </p>
      </div>
    );
  }
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <p>Enter the email address of your account and we will send you a link to set a new password.</p>
      <TextField label="Email" name="email" type="email" autoComplete="username" value={email} onValueChange={setEmail} error={form.fields.email_address} />
      <button type="submit" className="button button-primary button-block" disabled={form.status === 'sending'}>
        {form.status === 'sending' ? 'Sending...' : 'Send reset link'}
      </button>
      <p className="auth-alt">
        <a href="/auth/login">Back to login</a>
      </p>
    </form>
  );
}
