import { useStore } from '@nanostores/react';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { SelectField } from '../../components/form/SelectField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import type { Invoice } from '../../lib/api/billing';
import { formatCents, isCryptoMethod, PAYMENT_LIMITS, PAYMENT_METHODS, type Currency, type PaymentMethod } from '../../lib/billing/index';
import { COINS_OF } from '../../lib/schemas/billing-payments';
import { $permissions, can } from '../../stores/permissions';
import { BILLING_SCOPES } from '../../lib/rules/billing-tabs';
import {
  $bankTransfer,
  $paymentMethods,
  $payTarget,
  choiceOf,
  coinOf,
  loadPaymentMethods,
  methodOfChoice,
  newPaymentAttempt,
  payForm,
  type PayChoice,
  type PayValues,
  usableMethods,
} from '../../stores/billing-payments';
import { moneyText } from '../../lib/billing/documents';

const METHOD_LABELS: Record<PaymentMethod, string> = {
  CARD: 'New card',
  PAYPAL: 'PayPal',
  BANK_TRANSFER: 'Bank transfer',
  CRYPTOMUS: 'Cryptomus',
  BINANCE_PAY: 'Binance Pay',
};

/** Spec part 3, 9 "Limits", in the invoice's currency. */
function limitText(method: PaymentMethod, currency: string): string {
  const { min, max } = PAYMENT_LIMITS[method];
  if (min !== null && max !== null) return `${moneyText(min, currency)} to ${moneyText(max, currency)}`;
  if (max !== null) return `up to ${moneyText(max, currency)}`;
  return isCryptoMethod(method) ? 'no limit, pays the full balance' : 'no limit';
}

/**
 * Pay Invoice (spec part 3, 2.5, 5 and 9): a saved card or PayPal account, or a new card, PayPal,
 * bank transfer, Cryptomus or Binance Pay, each with its limits; the amount (empty means the
 * balance due; crypto always pays it all, with the coin of spec 9 by default). The gateway's page
 * comes next; a bank transfer shows its details here instead.
 */
export function PayInvoiceDialog({ invoice }: { invoice: Invoice }) {
  const methods = useStore($paymentMethods);
  const permissions = useStore($permissions);
  const bank = useStore($bankTransfer);
  const balance = formatCents(invoice.balance_due);
  const { form, dialog, setOpen } = useFormDialog(payForm, {
    initial: { choice: '', amount: balance, coin: '' } satisfies PayValues,
    closeOnDone: false,
    onOpen: () => {
      $payTarget.set({ id: invoice.id, balance: invoice.balance_due, currency: invoice.currency as Currency });
      $bankTransfer.set(null);
      newPaymentAttempt();
      if (can(BILLING_SCOPES.paymentMethods, permissions)) void loadPaymentMethods();
    },
  });
  const saved = usableMethods(methods.rows);
  const choice = choiceOf(form.values.choice, methods.rows);
  const method = methodOfChoice(choice, saved);
  const crypto = isCryptoMethod(method);
  // One value per change: the form's set() works from this render's values.
  const choose = (next: PayChoice) => form.set('choice', next);
  const coin = crypto ? coinOf(method, form.values.coin) : '';

  const trigger = { trigger: 'Pay Invoice', triggerVariant: 'primary' } as const;

  if (bank) {
    return (
      <FormDialog
        title="Bank transfer details"
        {...dialog}
        {...trigger}
        submitLabel="Done"
        onSubmit={(e) => {
          e.preventDefault();
          setOpen(false);
        }}
      >
        <p>Please transfer the amount below with the invoice number as the description.</p>
        <dl className="bank-details">
          <dt>Beneficiary</dt>
          <dd>{bank.beneficiary}</dd>
          <dt>Account</dt>
          <dd>{bank.account}</dd>
          <dt>BIC</dt>
          <dd>{bank.bic}</dd>
          <dt>Bank</dt>
          <dd>{bank.bank}</dd>
          <dt>Description</dt>
          <dd>{bank.description}</dd>
          <dt>Amount</dt>
          <dd>{moneyText(bank.amount, bank.currency)}</dd>
        </dl>
      </FormDialog>
    );
  }

  return (
    <FormDialog
      title={`Pay Invoice #${invoice.id}`}
      {...dialog}
      formClassName=""
      {...trigger}
      submitLabel={form.busy ? 'Please wait...' : method === 'BANK_TRANSFER' ? 'Show Transfer Details' : 'Pay'}
      submitDisabled={methods.loading}
    >
      <p>
        Balance due: <strong>{moneyText(invoice.balance_due, invoice.currency)}</strong>
      </p>
      {/* Until the saved methods are known no choice is offered: one would move under the payer's pointer. */}
      {methods.loading ? (
        <p className="muted" aria-live="polite">
          Loading your payment methods…
        </p>
      ) : (
        <fieldset className="pay-choices">
          <legend>Payment method</legend>
          {saved.map((m) => (
            <label key={m.guid} className="choice">
              <input type="radio" name="pay-method" value={`saved:${m.guid}`} checked={choice === `saved:${m.guid}`} onChange={() => choose(`saved:${m.guid}`)} />
              <span>
                {m.name} ({m.details}) <span className="pay-limit">{limitText(m.method_type as PaymentMethod, invoice.currency)}</span>
              </span>
            </label>
          ))}
          {PAYMENT_METHODS.map((m) => (
            <label key={m} className="choice">
              <input type="radio" name="pay-method" value={m} checked={choice === m} onChange={() => choose(m)} />
              <span>
                {METHOD_LABELS[m]} <span className="pay-limit">{limitText(m, invoice.currency)}</span>
              </span>
            </label>
          ))}
          {form.errors.payment_method_guid || form.errors.payment_method ? (
            <p className="field-error" role="alert">
              {form.errors.payment_method_guid ?? form.errors.payment_method}
            </p>
          ) : null}
        </fieldset>
      )}
      {crypto ? (
        <>
          <p className="pay-limit">Crypto payments pay the full balance of {moneyText(invoice.balance_due, invoice.currency)}.</p>
          <SelectField label="Coin" name="coin" value={coin} onValueChange={(v) => form.set('coin', v)} error={form.errors.cryptocurrency}>
            {COINS_OF[method].map((coin) => (
              <option key={coin} value={coin}>
                {coin}
              </option>
            ))}
          </SelectField>
        </>
      ) : (
        <TextField
          label={`Amount (${invoice.currency})`}
          inputMode="decimal"
          hint="Leave it as it is to pay the balance due; an empty or zero amount pays it too."
          {...form.text('amount')}
          error={form.errors.payment_amount ?? form.errors.amount}
        />
      )}
    </FormDialog>
  );
}
