import { useStore } from '@nanostores/react';
import { formatMoney } from '../../../lib/billing/money';
import { COUPON_OVERRIDES } from '../../../lib/schemas/ip-orders';
import { TextField } from '../../../components/TextField';
import { $ipOrder, $summary, applyCoupon, couponOverrides, setBillingCycle, setCoupon } from '../../../stores/ip-order';
import { SummaryTour } from './SummaryTour';

const CYCLE_LABELS: Record<string, string> = { MONTHLY: 'Monthly', QUARTERLY: 'Quarterly', SEMI_ANNUALLY: 'Semi-annually', ANNUALLY: 'Annually', BIENNIALLY: 'Biennially' };

/**
 * Page 3 (spec part 3, 2.3): billing cycle with its 'N% off', coupon, the totals priced by
 * priceIpOrder (the server's invoice is priced by the same function) and the guided tour.
 */
export function SummaryPage() {
  const state = useStore($ipOrder);
  const summary = useStore($summary);
  if (!state.options || !summary) return null;
  const currency = state.options.currency;
  const money = (cents: number) => formatMoney(cents, currency);
  const couponTyped = state.coupon.trim() !== '';

  return (
    <div className="ip-order-page">
      <fieldset className="choice-group">
        <legend>Billing cycle</legend>
        {state.options.billing_cycles.map((cycle) => (
          <label key={cycle.name} className="choice">
            <input type="radio" name="billing_cycle" value={cycle.name} checked={state.billingCycle === cycle.name} onChange={() => setBillingCycle(cycle.name)} />{' '}
            {CYCLE_LABELS[cycle.name] ?? cycle.name}
            {/* Spec part 3, 5: the cycle's discount tags hide once a coupon is entered (a coupon replaces them). */}
            {cycle.discount && !couponTyped ? <span className="tag ip-order-off">{cycle.discount.percentage_value}% off</span> : null}
          </label>
        ))}
      </fieldset>
      <form
        className="ip-order-coupon"
        onSubmit={(e) => {
          e.preventDefault();
          void applyCoupon();
        }}
      >
        <TextField label="Coupon" name="coupon" value={state.coupon} onValueChange={setCoupon} error={state.errors.coupon} autoComplete="off" />
        <button type="submit" className="button" disabled={state.loading || !couponTyped}>
          Apply
        </button>
      </form>
      {couponOverrides(state.billingCycle, state.couponTerms) ? <p className="alert alert-warning">{COUPON_OVERRIDES}</p> : null}

      <div className="data-table-wrap" tabIndex={0} role="group" aria-label="Order summary">
        <table className="data-table ip-order-summary">
          <caption className="visually-hidden">Order summary</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Quantity</th>
              <th scope="col">Rate</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {summary.items.map((item) => (
              <tr key={item.description}>
                <th scope="row">{item.description}</th>
                <td>{item.quantity}</td>
                <td>{money(item.rate)}</td>
                <td>{money(item.sub_total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ip-order-totals" id="ip-order-totals">
        <dt>Monthly total</dt>
        <dd>{money(summary.monthly_total)}</dd>
        <dt>Sub total</dt>
        <dd>{money(summary.sub_total)}</dd>
        <dt>{summary.coupon_code ? `Coupon ${summary.coupon_code.name} (${summary.coupon_code.value})` : 'Discount'}</dt>
        <dd>-{money(summary.discount_amount)}</dd>
        {summary.tax_rate > 0 ? (
          <>
            <dt>Tax ({summary.tax_rate}%)</dt>
            <dd>{money(summary.initial_tax)}</dd>
          </>
        ) : null}
        <dt>Total</dt>
        <dd data-testid="ip-order-total">{money(summary.total_amount)}</dd>
      </dl>
      <SummaryTour />
    </div>
  );
}
