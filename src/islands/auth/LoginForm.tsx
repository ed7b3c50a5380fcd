import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { $loginForm, leaveIfSignedIn, requestVerificationEmail, submitLogin } from '../../stores/login';
import { DeviceStep, TwoFactorStep } from './LoginSteps';
import '../../styles/auth.css';

export interface LoginFormProps {
  /** Which notice the URL asks for: after sign-up, or after the email was verified. */
  notice?: 'registered' | 'verified' | null;
}

/** Sign-in with email and password, then the 2FA or device step the server asks for (spec part 1, 2.3 and 4). */
export function LoginForm({ notice = null }: LoginFormProps) {
  const form = useStore($loginForm);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => {
    leaveIfSignedIn();
  }, []);

  if (form.step === '2fa') return <TwoFactorStep />;
  if (form.step === 'device') return <DeviceStep />;

  function submit(event: FormEvent) {
    event.preventDefault();
    void submitLogin({ email, password });
  }

  return (
    <form className="auth-form" method="post" onSubmit={submit} noValidate>
      {notice === 'registered' ? (
        <div className="alert alert-success" role="status">
          <strong>Check your email</strong>
          <p>We sent you a link to verify your email address. Open it, then log in here.</p>
        </div>
      ) : null}
      {notice === 'verified' ? (
        <div className="alert alert-success" role="status">
          Your email address is verified. You can log in now.
        </div>
      ) : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        value={email}
        onValueChange={setEmail}
        error={form.fields.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        error={form.fields.password}
      />
      <div className="auth-row">
        <a href="/auth/recover">Forgot password?</a>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
        {form.submitting ? 'Logging in...' : 'Login'}
      </button>
      {form.emailNotVerified ? (
        <button type="button" className="button button-block auth-secondary" onClick={() => void requestVerificationEmail()} disabled={form.submitting}>
          Request new verification email
        </button>
      ) : null}
      <p className="auth-alt">
        New here? <a href="/auth/register">Create Account</a>
      </p>
    </form>
  );
}
