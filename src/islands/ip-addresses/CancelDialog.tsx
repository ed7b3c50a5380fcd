import { FormDialog } from '../../components/FormDialog';
import { Checkbox } from '../../components/Checkbox';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { CANCELLATION_REASONS, CANCELLATION_REASON_LABELS, CANCELLATION_TIMES, CANCELLATION_TIME_LABELS, type CancellationReason } from '../../lib/schemas/ip-addresses';
import { cancelForm, type CancelValues } from '../../stores/ip-addresses';

const INITIAL: CancelValues = {
  cancellation_time: 'END_OF_BILLING_CYCLE',
  cancellation_reason: '',
  custom_cancellation_reason: '',
  recommendation_score: null,
  how_likely_to_use_us_again: null,
  agree: false,
};

const SCORES = [1, 2, 3, 4, 5] as const;

function ScoreField({ legend, name, value, onChange, error }: { legend: string; name: string; value: number | null; onChange: (n: number) => void; error: string | undefined }) {
  return (
    <fieldset className="field choice-group score-field">
      <legend className="field-label">{legend}</legend>
      <div className="score-choices">
        {SCORES.map((n) => (
          <label key={n} className="choice">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
            <span>{n}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The cancellation request (spec part 3, 5 "Cancellation of IP addresses" and 9 "Cancellation"):
 * processed at the end of the billing cycle and not undone; the server refuses addresses with
 * domains or with a request already, in the spec's sentences.
 */
export function CancelDialog({ disabled, what }: { disabled: boolean; what: string }) {
  const { form, dialog } = useFormDialog(cancelForm, { initial: INITIAL });
  const v = form.values;
  return (
    <FormDialog
      title="Cancel IP addresses"
      {...dialog}
      trigger={
        <button type="button" className="button button-danger" disabled={disabled}>
          Cancel
        </button>
      }
      submitLabel="Request cancellation"
      cancelLabel="Close"
      size="lg"
    >
      <p>
        Cancel {what}. The cancellation is processed at the end of the billing cycle unless you choose otherwise, and it cannot be undone.
      </p>
      {form.errors.ip_addresses ? (
        <p className="field-error" role="alert">
          {form.errors.ip_addresses}
        </p>
      ) : null}
      <SelectField label="Cancellation time" value={v.cancellation_time} onValueChange={(t) => form.set('cancellation_time', t as CancelValues['cancellation_time'])} error={form.errors.cancellation_time}>
        {CANCELLATION_TIMES.map((t) => (
          <option key={t} value={t}>
            {CANCELLATION_TIME_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Reason" value={v.cancellation_reason} onValueChange={(r) => form.set('cancellation_reason', r as CancellationReason)} error={form.errors.cancellation_reason}>
        <option value="">Choose a reason</option>
        {CANCELLATION_REASONS.map((r) => (
          <option key={r} value={r}>
            {CANCELLATION_REASON_LABELS[r]}
          </option>
        ))}
      </SelectField>
      {v.cancellation_reason === 'OTHER' ? <TextField label="Your reason" autoComplete="off" {...form.text('custom_cancellation_reason')} /> : null}
      <ScoreField legend="How likely are you to recommend us? (1 to 5)" name="recommendation_score" value={v.recommendation_score} onChange={(n) => form.set('recommendation_score', n)} error={form.errors.recommendation_score} />
      <ScoreField legend="How likely are you to return in the future? (1 to 5)" name="how_likely_to_use_us_again" value={v.how_likely_to_use_us_again} onChange={(n) => form.set('how_likely_to_use_us_again', n)} error={form.errors.how_likely_to_use_us_again} />
      <Checkbox label="I understand that the cancellation cannot be undone and agree to the terms of service." checked={v.agree} onCheckedChange={(on) => form.set('agree', on)} />
      {form.errors.agree ? (
        <p className="field-error" role="alert">
          {form.errors.agree}
        </p>
      ) : null}
    </FormDialog>
  );
}
