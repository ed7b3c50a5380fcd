import { Switch as ArkSwitch } from '@ark-ui/react/switch';
import '../styles/controls.css';

export interface SwitchProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The label is for assistive technology only: the switch sits where its column or row already says what it is. */
  hideLabel?: boolean;
}

/** An on/off switch with its label, announced as a switch. */
export function Switch({ label, checked, onCheckedChange, disabled = false, hideLabel = false }: SwitchProps) {
  return (
    <ArkSwitch.Root className="switch" checked={checked} onCheckedChange={(d) => onCheckedChange(d.checked)} disabled={disabled}>
      <ArkSwitch.Control className="switch-control">
        <ArkSwitch.Thumb className="switch-thumb" />
      </ArkSwitch.Control>
      <ArkSwitch.Label className={hideLabel ? 'visually-hidden' : 'switch-label'}>{label}</ArkSwitch.Label>
      {/* The real control: a checkbox announced as a switch. */}
      <ArkSwitch.HiddenInput role="switch" />
    </ArkSwitch.Root>
  );
}
