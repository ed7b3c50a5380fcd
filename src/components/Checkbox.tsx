import type { ReactNode } from 'react';
import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox';
import { Icon } from './Icon';
import '../styles/auth.css';

export interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
}

/** A labelled checkbox, announced as one (Ark UI). */
export function Checkbox({ label, checked, onCheckedChange, disabled = false, name }: CheckboxProps) {
  return (
    <ArkCheckbox.Root className="checkbox" checked={checked} onCheckedChange={(d) => onCheckedChange(d.checked === true)} disabled={disabled} {...(name ? { name } : {})}>
      <ArkCheckbox.Control className="checkbox-control">
        <ArkCheckbox.Indicator>
          <Icon name="check" />
        </ArkCheckbox.Indicator>
      </ArkCheckbox.Control>
      <ArkCheckbox.Label className="checkbox-label">{label}</ArkCheckbox.Label>
      <ArkCheckbox.HiddenInput />
    </ArkCheckbox.Root>
  );
}
