import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { useForm } from '../../components/form/use-form';
import { $contact, contactForm } from '../../stores/auth-pages';
import '../../styles/auth.css';

/** /auth/verify/contact?hash=: the code from the email (spec part 1, 2.3). */
export function ContactVerification({ hash }: { hash: string }) {
  const page = useStore($contact);
  const form = useForm(contactForm, { initial: { hash, verification_code: '' } });
  if (page.status === 'done')
    return (
      <div className="alert alert-success" role="status">
        {page.message}
      </div>
    );

  return (
    <form className="auth-form" {...form.form}>
      <TextField label="Verification code" autoComplete="one-time-code" inputMode="numeric" {...form.text('verification_code')} />
      <button type="submit" className="button button-primary button-block" disabled={form.busy}>
        {form.busy ? 'Verifying...' : 'Verify'}
      </button>
    </form>
  );
}
