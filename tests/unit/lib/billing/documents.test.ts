import { describe, expect, it } from 'vitest';
import { humanise, moneyText, partyLines, sellerLines, statusWords } from '../../../../src/lib/billing/documents';

// The words an invoice's page and its PDF both print (src/lib/billing/documents.ts).
describe('billing document lines', () => {
  const party = {
    company_name: 'Northwind',
    first_name: 'Dana',
    last_name: 'Demo',
    address1: 'Narva mnt 7',
    address2: null,
    city: 'Tallinn',
    region: 'Harju',
    country: 'EE',
    postal_code: '10117',
  };

  it('prints the billed party without blank lines, the VAT ID last', () => {
    expect(partyLines(party, 'EE102345605')).toEqual(['Northwind', 'Dana Demo', 'Narva mnt 7', '10117 Tallinn', 'Harju, EE', 'VAT ID: EE102345605']);
    expect(partyLines({ ...party, first_name: '', last_name: '', region: '' })).toEqual(['Northwind', 'Narva mnt 7', '10117 Tallinn', 'EE']);
  });

  it('prints the seller, its website when it has one', () => {
    expect(sellerLines({ name: 'Hostdeck', email: 'billing@hostdeck.test', website: null })).toEqual(['Hostdeck', 'billing@hostdeck.test']);
  });

  it('words codes, statuses and amounts as the page shows them', () => {
    expect(humanise('BANK_TRANSFER')).toBe('Bank transfer');
    expect(statusWords('PARTIALLY_PAID')).toBe('Partially paid');
    expect(moneyText(128_250, 'USD')).toBe('$1,282.50');
    expect(moneyText(500, 'GBP')).toBe('5.00 GBP');
  });
});
