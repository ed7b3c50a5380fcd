import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Checkbox } from '../../components/Checkbox';
import { DateTime } from '../../components/DateTime';
import { FormDialog } from '../../components/FormDialog';
import { useFormDialog } from '../../components/form/use-form-dialog';
import type { Order } from '../../lib/api/billing';
import { BILLING_SCOPES } from '../../lib/rules/billing-tabs';
import { canCancelOrder, canExtendOrder, TERMS_AGREE_LABEL } from '../../lib/schemas/order-actions';
import { EMPTY_CANCELLATION } from '../../stores/cancellation-form';
import { $extension, extendForm, openExtension, orderCancelForm, type ExtendValues } from '../../stores/order-actions';
import { CancellationFields } from '../../components/billing/CancellationFields';
import { moneyText } from '../../lib/billing/documents';

function focusOrderHeading() {
  requestAnimationFrame(() => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading || (document.activeElement && document.activeElement !== document.body)) return;
    heading.tabIndex = -1;
    heading.focus();
  });
}

/** Spec part 3, 2.6: cancel is offered for ACTIVE and PENDING orders, extend for ACTIVE ones with can_edit_orders. */
export function OrderActions({ order }: { order: Order }) {
  const cancel = canCancelOrder(order.status);
  const extend = canExtendOrder(order.status);
  if (!cancel && !extend) return null;
  return (
    <div className="toolbar order-actions">
      {extend ? (
        <Can scope={BILLING_SCOPES.editOrders}>
          <ExtendDialog />
        </Can>
      ) : null}
      {cancel ? (
        <Can scope="can_add_cancellation_requests">
          <CancelOrderDialog order={order} />
        </Can>
      ) : null}
    </div>
  );
}

function CancelOrderDialog({ order }: { order: Order }) {
  // Once cancelled the order offers neither Cancel nor Extend: the focus goes to its heading, not to the page.
  const { form, dialog } = useFormDialog(orderCancelForm, { initial: EMPTY_CANCELLATION, onDone: focusOrderHeading });
  return (
    <FormDialog title={`Cancel order #${order.id}`} {...dialog} trigger="Cancel Order" triggerVariant="danger" submitLabel="Request cancellation" cancelLabel="Close" size="lg">
      <p>
        {order.status === 'PENDING'
          ? 'This order is not paid yet: it is cancelled at once, with its invoice.'
          : 'Everything this order holds ends at the end of the billing cycle unless you choose otherwise, and it cannot be undone.'}
      </p>
      <CancellationFields form={form} />
    </FormDialog>
  );
}

const INITIAL_EXTEND: ExtendValues = { period: null, agree: false };

/** Spec part 3, 3 "Extension options" and 5 "Extend order": a period and the terms checkbox are required. */
function ExtendDialog() {
  const { form, dialog } = useFormDialog(extendForm, { initial: INITIAL_EXTEND, onOpen: () => void openExtension() });
  const { loading, options } = useStore($extension);
  return (
    <FormDialog title="Extend order" {...dialog} trigger="Extend" submitLabel="Extend and go to invoice" cancelLabel="Close" submitDisabled={!options}>
      {loading || !options ? (
        <p className="muted" aria-live="polite">
          {loading ? 'Loading the extension periods…' : 'The extension periods could not be loaded.'}
        </p>
      ) : (
        <>
          <p>
            Renews on <DateTime value={options.current_renewal_date} dateOnly />. Choose how long to extend it by; the order is extended once its invoice is paid.
          </p>
          <fieldset className="field choice-group">
            <legend className="field-label">Extension period</legend>
            {options.available_periods.map((p) => (
              <label key={p.value} className="choice extension-period">
                <input type="radio" name="period" value={p.value} checked={form.values.period === p.value} onChange={() => form.set('period', p.value)} />
                <span>
                  {p.value === 1 ? '1 month' : `${p.value} months`}, renews on <DateTime value={p.next_renewal_date} dateOnly />
                  {p.discount ? `, ${p.discount}% off` : ''}: <strong>{moneyText(p.total_amount, options.currency)}</strong>
                </span>
              </label>
            ))}
            {form.errors.period ? (
              <p className="field-error" role="alert">
                {form.errors.period}
              </p>
            ) : null}
          </fieldset>
          <Checkbox label={TERMS_AGREE_LABEL} checked={form.values.agree} onCheckedChange={(on) => form.set('agree', on)} />
          {form.errors.agree ? (
            <p className="field-error" role="alert">
              {form.errors.agree}
            </p>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
