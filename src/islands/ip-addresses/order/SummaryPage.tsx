import { useStore } from '@nanostores/react';
import { formatMoney } from '../../../lib/billing/money';
import { COUPON_OVERRIDES } from '../../../lib/schemas/ip-orders';
import { TextField } from '../../../components/TextField';
import { $ipOrder, $summary, applyCoupon, couponOverrides, setBillingCycle, setCoupon } from '../../../stores/ip-order';
import { CycleChoice } from '../../../components/billing/CycleChoice';
import { OrderTotals } from '../../../components/billing/OrderTotals';
import { ScrollBox } from '../../../components/ScrollBox';
import { SummaryTour } from './SummaryTour';

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
      <CycleChoice
        cycles={state.options.billing_cycles}
        value={state.billingCycle}
        onChange={setBillingCycle}
        couponTyped={couponTyped}
        className="choice-group"
        tagClassName="ip-order-off"
      />
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

      <ScrollBox className="data-table-wrap" label="Order summary">
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
      </ScrollBox>
      <OrderTotals priced={summary} money={money} monthlyTotal={summary.monthly_total} className="ip-order-totals" id="ip-order-totals" totalTestId="ip-order-total" />
      <SummaryTour />
    </div>
  );
}
