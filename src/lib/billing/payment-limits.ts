/**
 * Payment methods and what each accepts (spec part 3, 9 "Payments" and 5 "Payment amount"):
 * the Pay Invoice dialog checks an amount before sending it, and the server refuses the same
 * amounts with the same sentences.
 *
 * The limits are in the invoice's currency ("PayPal up to 5000.00; credit card 0.50 to
 * 3000.00" names no currency, and an invoice is paid in its own). The spec gives no sentence for
 * an amount outside a limit; the ones here are ours (docs/decisions.md "Pricing and money").
 */
import { formatMoney, type Currency } from './money';

export const PAYMENT_METHODS = ['CARD', 'PAYPAL', 'BANK_TRANSFER', 'CRYPTOMUS', 'BINANCE_PAY'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Cents; null means no limit on that side. */
export interface PaymentLimit {
  min: number | null;
  max: number | null;
}

/** "PayPal up to 5000.00; credit card 0.50 to 3000.00; bank transfer, Cryptomus and Binance Pay no limit." */
export const PAYMENT_LIMITS: Record<PaymentMethod, PaymentLimit> = {
  CARD: { min: 50, max: 300_000 },
  PAYPAL: { min: null, max: 500_000 },
  BANK_TRANSFER: { min: null, max: null },
  CRYPTOMUS: { min: null, max: null },
  BINANCE_PAY: { min: null, max: null },
};

export const CRYPTO_METHODS = ['CRYPTOMUS', 'BINANCE_PAY'] as const;
export type CryptoMethod = (typeof CRYPTO_METHODS)[number];

/** "default coin USDC for Binance Pay and USDT for Cryptomus". */
export const DEFAULT_COIN: Record<CryptoMethod, string> = { BINANCE_PAY: 'USDC', CRYPTOMUS: 'USDT' };

export function isCryptoMethod(method: PaymentMethod): method is CryptoMethod {
  return (CRYPTO_METHODS as readonly PaymentMethod[]).includes(method);
}

const METHOD_NAMES: Record<PaymentMethod, string> = {
  CARD: 'Card',
  PAYPAL: 'PayPal',
  BANK_TRANSFER: 'Bank transfer',
  CRYPTOMUS: 'Cryptomus',
  BINANCE_PAY: 'Binance Pay',
};

/**
 * The amount a payment is for (spec part 3, 5): "empty, zero or negative, or above the total,
 * falls back to the total. Cryptocurrency payment forces full payment." The total is what is
 * still due on the invoice.
 */
export function paymentAmount(method: PaymentMethod, requestedCents: number | null, balanceDueCents: number): number {
  if (isCryptoMethod(method) || requestedCents === null || requestedCents <= 0 || requestedCents > balanceDueCents) return balanceDueCents;
  return requestedCents;
}

/** The sentence refusing an amount below a method's minimum or above its maximum. */
export function limitSentence(method: PaymentMethod, side: 'min' | 'max', limitCents: number, currency: Currency): string {
  const limit = formatMoney(limitCents, currency);
  return side === 'min'
    ? `${METHOD_NAMES[method]} payments must be at least ${limit}! Please choose another payment method.`
    : `${METHOD_NAMES[method]} payments cannot exceed ${limit}! Please pay a smaller amount or choose another payment method.`;
}

/** Our sentence for paying an invoice with nothing left due (Pay Invoice is hidden then, spec part 3, 2.5). */
export const NOTHING_DUE = 'This invoice has nothing left to pay!';

export type PaymentCheck = { ok: true; amount: number } | { ok: false; amount: number; error: string };

/**
 * Checks a payment of an invoice: the amount it will be for (paymentAmount) against the method's
 * limits. 0.50 and 3000.00 are accepted by card, 0.49 and 3000.01 are not; PayPal takes 5000.00
 * but not 5000.01.
 */
export function checkPayment(method: PaymentMethod, requestedCents: number | null, balanceDueCents: number, currency: Currency): PaymentCheck {
  const amount = paymentAmount(method, requestedCents, balanceDueCents);
  if (balanceDueCents <= 0) return { ok: false, amount, error: NOTHING_DUE };
  const { min, max } = PAYMENT_LIMITS[method];
  if (min !== null && amount < min) return { ok: false, amount, error: limitSentence(method, 'min', min, currency) };
  if (max !== null && amount > max) return { ok: false, amount, error: limitSentence(method, 'max', max, currency) };
  return { ok: true, amount };
}
