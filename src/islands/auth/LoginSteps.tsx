import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { TextField } from '../../components/TextField';
import { Checkbox } from '../../components/Checkbox';
import { BACKUP_CODE_LENGTH, CODE_LENGTH } from '../../lib/schemas/auth-flows';
import { TRUSTED_DEVICE_DAYS } from '../../lib/rules/terms';
import { $loginForm, restartLogin, submitDeviceCode, submitTwoFactor } from '../../stores/login';

/** Codes are typed or pasted with spaces; they are kept without, up to the type's length. */
const clean = (value: string, max: number) => value.replace(/\s+/g, '').slice(0, max);

/** Second step with 2FA on: a code from the app or one of the backup codes (spec part 1, 2.3). */
export function TwoFactorStep() {
  const form = useStore($loginForm);
  const [codeType, setCodeType] = useState<'CODE' | 'BACKUP_CODE'>('CODE');
  const [code, setCode] = useState('');
  const max = codeType === 'CODE' ? CODE_LENGTH : BACKUP_CODE_LENGTH;

  function submit(event: FormEvent) {
    event.preventDefault();
    void submitTwoFactor(code, codeType);
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <p>Enter a code from your authenticator app, or one of your backup codes.</p>
      <fieldset className="choice-group">
        <legend className="field-label">Code type</legend>
        {(['CODE', 'BACKUP_CODE'] as const).map((type) => (
          <label key={type} className="choice">
            <input
              type="radio"
              name="code_type"
              value={type}
              checked={codeType === type}
              onChange={() => {
                setCodeType(type);
                setCode((c) => clean(c, type === 'CODE' ? CODE_LENGTH : BACKUP_CODE_LENGTH));
              }}
            />
            {type === 'CODE' ? 'Code' : 'Backup code'}
          </label>
        ))}
      </fieldset>
      <TextField
        label={codeType === 'CODE' ? 'Authentication code (6 digits)' : 'Backup code (10 characters)'}
        name="code"
        autoComplete="one-time-code"
        inputMode={codeType === 'CODE' ? 'numeric' : 'text'}
        value={code}
        onValueChange={(v) => setCode(clean(v, max))}
        error={form.fields.code}
        autoFocus
      />
      <StepActions submitting={form.submitting} />
    </form>
  );
}

/** Second step from a device the account has not trusted: the emailed 6-digit code. */
export function DeviceStep() {
  const form = useStore($loginForm);
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    void submitDeviceCode(code, remember);
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <p>We sent a 6 digit verification code to your email address. It is valid for 10 minutes.</p>
      <TextField
        label="Verification code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onValueChange={(v) => setCode(clean(v, CODE_LENGTH))}
        error={form.fields.code}
        autoFocus
      />
      <Checkbox label={`Trust this device for ${TRUSTED_DEVICE_DAYS} days?`} checked={remember} onCheckedChange={setRemember} name="remember" />
      <StepActions submitting={form.submitting} />
    </form>
  );
}

/** Verify, and the way back to the password step, under either code form. */
function StepActions({ submitting }: { submitting: boolean }) {
  return (
    <>
      <button type="submit" className="button button-primary button-block" disabled={submitting}>
        {submitting ? 'Verifying...' : 'Verify'}
      </button>
      <p className="auth-alt">
        <button type="button" className="link-button" onClick={restartLogin}>
          Back to login
        </button>
      </p>
    </>
  );
}
