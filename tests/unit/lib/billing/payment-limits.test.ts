import { describe, expect, it } from 'vitest';
import { parseCents } from '../../../../src/lib/billing/money';
import { checkPayment, DEFAULT_COIN, isCryptoMethod, NOTHING_DUE, PAYMENT_METHODS, paymentAmount } from '../../../../src/lib/billing/payment-limits';

const BIG_BALANCE = 1_000_000; // $10,000.00 due, so the requested amount is what is checked
const cents = (text: string) => parseCents(text)!;

describe('paymentAmount (spec part 3, 5)', () => {
  it('falls back to the total for empty, zero, negative or too large amounts', () => {
    for (const requested of [null, 0, -5, 250_001]) expect(paymentAmount('CARD', requested, 250_000), String(requested)).toBe(250_000);
    expect(paymentAmount('CARD', 1234, 250_000)).toBe(1234);
    expect(paymentAmount('PAYPAL', 250_000, 250_000)).toBe(250_000);
  });

  it('forces full payment for crypto methods', () => {
    expect(paymentAmount('CRYPTOMUS', 1000, 250_000)).toBe(250_000);
    expect(paymentAmount('BINANCE_PAY', 1000, 250_000)).toBe(250_000);
  });
});

describe('checkPayment: the limits of spec part 3, 9', () => {
  it('takes cards from 0.50 to 3000.00', () => {
    const card = (text: string) => checkPayment('CARD', cents(text), BIG_BALANCE, 'USD');
    expect(card('0.49')).toEqual({ ok: false, amount: 49, error: 'Card payments must be at least $0.50! Please choose another payment method.' });
    expect(card('0.50')).toEqual({ ok: true, amount: 50 });
    expect(card('3000.00')).toEqual({ ok: true, amount: 300_000 });
    expect(card('3000.01')).toEqual({
      ok: false,
      amount: 300_001,
      error: 'Card payments cannot exceed $3,000.00! Please pay a smaller amount or choose another payment method.',
    });
  });

  it('takes PayPal up to 5000.00', () => {
    const paypal = (text: string) => checkPayment('PAYPAL', cents(text), BIG_BALANCE, 'USD');
    expect(paypal('0.01')).toEqual({ ok: true, amount: 1 });
    expect(paypal('5000.00')).toEqual({ ok: true, amount: 500_000 });
    expect(paypal('5000.01')).toEqual({
      ok: false,
      amount: 500_001,
      error: 'PayPal payments cannot exceed $5,000.00! Please pay a smaller amount or choose another payment method.',
    });
  });

  it('puts no limit on bank transfer, Cryptomus and Binance Pay', () => {
    expect(checkPayment('BANK_TRANSFER', 1, 10_000_000, 'USD')).toEqual({ ok: true, amount: 1 });
    expect(checkPayment('BANK_TRANSFER', null, 10_000_000, 'USD')).toEqual({ ok: true, amount: 10_000_000 });
    expect(checkPayment('CRYPTOMUS', 100, 10_000_000, 'USD')).toEqual({ ok: true, amount: 10_000_000 });
    expect(checkPayment('BINANCE_PAY', null, 1, 'EUR')).toEqual({ ok: true, amount: 1 });
  });

  it('checks the amount the payment falls back to, in the invoice currency', () => {
    // Nothing typed on a €3,500.00 invoice: the whole balance, too much for a card.
    expect(checkPayment('CARD', null, 350_000, 'EUR')).toEqual({
      ok: false,
      amount: 350_000,
      error: 'Card payments cannot exceed €3,000.00! Please pay a smaller amount or choose another payment method.',
    });
    // A €0.30 balance cannot be paid by card, whatever is typed.
    expect(checkPayment('CARD', 5000, 30, 'EUR')).toMatchObject({ ok: false, amount: 30, error: 'Card payments must be at least €0.50! Please choose another payment method.' });
  });

  it('refuses an invoice with nothing due', () => {
    for (const method of PAYMENT_METHODS) expect(checkPayment(method, 100, 0, 'USD')).toEqual({ ok: false, amount: 0, error: NOTHING_DUE });
  });
});

describe('crypto methods', () => {
  it('are Cryptomus and Binance Pay, with their default coins', () => {
    expect(PAYMENT_METHODS.filter(isCryptoMethod)).toEqual(['CRYPTOMUS', 'BINANCE_PAY']);
    expect(DEFAULT_COIN).toEqual({ BINANCE_PAY: 'USDC', CRYPTOMUS: 'USDT' });
  });
});
