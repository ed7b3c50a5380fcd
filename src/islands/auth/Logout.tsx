import { useEffect } from 'react';
import { logOutAfterDelay } from '../../stores/logout';

/** Says what happens, then ends the session after the spec's short pause. */
export function Logout() {
  useEffect(() => {
    void logOutAfterDelay();
  }, []);
  return (
    <p className="auth-status" role="status">
      Logging out...
    </p>
  );
}
