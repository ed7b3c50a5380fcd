import { z } from 'zod/mini';
import { required } from './text';

/**
 * The company Emails tab's filters (spec part 3, 2.9 "filters by key/value"), one per key:
 * subject, recipient and content match as contains, case-insensitively; sent is yes or no
 * (no: the 'Scheduled' ones).
 */
export const COMPANY_EMAIL_FILTER_KEYS = ['subject', 'email', 'content', 'sent'] as const;
export type CompanyEmailFilterKey = (typeof COMPANY_EMAIL_FILTER_KEYS)[number];
export const COMPANY_EMAIL_FILTER_LABELS: Record<CompanyEmailFilterKey, string> = { subject: 'Subject', email: 'Recipient', content: 'Content', sent: 'Sent' };
export const SENT_FILTER_VALUES = ['yes', 'no'] as const;
export const SENT_FILTER_INVALID = "Sent can be 'yes' or 'no'.";
export const COMPANY_EMAIL_NOT_FOUND = 'Email not found.';

export const companyEmailFilterSchema = z
  .object({
    key: z.enum(COMPANY_EMAIL_FILTER_KEYS),
    value: required('Please enter filter value!', { label: 'A filter', max: 200 }),
  })
  .check(z.refine((f) => f.key !== 'sent' || (SENT_FILTER_VALUES as readonly string[]).includes(f.value.toLowerCase()), { message: SENT_FILTER_INVALID, path: ['value'] }));
export type CompanyEmailFilterInput = z.input<typeof companyEmailFilterSchema>;
