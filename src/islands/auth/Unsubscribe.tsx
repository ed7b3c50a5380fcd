import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $unsubscribe, runUnsubscribe } from '../../stores/auth-pages';
import '../../styles/auth.css';

/** /unsubscribe?eid=: a spinner, then the success or the support sentence (spec part 1, 2.9). */
export function Unsubscribe({ eid }: { eid: string | null }) {
  const state = useStore($unsubscribe);
  useEffect(() => void runUnsubscribe(eid), [eid]);
  if (state.status === 'checking') return <div className="spinner" role="status" aria-label="Unsubscribing" />;
  return (
    <div className={`alert ${state.status === 'done' ? 'alert-success' : 'alert-error'}`} role={state.status === 'done' ? 'status' : 'alert'}>
      {state.message}
    </div>
  );
}
