import { FieldError } from '../form/FieldError';
import { Checkbox } from '../Checkbox';
import { SelectField } from '../form/SelectField';
import { TextField } from '../TextField';
import { CANCELLATION_REASONS, CANCELLATION_REASON_LABELS, CANCELLATION_TIMES, CANCELLATION_TIME_LABELS, type CancellationReason } from '../../lib/schemas/ip-addresses';
import type { TextFieldBinding } from '../form/use-form';
import type { CancellationFeedbackValues } from '../../stores/cancellation-form';
import '../../styles/cancellation.css';

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
      <FieldError error={error} />
    </fieldset>
  );
}

/** The part of useForm's answer the fields use. */
interface FeedbackForm {
  values: CancellationFeedbackValues;
  errors: Partial<Record<string, string>>;
  set<K extends keyof CancellationFeedbackValues>(key: K, value: CancellationFeedbackValues[K]): void;
  text(key: 'custom_cancellation_reason'): TextFieldBinding;
}

/**
 * The cancellation form's fields (spec part 3, 5 and 9 "Cancellation": time, reason, words for
 * OTHER, the two scores 1 to 5, the terms checkbox), the same for IP addresses and for an order.
 */
export function CancellationFields({ form }: { form: FeedbackForm }) {
  const v = form.values;
  return (
    <>
      <SelectField
        label="Cancellation time"
        value={v.cancellation_time}
        onValueChange={(t) => form.set('cancellation_time', t as CancellationFeedbackValues['cancellation_time'])}
        error={form.errors.cancellation_time}
      >
        {CANCELLATION_TIMES.map((t) => (
          <option key={t} value={t}>
            {CANCELLATION_TIME_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Reason"
        value={v.cancellation_reason}
        onValueChange={(r) => form.set('cancellation_reason', r as CancellationReason)}
        error={form.errors.cancellation_reason}
      >
        <option value="">Choose a reason</option>
        {CANCELLATION_REASONS.map((r) => (
          <option key={r} value={r}>
            {CANCELLATION_REASON_LABELS[r]}
          </option>
        ))}
      </SelectField>
      {v.cancellation_reason === 'OTHER' ? <TextField label="Your reason" autoComplete="off" {...form.text('custom_cancellation_reason')} /> : null}
      <ScoreField
        legend="How likely are you to recommend us? (1 to 5)"
        name="recommendation_score"
        value={v.recommendation_score}
        onChange={(n) => form.set('recommendation_score', n)}
        error={form.errors.recommendation_score}
      />
      <ScoreField
        legend="How likely are you to return in the future? (1 to 5)"
        name="how_likely_to_use_us_again"
        value={v.how_likely_to_use_us_again}
        onChange={(n) => form.set('how_likely_to_use_us_again', n)}
        error={form.errors.how_likely_to_use_us_again}
      />
      <Checkbox label="I understand that the cancellation cannot be undone and agree to the terms of service." checked={v.agree} onCheckedChange={(on) => form.set('agree', on)} />
      <FieldError error={form.errors.agree} />
    </>
  );
}
