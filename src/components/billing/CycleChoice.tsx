import type { BillingCycleOption } from '../../lib/api/ip-orders';
import { billingCycleWords } from '../../lib/format/words';

export interface CycleChoiceProps {
  cycles: readonly BillingCycleOption[];
  value: string;
  onChange: (name: string) => void;
  /** A coupon is typed: the cycles' discount tags hide (spec part 3, 5: a coupon replaces them). */
  couponTyped: boolean;
  className: string;
  /** The class of the 'N% off' tag beside a discounted cycle. */
  tagClassName: string;
  error?: string | undefined;
}

/** An order's 'Billing cycle' radios with their 'N% off' (spec part 3, 2.3 and 2.8): the IP order wizard and the shared hosting order. */
export function CycleChoice({ cycles, value, onChange, couponTyped, className, tagClassName, error }: CycleChoiceProps) {
  return (
    <fieldset className={className}>
      <legend>Billing cycle</legend>
      {cycles.map((cycle) => (
        <label key={cycle.name} className="choice">
          <input type="radio" name="billing_cycle" value={cycle.name} checked={value === cycle.name} onChange={() => onChange(cycle.name)} /> {billingCycleWords(cycle.name)}
          {cycle.discount && !couponTyped ? <span className={`tag ${tagClassName}`}>{cycle.discount.percentage_value}% off</span> : null}
        </label>
      ))}
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}
