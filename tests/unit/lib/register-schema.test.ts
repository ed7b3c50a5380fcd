import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_COMPANY_NAMES, registerStep1Schema, registerStep2Schema } from '../../../src/lib/schemas/register';
import { fieldErrors } from '../../../src/lib/schemas/auth';
import { twoFactorLoginSchema } from '../../../src/lib/schemas/auth-flows';

const step1 = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', password: 'x', company_name: 'Analytical Engines', currency: 'USD' };
const errorsOf = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));

describe('register step 1', () => {
  it.each(PLACEHOLDER_COMPANY_NAMES.flatMap((n) => [n, n.toUpperCase(), ` ${n} `]))('refuses the placeholder company name %j', (name) => {
    expect(errorsOf(registerStep1Schema.safeParse({ ...step1, company_name: name }))).toEqual({ company_name: "If you don't have a company name, please enter your name!" });
  });

  it('asks for at least 5 characters, and accepts a person’s name', () => {
    expect(errorsOf(registerStep1Schema.safeParse({ ...step1, company_name: 'Abcd' }))).toEqual({ company_name: 'Please enter a correct company name or enter your full name!' });
    expect(registerStep1Schema.safeParse({ ...step1, company_name: 'Ada Lovelace' }).success).toBe(true);
    expect(registerStep1Schema.safeParse({ ...step1, company_name: 'Other Things Ltd' }).success).toBe(true);
  });

  it('checks the email pattern and the currency, and leaves password strength to the server', () => {
    expect(errorsOf(registerStep1Schema.safeParse({ ...step1, email: 'a@b' }))).toEqual({ email: 'Please enter a valid email address!' });
    expect(errorsOf(registerStep1Schema.safeParse({ ...step1, currency: 'GBP' }))).toEqual({ currency: 'Please choose a currency!' });
    expect(registerStep1Schema.safeParse({ ...step1, password: '1' }).success).toBe(true);
  });
});

describe('register step 2', () => {
  const step2 = { address1: 'a', city: 'b', region: 'c', country: 'EE', postal_code: '1', found_us: 'Google' };
  it('wants specific text for Conference and Other only', () => {
    for (const found_us of ['Conference', 'Other']) {
      expect(errorsOf(registerStep2Schema.safeParse({ ...step2, found_us }))).toEqual({ found_us_specific: 'Please be specific about where you found us!' });
      expect(registerStep2Schema.safeParse({ ...step2, found_us, found_us_specific: 'a podcast' }).success).toBe(true);
    }
    expect(registerStep2Schema.safeParse({ ...step2, found_us: 'Claude' }).success).toBe(true);
  });

  it('refuses an unknown country code', () => {
    expect(errorsOf(registerStep2Schema.safeParse({ ...step2, country: 'XX' }))).toEqual({ country: 'Please enter your country!' });
  });
});

describe('2FA code', () => {
  it('removes spaces and limits the length by type', () => {
    expect(twoFactorLoginSchema.parse({ session_id: 's', code: '123 456' }).code).toBe('123456');
    expect(twoFactorLoginSchema.safeParse({ session_id: 's', code: 'ABCDE FGHJK', code_type: 'BACKUP_CODE' }).success).toBe(true);
    expect(twoFactorLoginSchema.safeParse({ session_id: 's', code: 'ABCDEFGHJK', code_type: 'CODE' }).success).toBe(false);
  });
});
