import { describe, expect, it } from 'vitest';
import { billedPeriodOf, parseInvoiceAction } from '../../../src/server/billing/invoice-actions';

/** `on_paid` as the code before the typed actions wrote it: rows of that time must still be carried out when paid. */
const STORED = [
  { action: 'ACTIVATE_IP_ORDER', order_id: 12 },
  { action: 'ACTIVATE_HOSTING_ORDER', order_id: 13, hosting_account: '0b8f5a52-3d55-4a3f-9d0e-6f1c2b7c9e01' },
  {
    action: 'APPLY_PLAN_CHANGE',
    hosting_account: '0b8f5a52-3d55-4a3f-9d0e-6f1c2b7c9e01',
    order_id: 13,
    from_plan: '5d7c1f0e-8a1b-4c7e-9f2d-3b4a5c6d7e8f',
    to_plan: '6e8d2a1f-9b2c-4d8f-a03e-4c5b6d7e8f90',
    monthly_cost: 1299,
  },
  { action: 'START_WEBSITE_SETUP', order_id: 14 },
  { action: 'APPLY_SLOT_UPGRADE', ip_addresses: [{ guid: '7f9e3b2a-0c3d-4e9a-b14f-5d6c7e8f9a01', value: 4 }] },
  { action: 'EXTEND_ORDER', order_id: 12, months: 3 },
  { action: 'EXTEND_ORDER', order_id: 12, months: 3, period_start: '2027-01-01T00:00:00.000Z', period_end: '2027-04-01T00:00:00.000Z' },
  { action: 'RENEW_ORDER', order_id: 12, period_start: '2026-12-01T00:00:00.000Z', period_end: '2027-01-01T00:00:00.000Z' },
];

describe('invoice actions as stored in invoices.on_paid', () => {
  it.each(STORED)('reads $action as it was written', (stored) => {
    expect(parseInvoiceAction(stored)).toEqual(stored);
  });

  it('reads nothing to carry out from none, an unknown action or one missing what it needs', () => {
    expect(parseInvoiceAction(null)).toBeNull();
    expect(parseInvoiceAction({ action: 'REFUND_ORDER', order_id: 12 })).toBeNull();
    expect(parseInvoiceAction({ action: 'EXTEND_ORDER', order_id: 12 })).toBeNull();
    expect(parseInvoiceAction({ action: 'APPLY_SLOT_UPGRADE', ip_addresses: [{ guid: 'x', value: '4' }] })).toBeNull();
  });

  it('names the period of a renewal, and of an extension once paid', () => {
    expect(billedPeriodOf(parseInvoiceAction(STORED[7]))).toEqual({ start: '2026-12-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' });
    expect(billedPeriodOf(parseInvoiceAction(STORED[6]))).toEqual({ start: '2027-01-01T00:00:00.000Z', end: '2027-04-01T00:00:00.000Z' });
    expect(billedPeriodOf(parseInvoiceAction(STORED[5]))).toBeNull();
    expect(billedPeriodOf(parseInvoiceAction(STORED[0]))).toBeNull();
  });
});
