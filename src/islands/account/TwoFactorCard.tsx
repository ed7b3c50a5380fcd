import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Dialog, FormFooter } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { Checkbox } from '../../components/Checkbox';
import type { TwoFactorSetup } from '../../lib/api/two-factor';
import {
  $twoFactor,
  beginTwoFactor,
  clearTwoFactorErrors,
  confirmTwoFactorCode,
  countBackupCodes,
  finishTwoFactor,
  loadTwoFactor,
  newBackupCodes,
  turnOffTwoFactor,
} from '../../stores/two-factor';
import '../../styles/auth.css';

/** The Google Authenticator card of the profile tab (spec part 1, 2.6 and 4). */
export function TwoFactorCard() {
  const { enabled } = useStore($twoFactor);
  useEffect(() => void loadTwoFactor(), []);
  return (
    <section className="card" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="card-title">
        Google Authenticator
      </h2>
      <p className="muted">When two-factor authentication is on, a code from the Google Authenticator app is requested at login.</p>
      {enabled === null ? (
        <div className="spinner" role="status" aria-label="Loading" />
      ) : enabled ? (
        <div className="auth-actions">
          <DisableDialog />
          <BackupCodesDialog />
        </div>
      ) : (
        <EnableDialog />
      )}
    </section>
  );
}

function CodeList({ codes }: { codes: string[] }) {
  return (
    <ul className="backup-codes" aria-label="Backup codes">
      {codes.map((c) => (
        <li key={c}>{c}</li>
      ))}
    </ul>
  );
}

/** Four steps: confirm; QR code and secret; the code from the app; the backup codes with a confirmation. */
function EnableDialog() {
  const { busy, fields } = useStore($twoFactor);
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(1);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [kept, setKept] = useState(false);

  function openChange(next: boolean) {
    // Once 2FA is on, the dialog only closes through Done, which signs out.
    if (!next && step === 4) return;
    setOpen(next);
    if (next) {
      setStep(1);
      setSetup(null);
      setCode('');
      setKept(false);
      clearTwoFactorErrors();
    }
  }

  async function start() {
    const answer = await beginTwoFactor();
    if (answer) {
      setSetup(answer);
      setStep(2);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!setup) return;
    const answer = await confirmTwoFactorCode(setup.guid, code);
    if (answer) {
      setCodes(answer);
      setStep(4);
    }
  }

  const footer =
    step === 1 ? (
      <>
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
        <button type="button" className="button button-primary" onClick={() => void start()} disabled={busy}>
          Continue
        </button>
      </>
    ) : step === 2 ? (
      <button type="button" className="button button-primary" onClick={() => setStep(3)}>
        Next
      </button>
    ) : step === 3 ? (
      <>
        <button type="button" className="button" onClick={() => setStep(2)}>
          Back
        </button>
        <button type="submit" form="two-factor-code" className="button button-primary" disabled={busy}>
          Verify
        </button>
      </>
    ) : (
      <button type="button" className="button button-primary" onClick={() => void finishTwoFactor()} disabled={!kept}>
        Done
      </button>
    );

  return (
    <Dialog
      title="Enable two-factor authentication"
      open={open}
      onOpenChange={openChange}
      trigger={
        <button type="button" className="button button-primary">
          Enable
        </button>
      }
      footer={footer}
    >
      <p className="step-indicator">Step {step} of 4</p>
      {step === 1 ? <p>Install the Google Authenticator app on your phone, then continue. After enabling, you will be logged out and must log in again with a code.</p> : null}
      {step === 2 && setup ? (
        <>
          <p>Scan this QR code with the Google Authenticator app, or type the secret into it.</p>
          <img className="qr-code" src={setup.qrcode} alt="QR code for the Google Authenticator app" />
          <p>
            Secret: <span className="secret-text" data-testid="two-factor-secret">{setup.secret}</span>
          </p>
        </>
      ) : null}
      {step === 3 ? (
        <form id="two-factor-code" onSubmit={(e) => void confirm(e)} noValidate>
          <TextField label="Code from the app" name="code" autoComplete="one-time-code" inputMode="numeric" value={code} onValueChange={(v) => setCode(v.replace(/\s+/g, '').slice(0, 6))} error={fields.code} autoFocus />
        </form>
      ) : null}
      {step === 4 ? (
        <>
          <p>Keep these backup codes somewhere safe. Each works once, when you cannot use the app.</p>
          <CodeList codes={codes} />
          <Checkbox label="I have saved my backup codes" checked={kept} onCheckedChange={setKept} />
        </>
      ) : null}
    </Dialog>
  );
}

function DisableDialog() {
  const { busy, fields } = useStore($twoFactor);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await turnOffTwoFactor(password)) setOpen(false);
  }
  return (
    <Dialog
      title="Disable two-factor authentication"
      size="sm"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setPassword('');
        clearTwoFactorErrors();
      }}
      trigger={
        <button type="button" className="button">
          Disable
        </button>
      }
      footer={<FormFooter form="two-factor-disable" submitLabel="Disable" busy={busy} onCancel={() => setOpen(false)} />}
    >
      <form id="two-factor-disable" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onValueChange={setPassword} error={fields.password} />
      </form>
    </Dialog>
  );
}

/** Codes are stored hashed: the dialog shows how many remain, and new ones after the password. */
function BackupCodesDialog() {
  const { busy, fields } = useStore($twoFactor);
  const [open, setOpen] = useState(false);
  const [left, setLeft] = useState<number | null>(null);
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);

  async function openChange(next: boolean) {
    setOpen(next);
    setPassword('');
    setCodes(null);
    clearTwoFactorErrors();
    if (next) setLeft(await countBackupCodes());
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    const fresh = await newBackupCodes(password);
    if (fresh) setCodes(fresh);
  }
  return (
    <Dialog
      title="Backup codes"
      size="sm"
      open={open}
      onOpenChange={(next) => void openChange(next)}
      trigger={
        <button type="button" className="button">
          View
        </button>
      }
      footer={
        codes ? (
          <button type="button" className="button button-primary" onClick={() => setOpen(false)}>
            Close
          </button>
        ) : (
          <FormFooter form="backup-codes-form" submitLabel="Generate new codes" busy={busy} onCancel={() => setOpen(false)} />
        )
      }
    >
      {codes ? (
        <>
          <p>Your new backup codes. The old ones no longer work.</p>
          <CodeList codes={codes} />
        </>
      ) : (
        <form id="backup-codes-form" onSubmit={(e) => void submit(e)} noValidate>
          <p>{left === null ? 'Counting your backup codes...' : `You have ${left} unused backup code${left === 1 ? '' : 's'}. For safety they are shown only once; enter your password to generate new ones.`}</p>
          <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onValueChange={setPassword} error={fields.password} />
        </form>
      )}
    </Dialog>
  );
}
