import type { ReactNode } from 'react';
import { Icon } from './Icon';
import '../styles/auth.css';

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
}

/**
 * A labelled checkbox: the browser's own input (announced, focusable, keyboard and form
 * behaviour for free), transparent over the drawn box so that a click on either counts.
 */
export function Checkbox({ label, checked, onCheckedChange, disabled = false, name }: CheckboxProps) {
  return (
    <label className="checkbox" data-disabled={disabled || undefined}>
      <span className="checkbox-box">
        <input
          type="checkbox"
          className="checkbox-input"
          checked={checked}
          onChange={(event) => onCheckedChange(event.currentTarget.checked)}
          disabled={disabled}
          {...(name ? { name } : {})}
        />
        <span className="checkbox-control" aria-hidden="true" data-state={checked ? 'checked' : 'unchecked'}>
          {checked ? <Icon name="check" /> : null}
        </span>
      </span>
      <span className="checkbox-label">{label}</span>
    </label>
  );
}
