import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Can } from '../../components/Can';
import { Checkbox } from '../../components/Checkbox';
import { Confirm } from '../../components/Confirm';
import { DateTime } from '../../components/DateTime';
import { FormDialog } from '../../components/FormDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { TextField } from '../../components/TextField';
import { CountrySelectField } from '../../components/form/CountrySelectField';
import { SelectField } from '../../components/form/SelectField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import type { PaymentMethodRow } from '../../lib/api/billing';
import { BILLING_SCOPES } from '../../lib/rules/billing-tabs';
import { CARD_HOLD_NOTICE, cardExpiryYears, PAYMENT_METHOD_ADDED, PAYMENT_METHOD_NOT_VERIFIED } from '../../lib/schemas/billing-payments';
import {
  $methodBusy,
  $paymentMethods,
  $paypalBusy,
  cardForm,
  connectPaypal,
  loadPaymentMethods,
  newCardAttempt,
  removeMethod,
  setMethodStatus,
  type CardValues,
} from '../../stores/billing-payments';
import { paymentMethodWords } from '../../lib/format/words';
import { ScrollBox } from '../../components/ScrollBox';
import '../../styles/documents.css';

/**
 * Billing > Payment Methods (spec part 3, 2.4): the company's cards and PayPal accounts with
 * disable, re-activate and delete (can_edit_payment_methods), Add Card and Add PayPal
 * (can_add_payment_methods). Back from a verification, `?success=` says how it went.
 */
export function PaymentMethodsTab() {
  const state = useStore($paymentMethods);
  const [returned, setReturned] = useState<boolean | null>(null);
  useEffect(() => {
    const success = new URLSearchParams(window.location.search).get('success');
    setReturned(success === 'true' ? true : success === 'false' ? false : null);
    void loadPaymentMethods();
  }, []);

  return (
    <>
      {returned === true ? (
        <div className="alert alert-success" role="status">
          {PAYMENT_METHOD_ADDED}
        </div>
      ) : returned === false ? (
        <div className="alert alert-error" role="alert">
          {PAYMENT_METHOD_NOT_VERIFIED}
        </div>
      ) : null}
      <Can scope={BILLING_SCOPES.addPaymentMethods}>
        <div className="toolbar payment-methods-toolbar">
          <AddCardDialog />
          <AddPaypalButton />
        </div>
      </Can>
      <ScrollBox className="doc-table-wrap payment-methods-wrap" label="Payment methods table">
        <table className="doc-table">
          <caption className="visually-hidden">Payment methods</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Details</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.rows.map((m) => (
              <MethodRow key={m.guid} method={m} />
            ))}
            {!state.rows.length ? (
              <tr>
                <td colSpan={5} className="muted">
                  {state.loading ? 'Loading...' : 'No payment methods yet.'}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </ScrollBox>
    </>
  );
}

function MethodRow({ method: m }: { method: PaymentMethodRow }) {
  const busy = useStore($methodBusy) !== null;
  const active = m.status === 'ACTIVE';
  return (
    <tr>
      <td>
        {m.name}
        <span className="muted"> ({paymentMethodWords(m.method_type)})</span>
      </td>
      <td className="cell-wrap">{m.details}</td>
      <td>
        <StatusBadge status={m.status} />
      </td>
      <td>
        <DateTime value={m.date_created} dateOnly />
      </td>
      <td className="cell-actions">
        <Can scope={BILLING_SCOPES.editPaymentMethods}>
          <div className="row-actions">
            <button
              type="button"
              className="button button-small"
              disabled={busy}
              onClick={() => void setMethodStatus(m.guid, active ? 'DISABLED' : 'ACTIVE')}
              aria-label={`${active ? 'Disable' : 'Re-activate'} ${m.name}`}
            >
              {active ? 'Disable' : 'Re-activate'}
            </button>
            <Confirm
              title="Delete payment method"
              message={`Are you sure you want to delete ${m.name}?`}
              confirmLabel="Delete"
              onConfirm={() => removeMethod(m.guid)}
              trigger="Delete"
              triggerSize="small"
              triggerVariant="danger"
              triggerDisabled={busy}
              triggerAriaLabel={`Delete ${m.name}`}
            />
          </div>
        </Can>
      </td>
    </tr>
  );
}

function AddPaypalButton() {
  const busy = useStore($paypalBusy);
  return (
    <button type="button" className="button" disabled={busy} onClick={() => void connectPaypal()}>
      {busy ? 'Redirecting...' : 'Add PayPal'}
    </button>
  );
}

const EMPTY: CardValues = {
  profile_name: '',
  name: '',
  address: '',
  city: '',
  region: '',
  country: '',
  postal_code: '',
  card_number: '',
  cvv: '',
  expiration_month: '',
  expiration_year: '',
};
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/**
 * Add Card (spec part 3, 2.4 and 5): profile name, billing details, card details and the box
 * confirming the verification reservation, without which Continue stays disabled; then the
 * browser goes to the card's verification.
 */
function AddCardDialog() {
  const [hold, setHold] = useState(false);
  const { form, dialog } = useFormDialog(cardForm, {
    initial: EMPTY,
    onOpen: () => {
      setHold(false);
      newCardAttempt();
    },
    // The browser is on its way to the verification page.
    closeOnDone: false,
  });
  const years = useMemo(() => cardExpiryYears(new Date()), []);
  const field = (
    key: 'profile_name' | 'name' | 'address' | 'city' | 'region' | 'postal_code' | 'card_number' | 'cvv',
    label: string,
    autoComplete: string,
    extra: Record<string, string> = {},
  ) => <TextField label={label} autoComplete={autoComplete} {...extra} {...form.text(key)} />;

  return (
    <FormDialog
      title="Add Card"
      {...dialog}
      formClassName="card-form"
      trigger="Add Card"
      triggerVariant="primary"
      submitLabel={form.busy ? 'Continuing...' : 'Continue'}
      submitDisabled={!hold}
    >
      {field('profile_name', 'Profile name', 'off')}
      <h3 className="form-section-title">Billing details</h3>
      {field('name', 'Name on card', 'cc-name')}
      {field('address', 'Address', 'address-line1')}
      {field('city', 'City', 'address-level2')}
      {field('region', 'Region', 'address-level1')}
      {field('postal_code', 'Postal code', 'postal-code')}
      <CountrySelectField binding={form.text('country')} />
      <h3 className="form-section-title">Card details</h3>
      {field('card_number', 'Card number', 'cc-number', { inputMode: 'numeric' })}
      {field('cvv', 'CVV', 'cc-csc', { inputMode: 'numeric' })}
      <SelectField label="Expiry month" autoComplete="cc-exp-month" {...form.text('expiration_month')}>
        <option value="">Month</option>
        {MONTHS.map((m) => (
          <option key={m} value={String(Number(m))}>
            {m}
          </option>
        ))}
      </SelectField>
      <SelectField label="Expiry year" autoComplete="cc-exp-year" {...form.text('expiration_year')}>
        <option value="">Year</option>
        {years.map((y) => (
          <option key={y} value={String(y)}>
            {y}
          </option>
        ))}
      </SelectField>
      <div className="form-wide">
        <Checkbox label={`I agree to the verification reservation. ${CARD_HOLD_NOTICE}`} checked={hold} onCheckedChange={setHold} name="verification_hold" />
      </div>
    </FormDialog>
  );
}
