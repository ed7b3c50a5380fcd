import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { FormDialog } from '../../components/FormDialog';
import { FormFooter } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { Checkbox } from '../../components/Checkbox';
import { useForm } from '../../components/form/use-form';
import { useFormDialog } from '../../components/form/use-form-dialog';
import type { TwoFactorSetup } from '../../lib/api/two-factor';
import { CODE_LENGTH, typedCode } from '../../lib/schemas/auth-flows';
import {
  $twoFactorEnabled,
  backupCodesForm,
  countBackupCodes,
  finishTwoFactor,
  loadTwoFactor,
  twoFactorConfirmForm,
  twoFactorDisableForm,
  twoFactorStartForm,
} from '../../stores/two-factor';
import '../../styles/auth.css';

/** The Google Authenticator card of the profile tab (spec part 1, 2.6 and 4). */
export function TwoFactorCard() {
  const enabled = useStore($twoFactorEnabled);
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
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(1);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [kept, setKept] = useState(false);
  const starting = useStore(twoFactorStartForm.$state).busy;
  const form = useForm(twoFactorConfirmForm, {
    initial: { guid: '', code: '' },
    onDone: (answer) => {
      setCodes(answer.codes);
      setStep(4);
    },
  });

  function openChange(next: boolean) {
    // Once 2FA is on, the dialog only closes through Done, which signs out.
    if (!next && step === 4) return;
    setOpen(next);
    if (next) {
      setStep(1);
      setSetup(null);
      setKept(false);
      form.reset();
      twoFactorStartForm.reset();
    }
  }

  async function start() {
    const outcome = await twoFactorStartForm.submit(undefined);
    if (!outcome.ok) return;
    setSetup(outcome.answer);
    form.set('guid', outcome.answer.guid);
    setStep(2);
  }

  /** Enter or the footer's primary button: each step's own way forward. */
  function forward(event: FormEvent<HTMLFormElement>) {
    if (step !== 3) event.preventDefault();
    if (step === 1) void start();
    else if (step === 2) setStep(3);
    else if (step === 3) form.form.onSubmit(event);
    else if (kept) void finishTwoFactor();
  }

  const footer = (formId: string) =>
    step === 1 ? (
      <FormFooter form={formId} submitLabel="Continue" busy={starting} onCancel={() => setOpen(false)} />
    ) : step === 2 ? (
      <button type="submit" form={formId} className="button button-primary">
        Next
      </button>
    ) : step === 3 ? (
      <>
        <button type="button" className="button" onClick={() => setStep(2)}>
          Back
        </button>
        <button type="submit" form={formId} className="button button-primary" disabled={form.busy}>
          Verify
        </button>
      </>
    ) : (
      <button type="submit" form={formId} className="button button-primary" disabled={!kept}>
        Done
      </button>
    );

  return (
    <FormDialog
      title="Enable two-factor authentication"
      open={open}
      onOpenChange={openChange}
      trigger="Enable"
      triggerVariant="primary"
      submitLabel="Verify"
      busy={form.busy || starting}
      onSubmit={forward}
      formRef={form.form.ref}
      formClassName=""
      footer={footer}
    >
      <p className="step-indicator">Step {step} of 4</p>
      {step === 1 ? <p>Install the Google Authenticator app on your phone, then continue. After enabling, you will be logged out and must log in again with a code.</p> : null}
      {step === 2 && setup ? (
        <>
          <p>Scan this QR code with the Google Authenticator app, or type the secret into it.</p>
          <img className="qr-code" src={setup.qrcode} alt="QR code for the Google Authenticator app" />
          <p>
            Secret:{' '}
            <span className="secret-text" data-testid="two-factor-secret">
              {setup.secret}
            </span>
          </p>
        </>
      ) : null}
      {step === 3 ? (
        <TextField
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          {...form.text('code')}
          onValueChange={(v) => form.set('code', typedCode(v, CODE_LENGTH))}
          autoFocus
        />
      ) : null}
      {step === 4 ? (
        <>
          <p>Keep these backup codes somewhere safe. Each works once, when you cannot use the app.</p>
          <CodeList codes={codes} />
          <Checkbox label="I have saved my backup codes" checked={kept} onCheckedChange={setKept} />
        </>
      ) : null}
    </FormDialog>
  );
}

function DisableDialog() {
  const { form, dialog } = useFormDialog(twoFactorDisableForm, { initial: { password: '' } });
  return (
    <FormDialog title="Disable two-factor authentication" size="sm" {...dialog} trigger="Disable" submitLabel="Disable" formClassName="">
      <TextField label="Password" type="password" autoComplete="current-password" {...form.text('password')} />
    </FormDialog>
  );
}

/** Codes are stored hashed: the dialog shows how many remain, and new ones after the password. */
function BackupCodesDialog() {
  const [left, setLeft] = useState<number | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { form, dialog, setOpen } = useFormDialog(backupCodesForm, {
    initial: { password: '' },
    closeOnDone: false,
    onDone: (answer) => setCodes(answer.codes),
    onOpen: () => {
      setCodes(null);
      void countBackupCodes().then(setLeft);
    },
  });
  return (
    <FormDialog
      title="Backup codes"
      size="sm"
      {...dialog}
      trigger="View"
      submitLabel="Generate new codes"
      formClassName=""
      {...(codes
        ? {
            footer: () => (
              <button type="button" className="button button-primary" onClick={() => setOpen(false)}>
                Close
              </button>
            ),
          }
        : {})}
    >
      {codes ? (
        <>
          <p>Your new backup codes. The old ones no longer work.</p>
          <CodeList codes={codes} />
        </>
      ) : (
        <>
          <p>
            {left === null
              ? 'Counting your backup codes...'
              : `You have ${left} unused backup code${left === 1 ? '' : 's'}. For safety they are shown only once; enter your password to generate new ones.`}
          </p>
          <TextField label="Password" type="password" autoComplete="current-password" {...form.text('password')} />
        </>
      )}
    </FormDialog>
  );
}
