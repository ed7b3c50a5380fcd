import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { typedValues, useTypedBeforeHydration } from '../../components/form/typed-values';
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
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => (name === 'email' ? setEmail(value) : name === 'password' ? setPassword(value) : undefined));

  useEffect(() => {
    leaveIfSignedIn();
  }, []);

  if (form.step === '2fa') return <TwoFactorStep />;
  if (form.step === 'device') return <DeviceStep />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The fields as they show now are what is sent, typed before the script ran or after.
    const typed = typedValues(event.currentTarget);
    void submitLogin({ email: typed.email ?? email, password: typed.password ?? password });
  }

  return (
    <form className="auth-form" method="post" onSubmit={submit} noValidate ref={formRef}>
      {notice === 'registered' && !form.attempted ? (
        <div className="alert alert-success" role="status">
          <strong>Check your email</strong>
          <p>We sent you a link to verify your email address. Open it, then log in here.</p>
        </div>
      ) : null}
      {notice === 'verified' && !form.attempted ? (
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
      {form.message ? (
        <p className="alert alert-error" role="alert">
          {form.message}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={form.submitting} aria-busy={form.submitting}>
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
