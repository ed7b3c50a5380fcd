import { z } from 'zod/mini';
import { parseCents } from '../billing/money';
import { PAYMENT_METHODS } from '../billing/payment-limits';
import { text } from './text';

/**
 * Inputs of payment methods and paying an invoice (spec part 3, 2.4 Payment Methods, 2.5 Pay
 * Invoice, 3 "New card payload", 5 "Add Card" and "Payment amount", 7 "Billing", 9 "Payments").
 * Shared by the panel's dialogs and the server.
 */

/** Spec part 3, 5 "Add Card": "all fields non-empty ('Please fill all fields!')". */
export const FILL_ALL_FIELDS = 'Please fill all fields!';
/** Ours: the spec names no sentence for a number that cannot be a card's. */
export const CARD_NUMBER_INVALID = 'Please enter a valid card number!';
export const CVV_INVALID = 'Please enter a valid CVV!';
export const CARD_EXPIRED = 'This card has expired! Please use another card.';
export const VERIFICATION_HOLD_REQUIRED = 'Please confirm the verification reservation!';

/** Spec part 3, 8 (and its decisions, 2: re-activation says 'activated'). */
export const CARD_ADDED = 'Card successfully added!';
export const PAYMENT_METHOD_ADDED = 'Payment method added successfully!';
export const PAYMENT_METHOD_DISABLED = 'Payment method successfully disabled!';
export const PAYMENT_METHOD_ACTIVATED = 'Payment method successfully activated!';
export const PAYMENT_METHOD_DELETED = 'Payment method successfully deleted!';
/** Ours: a verification the payer declined at the gateway. */
export const PAYMENT_METHOD_NOT_VERIFIED = 'The payment method could not be verified! Please try again.';

/** Spec part 3, 2.5 banners. */
export const PAYMENT_SUBMITTED = 'Payment successfully submitted! Please allow up to 5 minutes for your payment to appear.';
export const CRYPTO_PAYMENT_NOTE = 'If the payment does not show up in 30 minutes, please contact our support. Do not send a new payment!';
export const PAYMENT_FAILED = 'Your payment failed! Please try again.';

/** Spec part 3, 9: "Card expiry years: current year plus the next 15; months 1 to 12." */
export const CARD_EXPIRY_YEARS_AHEAD = 15;
export const cardExpiryYears = (now: Date): number[] => Array.from({ length: CARD_EXPIRY_YEARS_AHEAD + 1 }, (_, i) => now.getUTCFullYear() + i);

/** Spec part 3, 9: "Card verification hold: $1.00 USD (or local equivalent), released within 14 days." */
export const CARD_VERIFICATION_HOLD_CENTS = 100;
export const CARD_HOLD_NOTICE = 'To verify the card, a reservation of $1.00 USD (or its local equivalent) is placed on it and released within 14 days.';

/** Spec part 3, 9: "a large list for Binance Pay, 11 for Cryptomus"; the spec names neither list, so these are ours. */
export const CRYPTOMUS_COINS = ['USDT', 'USDC', 'BTC', 'ETH', 'LTC', 'TRX', 'BNB', 'SOL', 'TON', 'DOGE', 'DAI'] as const;
export const BINANCE_PAY_COINS = [
  'USDC',
  'USDT',
  'BUSD',
  'FDUSD',
  'TUSD',
  'DAI',
  'BTC',
  'ETH',
  'BNB',
  'SOL',
  'XRP',
  'ADA',
  'DOGE',
  'TRX',
  'TON',
  'DOT',
  'MATIC',
  'LTC',
  'BCH',
  'AVAX',
  'LINK',
  'ATOM',
  'XLM',
  'ETC',
  'FIL',
  'NEAR',
  'APT',
  'ARB',
  'OP',
  'SHIB',
  'UNI',
  'AAVE',
  'ALGO',
  'VET',
  'XTZ',
  'EOS',
  'ICP',
  'HBAR',
  'SUI',
  'PEPE',
] as const;
export const COINS_OF = { CRYPTOMUS: CRYPTOMUS_COINS, BINANCE_PAY: BINANCE_PAY_COINS } as const;

/** Digits only, then the Luhn check every card number passes. */
export function isCardNumber(raw: string): boolean {
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const filled = (max: number) =>
  z.string({ error: FILL_ALL_FIELDS }).check(z.trim(), z.minLength(1, FILL_ALL_FIELDS), z.maxLength(max, `A field can be at most ${max} characters long.`));
/** A whole number given as a number or as the text of a select. */
const whole = (message: string) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v)),
    z.number({ error: message }).check(z.int(message)),
  );
const browserNumber = z.optional(z.number().check(z.int(), z.gte(-100_000), z.lte(100_000)));

/**
 * Spec part 3, 3 "New card payload". The browser facts (screen, colour depth, time zone offset,
 * language) are what a 3-D Secure check asks for; the panel fills them, a script may leave them out.
 */
export const cardSchema = z
  .object({
    profile_name: filled(100),
    name: filled(150),
    address: filled(200),
    city: filled(100),
    region: filled(100),
    country: filled(2),
    postal_code: filled(20),
    card_number: z
      .pipe(
        filled(30),
        z.transform((s: string) => s.replace(/[\s-]/g, '')),
      )
      .check(z.refine(isCardNumber, CARD_NUMBER_INVALID)),
    cvv: filled(4).check(z.regex(/^\d{3,4}$/, CVV_INVALID)),
    expiration_month: whole(FILL_ALL_FIELDS).check(z.gte(1, FILL_ALL_FIELDS), z.lte(12, FILL_ALL_FIELDS)),
    expiration_year: whole(FILL_ALL_FIELDS).check(z.gte(2000, FILL_ALL_FIELDS), z.lte(2100, FILL_ALL_FIELDS)),
    screen_width: browserNumber,
    screen_height: browserNumber,
    color_depth: browserNumber,
    time_zone: browserNumber,
    browser_language: z.optional(text({ label: 'Browser language', max: 35 })),
  })
  .check(
    z.refine(
      (c) => {
        const now = new Date();
        const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
        const cardMonth = c.expiration_year * 12 + (c.expiration_month - 1);
        return cardMonth >= thisMonth && c.expiration_year <= now.getUTCFullYear() + CARD_EXPIRY_YEARS_AHEAD;
      },
      { message: CARD_EXPIRED, path: ['expiration_year'] },
    ),
  );
export type CardInput = z.input<typeof cardSchema>;

/** POST /billing/payment_methods/paypal/ takes no payload (spec part 3, 7); an optional profile name names it. */
export const paypalSchema = z.object({ profile_name: z.optional(text({ label: 'Profile name', max: 100 })) });
export type PaypalInput = z.input<typeof paypalSchema>;

/** POST /billing/payment_methods/{guid}/ "with status DISABLED or ACTIVE". */
export const paymentMethodStatusSchema = z.object({ status: z.enum(['ACTIVE', 'DISABLED'], { error: 'Status must be ACTIVE or DISABLED.' }) });
export type PaymentMethodStatusInput = z.input<typeof paymentMethodStatusSchema>;

/** GET /billing/payment_methods/ "status filters, no paging". */
export const paymentMethodListQuery = z.object({
  status: z.optional(
    z.pipe(
      z.transform((v: unknown) =>
        (Array.isArray(v) ? v : [v])
          .flatMap((s) => String(s).split(','))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
      z.array(z.enum(['ACTIVE', 'DISABLED'], { error: 'Status must be one of ACTIVE, DISABLED.' })).check(z.maxLength(4, 'Too many statuses.')),
    ),
  ),
});
export type PaymentMethodListQuery = z.input<typeof paymentMethodListQuery>;

export const AMOUNT_INVALID = 'Please enter the amount as a number with at most 2 decimals, e.g. 12.50!';
export const COIN_UNKNOWN = 'Please choose a coin from the list!';
export const COIN_NOT_CRYPTO = 'A coin is chosen only for Cryptomus or Binance Pay.';

/**
 * POST /billing/payment/ (spec part 3, 7): payment_method, payment_amount, invoice_id and the
 * optional cryptocurrency; `payment_method_guid` (ours) pays with a saved card or PayPal account.
 * payment_amount is the amount as typed ('12.50'); empty, zero or negative means the balance due
 * (spec 5), which the server works out (checkPayment).
 */
export const paymentSchema = z
  .object({
    invoice_id: z.number({ error: 'Please choose the invoice to pay.' }).check(z.int('Please choose the invoice to pay.'), z.gte(1, 'Please choose the invoice to pay.')),
    payment_method: z.enum(PAYMENT_METHODS, { error: 'Please choose a payment method!' }),
    payment_amount: z.optional(
      z.nullable(
        z.pipe(
          z.transform((v: unknown) => (typeof v === 'number' ? v.toFixed(2) : v)),
          z.string({ error: AMOUNT_INVALID }).check(
            z.trim(),
            z.maxLength(20, AMOUNT_INVALID),
            z.refine((s) => s === '' || parseCents(s) !== null, AMOUNT_INVALID),
          ),
        ),
      ),
    ),
    cryptocurrency: z.optional(z.nullable(text({ label: 'Coin', max: 10 }))),
    payment_method_guid: z.optional(z.nullable(z.guid('Please choose one of your payment methods!'))),
  })
  .check(
    z.refine((p) => !p.cryptocurrency || p.payment_method === 'CRYPTOMUS' || p.payment_method === 'BINANCE_PAY', { message: COIN_NOT_CRYPTO, path: ['cryptocurrency'] }),
    z.refine(
      (p) =>
        !p.cryptocurrency ||
        !(p.payment_method === 'CRYPTOMUS' || p.payment_method === 'BINANCE_PAY') ||
        (COINS_OF[p.payment_method] as readonly string[]).includes(p.cryptocurrency.toUpperCase()),
      { message: COIN_UNKNOWN, path: ['cryptocurrency'] },
    ),
  );
export type PaymentInput = z.input<typeof paymentSchema>;

/** The cents a payment_amount asks for, null when it asks for the balance due (empty). */
export const requestedCents = (amount: string | null | undefined): number | null => (amount ? parseCents(amount) : null);
