/** How statuses are shown across the panel (spec part 1, 4): one colour group per status. */
export const STATUS_GROUPS = {
  progress: ['PENDING', 'INSTALLING', 'UNINSTALLING', 'ADDING', 'SCHEDULED', 'UPDATING', 'VERIFICATION', 'DELETING', 'INVESTIGATING', 'FIXING', 'CLEARING', 'UPDATING_HOSTING'],
  // SUCCESS is a login record's status (spec part 1, 3); its FAILURE is already an error.
  success: ['ACTIVE', 'PAID', 'PROCESSED', 'RESOLVED', 'COMPLETED', 'ACCEPTED', 'SUCCESS'],
  error: ['ERROR', 'SUSPENDED', 'INACTIVE', 'UNPAID', 'DELETED', 'FAILURE', 'DISABLED', 'PENDING_CANCELLATION', 'REVOKED', 'DECLINED', 'REVERSED', 'REFUNDED'],
  warning: ['PARTIALLY_PAID', 'ON_HOLD'],
} as const;

export type StatusGroup = keyof typeof STATUS_GROUPS | 'neutral';

export function statusGroupOf(status: string | boolean): StatusGroup {
  const s = typeof status === 'boolean' ? (status ? 'ACTIVE' : 'INACTIVE') : status;
  for (const [group, list] of Object.entries(STATUS_GROUPS) as [keyof typeof STATUS_GROUPS, readonly string[]][]) {
    if (list.includes(s)) return group;
  }
  return 'neutral';
}

/** A boolean status is shown as ACTIVE or INACTIVE. */
export const booleanStatus = (on: boolean) => (on ? 'ACTIVE' : 'INACTIVE');

/** Invoices that still ask for money. */
export const OPEN_INVOICE_STATUSES = ['UNPAID', 'PARTIALLY_PAID'] as const;
/** IP addresses that still serve (cancelled and replaced ones are history). */
export const LIVE_IP_STATUSES = ['ACTIVE', 'PENDING_CANCELLATION'] as const;
