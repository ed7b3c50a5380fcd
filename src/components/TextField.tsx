import type { InputHTMLAttributes } from 'react';
import { Field } from '@ark-ui/react/field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The sentence shown under the field; the field is marked invalid while it is set. */
  error?: string | undefined;
  /** What the field expects, shown under it before anything is wrong and tied to it for screen readers. */
  hint?: string | undefined;
}

/** A labelled input whose error text is tied to it for assistive technology. */
export function TextField({ label, value, onValueChange, error, hint, className, ...input }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} className={`field${className ? ` ${className}` : ''}`}>
      <Field.Label className="field-label">{label}</Field.Label>
      <Field.Input className="input" value={value} onChange={(e) => onValueChange(e.target.value)} {...input} />
      {hint ? <Field.HelperText className="field-hint">{hint}</Field.HelperText> : null}
      <Field.ErrorText className="field-error">{error}</Field.ErrorText>
    </Field.Root>
  );
}
