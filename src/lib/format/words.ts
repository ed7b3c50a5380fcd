/**
 * The codes of the API in the words people read (the panel's screens, the billing PDFs). One
 * table per kind of code, kept beside the function that reads it, so a code is put into words
 * in one place; a code no table knows falls back to sentence case ('BANK_TRANSFER' ->
 * 'Bank transfer'), never to the code itself. SCREEN_CODES lists every code these tables put
 * into other words, for the browser tests to fail on any of them shown as it is.
 */

/** BANK_TRANSFER -> 'Bank transfer': the fallback for a code no table below knows. */
export const humanise = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, ' ');

const wordsFrom = (table: Readonly<Record<string, string>>) => (code: string) => table[code] ?? humanise(code);

/**
 * Statuses, as their badge shows them (spec part 1, 4 and part 3, 4 name the codes; the Logins
 * tab's "Success or Failure badge" the way they read).
 */
export const STATUS_WORDS: Readonly<Record<string, string>> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  PENDING: 'Pending',
  INSTALLING: 'Installing',
  UNINSTALLING: 'Uninstalling',
  ADDING: 'Adding',
  SCHEDULED: 'Scheduled',
  UPDATING: 'Updating',
  UPDATING_HOSTING: 'Updating hosting',
  VERIFICATION: 'Awaiting verification',
  DELETING: 'Deleting',
  INVESTIGATING: 'Investigating',
  FIXING: 'Fixing',
  CLEARING: 'Clearing',
  RETRYING: 'Retrying',
  PAID: 'Paid',
  UNPAID: 'Unpaid',
  PARTIALLY_PAID: 'Partially paid',
  PROCESSED: 'Processed',
  RESOLVED: 'Resolved',
  COMPLETED: 'Completed',
  ACCEPTED: 'Accepted',
  SUCCESS: 'Success',
  ERROR: 'Error',
  SUSPENDED: 'Suspended',
  DELETED: 'Deleted',
  FAILURE: 'Failure',
  FAILED: 'Failed',
  DISABLED: 'Disabled',
  PENDING_CANCELLATION: 'Pending cancellation',
  CANCELLED: 'Cancelled',
  REPLACED: 'Replaced',
  REVOKED: 'Revoked',
  DECLINED: 'Declined',
  REVERSED: 'Reversed',
  REFUNDED: 'Refunded',
  ON_HOLD: 'On hold',
  USED: 'Used',
  EXPIRED: 'Expired',
  UNAVAILABLE: 'Unavailable',
};
export const statusWords = wordsFrom(STATUS_WORDS);

/** IP address types. */
export const IP_TYPE_WORDS: Readonly<Record<string, string>> = { DEDICATED: 'Dedicated', SHARED: 'Shared' };
export const ipTypeWords = wordsFrom(IP_TYPE_WORDS);

/** How a domain sits on its hosting account. */
export const HOSTING_TYPE_WORDS: Readonly<Record<string, string>> = {
  DOMAIN: 'Main domain',
  ADDON_DOMAIN: 'Addon domain',
  SUBDOMAIN: 'Subdomain',
  PARKED_DOMAIN: 'Parked domain',
};
export const hostingTypeWords = wordsFrom(HOSTING_TYPE_WORDS);

/** Payment methods (payments, transactions, payout details): brand names keep their own spelling. */
export const PAYMENT_METHOD_WORDS: Readonly<Record<string, string>> = {
  CARD: 'Card',
  PAYPAL: 'PayPal',
  BANK_TRANSFER: 'Bank transfer',
  CRYPTOMUS: 'Cryptomus',
  CREDIT: 'Credit',
  CREDIT_NOTE: 'Credit note',
  ACH: 'ACH',
  SWIFT: 'SWIFT',
};
export const paymentMethodWords = wordsFrom(PAYMENT_METHOD_WORDS);

/** Order types (the Orders tab, the order page, a renewal's line). */
export const ORDER_TYPE_WORDS: Readonly<Record<string, string>> = {
  IP_ADDRESS_HOSTING: 'IP address hosting',
  SHARED_HOSTING: 'Shared hosting',
  VPS_HOSTING: 'VPS hosting',
  DEDICATED_SERVER_HOSTING: 'Dedicated server hosting',
  DOMAIN: 'Domain registration',
  WEBSITE_SETUP: 'Website setup',
  MANAGED_HOSTING: 'Managed hosting',
};
export const orderTypeWords = wordsFrom(ORDER_TYPE_WORDS);

/** Billing cycles. */
export const BILLING_CYCLE_WORDS: Readonly<Record<string, string>> = {
  MONTHLY: 'Monthly',
  QUARTERLY: 'Quarterly',
  SEMI_ANNUALLY: 'Semi-annually',
  ANNUALLY: 'Annually',
  BIENNIALLY: 'Biennially',
  TRIENNIALLY: 'Triennially',
};
export const billingCycleWords = wordsFrom(BILLING_CYCLE_WORDS);

/** A member's account type in a company. */
export const MEMBER_TYPE_WORDS: Readonly<Record<string, string>> = { OWNER: 'Owner', ADMIN: 'Admin', STAFF: 'Staff', CUSTOMER: 'Customer' };
export const memberTypeWords = wordsFrom(MEMBER_TYPE_WORDS);

/** Affiliate payouts: the first payment of a referral, or a later one. */
export const PAYOUT_TYPE_WORDS: Readonly<Record<string, string>> = { NEW: 'First payment', RECURRING: 'Recurring' };
export const payoutTypeWords = wordsFrom(PAYOUT_TYPE_WORDS);

/** Words a screen shows in capitals by design that are also codes: the news item's NEW tag (spec part 1, 9). */
const LABELS_IN_CAPITALS = new Set(['NEW']);

/**
 * The codes above that read differently in words: none of them may be shown as it is (a browser
 * test reads each screen's visible text for them). Codes whose words are the code (ACH, SWIFT)
 * and labels the spec writes in capitals are left out.
 */
export const SCREEN_CODES: readonly string[] = [
  ...new Set(
    [STATUS_WORDS, IP_TYPE_WORDS, HOSTING_TYPE_WORDS, PAYMENT_METHOD_WORDS, ORDER_TYPE_WORDS, BILLING_CYCLE_WORDS, MEMBER_TYPE_WORDS, PAYOUT_TYPE_WORDS].flatMap((table) =>
      Object.entries(table).flatMap(([code, words]) => (words === code || LABELS_IN_CAPITALS.has(code) ? [] : [code])),
    ),
  ),
];

/** A count with its noun, singular for one: '1 IP address', '17 IP addresses', '0 days'. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/**
 * One location of an IP order in words: its city and country when known (else its code), the
 * addresses ordered and the website slots each has (the order keeps the slots beyond the first).
 */
export function orderLocationWords(line: {
  location: string;
  city?: string | null | undefined;
  country?: string | null | undefined;
  ip_address_count: number;
  additional_site_count: number;
}): string {
  const place = line.city ? [line.city, line.country].filter(Boolean).join(', ') : line.location;
  return `${place}: ${countOf(line.ip_address_count, 'IP address', 'IP addresses')}, ${countOf(line.additional_site_count + 1, 'website slot')} each`;
}

/** A length of time in whole months and days: '12 months and 1 day', '1 month', '3 days'. */
export function monthsAndDays(months: number, days: number): string {
  const parts = [months ? countOf(months, 'month') : '', days || !months ? countOf(days, 'day') : ''].filter(Boolean);
  return parts.join(' and ');
}
