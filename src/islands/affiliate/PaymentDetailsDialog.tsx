import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { CountrySelectField } from '../../components/form/CountrySelectField';
import { SelectField } from '../../components/form/SelectField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { WIRE_FEES } from '../../lib/rules/affiliate';
import { ACH_ACCOUNT_TYPES, PAYMENT_METHODS, PAYOUT_CURRENCIES, type PaymentMethod } from '../../lib/schemas/affiliate';
import { paymentDetailsForm, type PaymentDetailsValues } from '../../stores/affiliate';
import { humanise } from '../../lib/format/words';

const EMPTY: PaymentDetailsValues = {
  payment_method: 'PAYPAL',
  currency: 'USD',
  paypal_email: '',
  billing_email: '',
  country: '',
  city: '',
  address: '',
  post_code: '',
  account_name: '',
  bank_country: '',
  bank_city: '',
  bank_address: '',
  bank_post_code: '',
  bank_name: '',
  ach_routing_no: '',
  ach_account_no: '',
  ach_account_type: '',
  iban: '',
  swift_bic: '',
};

const METHOD_LABELS: Record<PaymentMethod, string> = { PAYPAL: 'PayPal', ACH: 'ACH (US bank)', SWIFT: 'SWIFT wire' };

/** The add/update dialog (spec part 3, 3 "Payment details payload"), with the wire fees of spec part 3, 9. */
export function PaymentDetailsDialog({ hasDetails }: { hasDetails: boolean }) {
  const { form, dialog } = useFormDialog(paymentDetailsForm, { initial: EMPTY });
  const method = form.values.payment_method;
  const text = (name: Parameters<typeof form.text>[0], label: string, extra: Record<string, string> = {}) => <TextField label={label} {...extra} {...form.text(name)} />;
  return (
    <FormDialog
      title={hasDetails ? 'Update Payment Details' : 'Add Payment Details'}
      {...dialog}
      size="lg"
      formClassName="affiliate-form"
      submitLabel="Save"
      trigger={hasDetails ? 'Update Payment Details' : 'Add Payment Details'}
      triggerVariant="primary"
    >
      <SelectField label="Payment method" value={method} onValueChange={(v) => form.set('payment_method', v as PaymentMethod)} error={form.errors.payment_method}>
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {METHOD_LABELS[m]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Currency" value={form.values.currency} onValueChange={(v) => form.set('currency', v as 'USD' | 'EUR')} error={form.errors.currency}>
        {PAYOUT_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      {method === 'PAYPAL' ? (
        <div className="form-wide">{text('paypal_email', 'PayPal email', { type: 'email', autoComplete: 'email' })}</div>
      ) : (
        <>
          {text('billing_email', 'Billing email', { type: 'email', autoComplete: 'email' })}
          {text('account_name', 'Account name')}
          <CountrySelectField binding={form.text('country')} />
          {text('city', 'City')}
          {text('address', 'Address')}
          {text('post_code', 'Post code')}
          {text('bank_name', 'Bank name')}
          <CountrySelectField binding={form.text('bank_country')} label="Bank country" />
          {text('bank_city', 'Bank city')}
          {text('bank_address', 'Bank address')}
          {text('bank_post_code', 'Bank post code')}
          {method === 'ACH' ? (
            <>
              {text('ach_routing_no', 'Routing number', { inputMode: 'numeric' })}
              {text('ach_account_no', 'Account number', { inputMode: 'numeric' })}
              <SelectField label="Account type" {...form.text('ach_account_type')}>
                <option value="">Choose...</option>
                {ACH_ACCOUNT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {humanise(t)}
                  </option>
                ))}
              </SelectField>
            </>
          ) : (
            <>
              {text('iban', 'IBAN')}
              {text('swift_bic', 'SWIFT/BIC')}
            </>
          )}
        </>
      )}
      <div className="form-wide alert alert-info affiliate-fees">
        <p>Fees:</p>
        <ul>
          {WIRE_FEES.map((fee) => (
            <li key={fee}>{fee}</li>
          ))}
        </ul>
      </div>
    </FormDialog>
  );
}
