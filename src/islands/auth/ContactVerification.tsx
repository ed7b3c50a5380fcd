import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { $contact, submitContactCode } from '../../stores/auth-pages';
import '../../styles/auth.css';

/** /auth/verify/contact?hash=: the code from the email (spec part 1, 2.3). */
export function ContactVerification({ hash }: { hash: string }) {
  const form = useStore($contact);
  const [code, setCode] = useState('');
  if (form.status === 'done') return <div className="alert alert-success" role="status">{form.message}</div>;

  function submit(event: FormEvent) {
    event.preventDefault();
    void submitContactCode(hash, code);
  }
  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <TextField label="Verification code" name="verification_code" autoComplete="one-time-code" inputMode="numeric" value={code} onValueChange={setCode} error={form.fields.verification_code} />
      <button type="submit" className="button button-primary button-block" disabled={form.status === 'sending'}>
        {form.status === 'sending' ? 'Verifying...' : 'Verify'}
      </button>
    </form>
  );
}
