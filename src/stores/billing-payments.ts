import { atom } from 'nanostores';
import type { BankTransferDetails, PaymentMethodRow } from '../lib/api/billing';
import { checkPayment, DEFAULT_COIN, isCryptoMethod, parseCents, type CryptoMethod, type Currency, type PaymentMethod } from '../lib/billing/index';
import { ValidationError } from '../lib/errors';
import { addCard, addPaypal, deletePaymentMethod, listPaymentMethods, payInvoice, setPaymentMethodStatus } from '../lib/requests/billing';
import { AMOUNT_INVALID, cardSchema, COINS_OF, paymentSchema, type CardInput } from '../lib/schemas/billing-payments';
import { api } from './api';
import { attemptKey } from './attempt-key';
import { environment } from './environment';
import { createForm } from './form';
import { toastError, toastSuccess } from './toasts';

/**
 * Billing > Payment Methods and Pay Invoice (spec part 3, 2.4 and 2.5). A card or PayPal account is
 * verified at the gateway (the browser goes to its verification_url and comes back with
 * ?success=); a payment goes to the gateway's redirect_url and comes back with ?payment=.
 */

/** The browser goes to the gateway's page (a document load: the page is the API's own HTML). */
const goTo = (url: string) => environment().go(url, { replace: false });

export interface MethodsState {
  loading: boolean;
  rows: PaymentMethodRow[];
}
export const $paymentMethods = atom<MethodsState>({ loading: false, rows: [] });

export async function loadPaymentMethods(): Promise<void> {
  $paymentMethods.set({ ...$paymentMethods.get(), loading: true });
  try {
    const { data } = await listPaymentMethods(api);
    $paymentMethods.set({ loading: false, rows: data });
  } catch (error) {
    $paymentMethods.set({ loading: false, rows: [] });
    toastError(error);
  }
}

/** Disable or re-activate (spec part 3, 4), then the list again; the row's own button is busy meanwhile. */
export const $methodBusy = atom<string | null>(null);

async function methodAction(guid: string, run: () => Promise<{ message: string }>): Promise<void> {
  if ($methodBusy.get()) return;
  $methodBusy.set(guid);
  try {
    toastSuccess((await run()).message);
    await loadPaymentMethods();
  } catch (error) {
    toastError(error);
  } finally {
    $methodBusy.set(null);
  }
}

export const setMethodStatus = (guid: string, status: 'ACTIVE' | 'DISABLED') => methodAction(guid, () => setPaymentMethodStatus(api, guid, { status }));
export const removeMethod = (guid: string) => methodAction(guid, () => deletePaymentMethod(api, guid));

const cardKey = attemptKey();
const paypalKey = attemptKey();
const payKey = attemptKey();
export const newCardAttempt = () => cardKey.renew();
export const newPaymentAttempt = () => payKey.renew();

/** The Add Card dialog's values as the fields hold them (month and year from selects). */
export type CardValues = Omit<CardInput, 'expiration_month' | 'expiration_year'> & { expiration_month: string; expiration_year: string };

/** The facts a 3-D Secure check asks of the browser (spec part 3, 3 "New card payload"), the language as long as the schema takes it. */
function browserFacts() {
  const facts = environment().device();
  return { ...facts, browser_language: facts.browser_language.slice(0, 35) };
}

/** Add Card: the card is sent, then the browser goes to its verification (the $1.00 hold). */
export const cardForm = createForm({
  schema: cardSchema,
  input: (v: CardValues) => ({ ...v, ...browserFacts() }),
  send: (data) => addCard(api, data, cardKey.get()),
  successToast: (answer) => (answer.requires_verification ? null : answer.message),
  onSuccess: async (answer) => {
    if (answer.requires_verification && answer.verification_url) goTo(answer.verification_url);
    else await loadPaymentMethods();
  },
});

/** Add PayPal: the payer approves at the gateway and comes back to the tab. */
export const $paypalBusy = atom(false);
export async function connectPaypal(): Promise<void> {
  if ($paypalBusy.get()) return;
  $paypalBusy.set(true);
  try {
    const answer = await addPaypal(api, {}, paypalKey.renew());
    if (answer.verification_url) goTo(answer.verification_url);
    else $paypalBusy.set(false);
  } catch (error) {
    toastError(error);
    $paypalBusy.set(false);
  }
}

/** The Pay Invoice dialog's choice: a saved method (`saved:<guid>`) or a kind of payment. */
export type PayChoice = PaymentMethod | `saved:${string}`;
export interface PayValues {
  choice: PayChoice | '';
  amount: string;
  coin: string;
}

/** Saved methods a payment can use: ACTIVE cards and PayPal accounts. */
export const usableMethods = (rows: readonly PaymentMethodRow[]) => rows.filter((m) => m.status === 'ACTIVE' && (m.method_type === 'CARD' || m.method_type === 'PAYPAL'));

/** What the dialog offers first: the newest saved method, else a new card. */
export const choiceOf = (value: PayChoice | '', rows: readonly PaymentMethodRow[]): PayChoice => {
  const first = usableMethods(rows)[0];
  return value || (first ? `saved:${first.guid}` : 'CARD');
};

/** The coin chosen when the method offers it, else the method's default (spec part 3, 9). */
export const coinOf = (method: CryptoMethod, coin: string): string => ((COINS_OF[method] as readonly string[]).includes(coin) ? coin : DEFAULT_COIN[method]);

export const methodOfChoice = (choice: PayChoice, saved: readonly PaymentMethodRow[]): PaymentMethod =>
  choice.startsWith('saved:') ? ((saved.find((m) => `saved:${m.guid}` === choice)?.method_type ?? 'CARD') as PaymentMethod) : (choice as PaymentMethod);

/** The invoice being paid: its number, what it still owes and in which currency. */
export const $payTarget = atom<{ id: number; balance: number; currency: Currency } | null>(null);
/** The bank transfer details the dialog shows after asking for them (spec part 3, 2.5). */
export const $bankTransfer = atom<BankTransferDetails | null>(null);

/**
 * Pay Invoice (spec part 3, 2.5, 5 and 9): the amount falls back to the balance due and crypto
 * pays it all; checkPayment's sentence stands beside the amount before anything is sent.
 */
export const payForm = createForm({
  schema: paymentSchema,
  input: (v: PayValues) => {
    const target = $payTarget.get();
    const choice = choiceOf(v.choice, $paymentMethods.get().rows);
    const method = methodOfChoice(choice, $paymentMethods.get().rows);
    return {
      invoice_id: target?.id ?? 0,
      payment_method: method,
      payment_amount: isCryptoMethod(method) ? null : v.amount.trim(),
      cryptocurrency: isCryptoMethod(method) ? coinOf(method, v.coin) : null,
      payment_method_guid: choice.startsWith('saved:') ? choice.slice('saved:'.length) : null,
    };
  },
  send: (data) => {
    const target = $payTarget.get();
    if (target) {
      const requested = data.payment_amount ? parseCents(data.payment_amount) : null;
      if (data.payment_amount && requested === null) throw new ValidationError({ payment_amount: AMOUNT_INVALID });
      const check = checkPayment(data.payment_method, requested, target.balance, target.currency);
      if (!check.ok) throw new ValidationError({ payment_amount: check.error });
    }
    return payInvoice(api, data, payKey.get());
  },
  onSuccess: (answer) => {
    if (answer.redirect_url) goTo(answer.redirect_url);
    else if (answer.bank_transfer) $bankTransfer.set(answer.bank_transfer);
  },
});
