import { z } from 'zod';
import { companyEmailsRoutes } from '../requests/company-emails';
import { defineOperation, guidParam, pageOf } from './define';
import { accountEmail, accountListQuery } from './account-activity';
import { COMPANY_SCOPES } from '../rules/company-tabs';
import { COMPANY_EMAIL_NOT_FOUND, SENT_FILTER_INVALID, SENT_FILTER_VALUES } from '../schemas/company-emails';
import { LIMITS, text } from '../schemas/text';
import { COMPANY_NOT_FOUND } from '../schemas/company';

/** Company > Emails: the emails the API sent for the company (spec part 3, 2.9, 3 "Company email"; 6 can_view_company_emails). */
const oneValue = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const oneText = z.preprocess(oneValue, z.optional(text(LIMITS.filter)));
export const companyEmailListQuery = z.object({
  ...accountListQuery.shape,
  subject: oneText,
  email: oneText,
  content: oneText,
  sent: z.preprocess(
    (v) => (typeof oneValue(v) === 'string' ? String(oneValue(v)).toLowerCase() : oneValue(v)),
    z.optional(z.enum(SENT_FILTER_VALUES, { error: SENT_FILTER_INVALID })),
  ),
});
export type CompanyEmailListQuery = z.input<typeof companyEmailListQuery>;

/** The account email's fields plus the event it was sent for (a contact's subscriptions filter by it). */
export const companyEmail = accountEmail.extend({ event: z.string().nullable() }).meta({ id: 'CompanyEmail' });
export type CompanyEmail = z.infer<typeof companyEmail>;

const own = { area: 'company', customers: false, scopes: COMPANY_SCOPES.emails } as const;

export const listCompanyEmailsOp = defineOperation({
  ...companyEmailsRoutes.listEmails,
  ...own,
  summary: "The company's emails, newest first, with filters subject, email, content (contains) and sent (yes or no)",
  params: z.object({ guid: guidParam }),
  companyPath: COMPANY_NOT_FOUND,
  query: companyEmailListQuery,
  answer: pageOf(companyEmail),
  notFound: COMPANY_NOT_FOUND,
});
export const getCompanyEmailOp = defineOperation({
  ...companyEmailsRoutes.getEmail,
  ...own,
  summary: "One of the company's emails with its HTML content (sanitise before showing)",
  params: z.object({ guid: guidParam, emailGuid: guidParam }),
  companyPath: COMPANY_EMAIL_NOT_FOUND,
  answer: companyEmail,
  notFound: COMPANY_EMAIL_NOT_FOUND,
});
