import { useState } from 'react';
import { Can } from '../../components/Can';
import { openSignIn, type SignInTarget } from '../../stores/domain-login';

/** Spec part 2, section 8: shown where automatic sign-in is not offered. */
export const AUTOMATIC_LOGIN_NOT_ALLOWED = 'Automatic login not allowed!';

const SCOPE = { software: 'can_login_to_software', cpanel: 'can_login_to_hosting_accounts' } as const;

/**
 * Log in to the domain's software or its account's cPanel, in a new window (spec part 2, 2.3
 * "Software column", 7.2). Without the scope, or where `allowed` is false (an imported
 * installation, a custom host), it says 'Automatic login not allowed!' instead.
 */
export function SignInButton({ target, domain, label, allowed = true }: { target: SignInTarget; domain: string; label: string; allowed?: boolean }) {
  const [busy, setBusy] = useState(false);
  const refused = <span className="muted">{AUTOMATIC_LOGIN_NOT_ALLOWED}</span>;
  if (!allowed) return refused;
  return (
    <Can scope={SCOPE[target]} fallback={refused}>
      <button
        type="button"
        className="button button-small"
        disabled={busy}
        onClick={(event) => {
          // In a table row, the click opens the sign-in, not the row's drawer.
          event.stopPropagation();
          setBusy(true);
          void openSignIn(target, domain).finally(() => setBusy(false));
        }}
      >
        {label}
      </button>
    </Can>
  );
}
