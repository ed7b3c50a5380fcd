import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field } from '@ark-ui/react/field';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The sentence shown under the field; the field is marked invalid while it is set. */
  error?: string | undefined;
  /** The <option> elements. */
  children: ReactNode;
}

/** A labelled native select whose error text is tied to it for assistive technology, like TextField. */
export function SelectField({ label, value, onValueChange, error, className, children, ...select }: SelectFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} className={`field${className ? ` ${className}` : ''}`}>
      <Field.Label className="field-label">{label}</Field.Label>
      <Field.Select className="input" value={value} onChange={(e) => onValueChange(e.target.value)} {...select}>
        {children}
      </Field.Select>
      <Field.ErrorText className="field-error">{error}</Field.ErrorText>
    </Field.Root>
  );
}
