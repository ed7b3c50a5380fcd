import type { PricedInvoice } from '../../lib/billing';
import '../../styles/order-totals.css';

export interface OrderTotalsProps {
  /** The order priced by src/lib/billing, as the server will invoice it. */
  priced: Pick<PricedInvoice, 'sub_total' | 'coupon_code' | 'discount_amount' | 'tax_rate' | 'initial_tax' | 'total_amount'>;
  money: (cents: number) => string;
  /** The order's monthly total first (the IP order: spec part 3, 2.3). */
  monthlyTotal?: number | undefined;
  /** The Total figure's test id. */
  totalTestId: string;
  className?: string;
  id?: string;
  'aria-label'?: string;
}

/**
 * An order's totals (spec part 3, 2.3 and 2.8): sub total, the coupon or the cycle's discount,
 * tax when there is any, and the total; the IP order wizard and the shared hosting order.
 */
export function OrderTotals({ priced, money, monthlyTotal, totalTestId, className, ...dl }: OrderTotalsProps) {
  return (
    <dl className={className ? `order-totals ${className}` : 'order-totals'} {...dl}>
      {monthlyTotal !== undefined ? (
        <>
          <dt>Monthly total</dt>
          <dd>{money(monthlyTotal)}</dd>
        </>
      ) : null}
      <dt>Sub total</dt>
      <dd>{money(priced.sub_total)}</dd>
      <dt>{priced.coupon_code ? `Coupon ${priced.coupon_code.name} (${priced.coupon_code.value})` : 'Discount'}</dt>
      <dd>-{money(priced.discount_amount)}</dd>
      {priced.tax_rate > 0 ? (
        <>
          <dt>Tax ({priced.tax_rate}%)</dt>
          <dd>{money(priced.initial_tax)}</dd>
        </>
      ) : null}
      <dt>Total</dt>
      <dd data-testid={totalTestId}>{money(priced.total_amount)}</dd>
    </dl>
  );
}
