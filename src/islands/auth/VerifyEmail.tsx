import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $verify, submitVerification } from '../../stores/auth-pages';
import '../../styles/auth.css';

/** /auth/verify?hash=: submits at once, then goes to login (spec part 1, 4). */
export function VerifyEmail({ hash }: { hash: string }) {
  const state = useStore($verify);
  useEffect(() => void submitVerification(hash), [hash]);
  if (state.status === 'done')
    return (
      <div className="alert alert-success" role="status">
        {state.message}
      </div>
    );
  return <div className="spinner" role="status" aria-label="Verifying your email address" />;
}
