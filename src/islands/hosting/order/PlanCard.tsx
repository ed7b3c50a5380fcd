import type { ReactNode } from 'react';
import type { HostingPlan } from '../../../lib/api/hosting';
import { planHighlights } from './plan-limits';

export interface PlanCardProps {
  plan: HostingPlan;
  /** The radio group's name. */
  name: string;
  checked: boolean;
  onChoose: () => void;
  /** The monthly price, in the order's currency. */
  price: string;
  /** What follows the plan's name (' (current plan)'). */
  nameSuffix?: string;
  /** Under the choice, outside its label (Package details). */
  children?: ReactNode;
}

/** One plan of a plan choice (the shared hosting order, Modify Plan): its name, monthly price and three limits. */
export function PlanCard({ plan, name, checked, onChoose, price, nameSuffix, children }: PlanCardProps) {
  return (
    <div className="hosting-plan-card" data-selected={checked || undefined}>
      <label className="hosting-plan-choice">
        <input type="radio" name={name} value={plan.guid} checked={checked} onChange={onChoose} />
        <span className="hosting-plan-name">
          {plan.name}
          {nameSuffix}
        </span>
        <span className="hosting-plan-price">
          {price}
          <span className="hosting-plan-per"> / month</span>
        </span>
        <span className="hosting-plan-limits">{planHighlights(plan)}</span>
      </label>
      {children}
    </div>
  );
}
