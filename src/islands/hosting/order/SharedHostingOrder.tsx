import { Fragment, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { HostingPlan } from '../../../lib/api/hosting';
import { formatMoney } from '../../../lib/billing/money';
import { COUPON_OVERRIDES } from '../../../lib/schemas/ip-orders';
import { Dialog } from '../../../components/Dialog';
import { SelectField } from '../../../components/form/SelectField';
import { TextField } from '../../../components/TextField';
import {
  $hostingOrder,
  $hostingOrderSummary,
  applyHostingCoupon,
  chooseHostingCycle,
  chooseHostingLocation,
  chooseHostingPlan,
  couponOverridesDiscount,
  openSharedHostingOrder,
  placeSharedHostingOrder,
  setHostingCoupon,
  setHostingName,
} from '../../../stores/hosting-order';
import { planLimitRows } from './plan-limits';
import { PlanCard } from './PlanCard';
import { CycleChoice } from '../../../components/billing/CycleChoice';
import { OrderTotals } from '../../../components/billing/OrderTotals';
import './hosting-order.css';

export interface SharedHostingOrderProps {
  /** Called once the order is placed (the dialog closes on its way to the invoice). */
  onDone: () => void;
}

/**
 * The Shared Hosting tab of Add Hosting Account (spec part 3, 2.8 and 5 "Shared hosting order"):
 * name, plans as cards with their package details, location, billing cycle with 'N% off', coupon
 * and the total; Order is disabled until a plan is chosen, then goes to the invoice.
 */
export function SharedHostingOrder({ onDone }: SharedHostingOrderProps) {
  const s = useStore($hostingOrder);
  const summary = useStore($hostingOrderSummary);
  const [details, setDetails] = useState<HostingPlan | null>(null);

  useEffect(() => {
    void openSharedHostingOrder();
  }, []);

  if (s.loading && !s.options) return <p className="hosting-order-loading">Loading plans...</p>;
  const currency = s.options?.currency ?? 'USD';
  const money = (cents: number) => formatMoney(cents, currency);
  const couponTyped = s.coupon.trim() !== '';

  return (
    <form
      className="hosting-order"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void placeSharedHostingOrder().then((placed) => placed && onDone());
      }}
    >
      <TextField label="Name" name="name" value={s.name} onValueChange={setHostingName} error={s.errors.name} autoComplete="off" maxLength={100} />

      <fieldset className="hosting-plans" aria-describedby={s.errors.plan ? 'hosting-plan-error' : undefined}>
        <legend>Hosting plan</legend>
        <div className="hosting-plan-cards">
          {s.plans.map((plan) => (
            <PlanCard key={plan.guid} plan={plan} name="plan" checked={s.plan === plan.guid} onChoose={() => chooseHostingPlan(plan.guid)} price={money(plan.price)}>
              <button type="button" className="link-button" onClick={() => setDetails(plan)} aria-label={`Package details of ${plan.name}`}>
                Package details
              </button>
            </PlanCard>
          ))}
        </div>
        {s.errors.plan ? (
          <p className="field-error" id="hosting-plan-error">
            {s.errors.plan}
          </p>
        ) : null}
      </fieldset>

      <SelectField label="Location" name="location" value={s.location} onValueChange={chooseHostingLocation} error={s.errors.location}>
        {s.locations.map((l) => (
          <option key={l.guid} value={l.guid}>
            {l.city}, {l.country_name}
          </option>
        ))}
      </SelectField>

      <CycleChoice
        cycles={s.options?.data ?? []}
        value={s.billingCycle}
        onChange={chooseHostingCycle}
        couponTyped={couponTyped}
        className="choice-group hosting-cycles"
        tagClassName="hosting-off"
        error={s.errors.billing_cycle}
      />

      <div className="hosting-coupon">
        <TextField label="Coupon" name="coupon" value={s.coupon} onValueChange={setHostingCoupon} error={s.errors.coupon} autoComplete="off" />
        <button type="button" className="button" disabled={s.busy || !couponTyped} onClick={() => void applyHostingCoupon()}>
          Apply
        </button>
      </div>
      {couponOverridesDiscount(s.billingCycle, s.coupon) ? <p className="alert alert-warning">{COUPON_OVERRIDES}</p> : null}

      {summary ? (
        <OrderTotals priced={summary} money={money} aria-label="Order total" totalTestId="hosting-order-total" />
      ) : (
        <p className="hosting-order-hint">Choose a plan to see the total.</p>
      )}

      <div className="hosting-order-actions">
        <button type="submit" className="button button-primary" disabled={!s.plan || s.busy}>
          {s.busy ? 'Placing order...' : 'Order'}
        </button>
      </div>

      <Dialog title={details ? `Package details: ${details.name}` : 'Package details'} open={details !== null} onOpenChange={(open) => !open && setDetails(null)} size="sm">
        {details ? (
          <dl className="detail-list hosting-package-details">
            {planLimitRows(details).map(([label, value]) => (
              <Fragment key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
          </dl>
        ) : null}
      </Dialog>
    </form>
  );
}
