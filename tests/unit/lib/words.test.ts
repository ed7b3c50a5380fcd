import { describe, expect, it } from 'vitest';
import { humanise, orderTypeWords, paymentMethodWords, statusWords } from '../../../src/lib/billing/documents';
import {
  SCREEN_CODES,
  billingCycleWords,
  countOf,
  hostingTypeWords,
  ipTypeWords,
  memberTypeWords,
  monthsAndDays,
  orderLocationWords,
  payoutTypeWords,
} from '../../../src/lib/format/words';

// The codes of the API in the words people read (src/lib/format/words.ts); the billing
// documents' words (src/lib/billing/documents.ts) are the same ones.
describe('codes in words', () => {
  it('shows a status in words: UPDATING_HOSTING is "Updating hosting", not "UPDATING HOSTING"', () => {
    expect(statusWords('UPDATING_HOSTING')).toBe('Updating hosting');
    expect(statusWords('ACTIVE')).toBe('Active');
    expect(statusWords('PARTIALLY_PAID')).toBe('Partially paid');
    expect(statusWords('PENDING_CANCELLATION')).toBe('Pending cancellation');
    expect(statusWords('SOMETHING_NEW')).toBe('Something new');
  });

  it('spells PayPal as PayPal, not "Paypal"', () => {
    expect(paymentMethodWords('PAYPAL')).toBe('PayPal');
    expect(paymentMethodWords('CARD')).toBe('Card');
    expect(paymentMethodWords('BANK_TRANSFER')).toBe('Bank transfer');
    expect(paymentMethodWords('SWIFT')).toBe('SWIFT');
  });

  it('names IP_ADDRESS_HOSTING "IP address hosting", never "Ip address hosting"', () => {
    expect(orderTypeWords('IP_ADDRESS_HOSTING')).toBe('IP address hosting');
    expect(humanise('IP_ADDRESS_HOSTING')).not.toBe(orderTypeWords('IP_ADDRESS_HOSTING'));
  });

  it('puts the address type, the hosting type, cycles, members and payouts in words: DEDICATED is "Dedicated", ADDON_DOMAIN "Addon domain"', () => {
    expect(ipTypeWords('DEDICATED')).toBe('Dedicated');
    expect(hostingTypeWords('ADDON_DOMAIN')).toBe('Addon domain');
    expect(hostingTypeWords('DOMAIN')).toBe('Main domain');
    expect(billingCycleWords('SEMI_ANNUALLY')).toBe('Semi-annually');
    expect(memberTypeWords('OWNER')).toBe('Owner');
    expect(payoutTypeWords('RECURRING')).toBe('Recurring');
  });

  it('lists every code it has other words for in SCREEN_CODES, and none whose words are the code', () => {
    for (const code of ['ACTIVE', 'UPDATING_HOSTING', 'DEDICATED', 'ADDON_DOMAIN', 'PAYPAL', 'IP_ADDRESS_HOSTING', 'OWNER', 'RECURRING', 'ANNUALLY'])
      expect(SCREEN_CODES).toContain(code);
    expect(SCREEN_CODES).not.toContain('ACH');
    // The news item's NEW tag is the spec's own label, not the payout code.
    expect(SCREEN_CODES).not.toContain('NEW');
    expect(new Set(SCREEN_CODES).size).toBe(SCREEN_CODES.length);
  });
});

describe('counts and lengths of time', () => {
  it('says "1 IP address" and "17 IP addresses", never "1 addresses"', () => {
    expect(countOf(1, 'IP address', 'IP addresses')).toBe('1 IP address');
    expect(countOf(17, 'IP address', 'IP addresses')).toBe('17 IP addresses');
    expect(countOf(0, 'day')).toBe('0 days');
    expect(countOf(12_000, 'address', 'addresses')).toBe('12,000 addresses');
  });

  it('says "12 months and 1 day", not "12 months and 1 days"', () => {
    expect(monthsAndDays(12, 1)).toBe('12 months and 1 day');
    expect(monthsAndDays(1, 0)).toBe('1 month');
    expect(monthsAndDays(0, 3)).toBe('3 days');
    expect(monthsAndDays(0, 0)).toBe('0 days');
  });

  it('names an order’s location by its city, not its code: "São Paulo, Brazil: 17 IP addresses, 1 website slot each"', () => {
    expect(orderLocationWords({ location: 'br-sao', city: 'São Paulo', country: 'Brazil', ip_address_count: 17, additional_site_count: 0 })).toBe(
      'São Paulo, Brazil: 17 IP addresses, 1 website slot each',
    );
    expect(orderLocationWords({ location: 'us-nyc', city: 'New York', country: 'United States', ip_address_count: 1, additional_site_count: 2 })).toBe(
      'New York, United States: 1 IP address, 3 website slots each',
    );
    // A location the provider no longer lists keeps its code: better than nothing.
    expect(orderLocationWords({ location: 'xx-old', city: null, country: null, ip_address_count: 2, additional_site_count: 0 })).toBe(
      'xx-old: 2 IP addresses, 1 website slot each',
    );
  });
});
