import { z } from 'zod';
import { accountActivityRoutes } from '../requests/account-activity';
import { defineOperation, guidParam, pageOf } from './define';
import { pagingSchema } from '../schemas/lists';
import { LIMITS, text } from '../schemas/text';

/** The user's own emails, sign-ins and actions (spec part 1, 2.6 Emails, Logins, Logs; 7). */

export const ACCOUNT_LIST_MAX = 100;
export const accountListQuery = pagingSchema(ACCOUNT_LIST_MAX);
export type AccountListQuery = z.input<typeof accountListQuery>;

const oneText = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.optional(text(LIMITS.filter)));
export const emailListQuery = z.object({ ...accountListQuery.shape, subject: oneText, content: oneText });
export type EmailListQuery = z.input<typeof emailListQuery>;

export const accountEmail = z
  .object({
    guid: z.guid(),
    subject: z.string(),
    content: z.string(),
    name: z.string(),
    email: z.string(),
    date_sent: z.iso.datetime().nullable(),
    is_sent: z.boolean(),
    date_created: z.iso.datetime(),
  })
  .meta({ id: 'AccountEmail' });
export type AccountEmail = z.infer<typeof accountEmail>;

export const loginRecord = z
  .object({
    guid: z.guid(),
    timestamp: z.iso.datetime(),
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
    country: z.object({ code: z.string(), name: z.string() }).nullable(),
    city: z.string().nullable(),
    status: z.enum(['SUCCESS', 'FAILURE']),
  })
  .meta({ id: 'LoginRecord' });
export type LoginRecord = z.infer<typeof loginRecord>;

export const logRecord = z
  .object({
    guid: z.guid(),
    date_created: z.iso.datetime(),
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
    actor: z.object({
      first_name: z.string(),
      last_name: z.string(),
      /** API_USER for an API key; the member's account type otherwise. */
      user_type: z.string(),
    }),
    verb: z.string(),
    action_object: z.string().nullable(),
    action_object_type: z.string().nullable(),
    target: z.string().nullable(),
    target_type: z.string().nullable(),
  })
  .meta({ id: 'LogRecord' });
export type LogRecord = z.infer<typeof logRecord>;

const area = 'account';
const own = { area, customers: false } as const;

export const listEmailsOp = defineOperation({
  ...accountActivityRoutes.listEmails,
  ...own,
  summary: "The user's emails, newest first",
  query: emailListQuery,
  answer: pageOf(accountEmail),
});
export const getEmailOp = defineOperation({
  ...accountActivityRoutes.getEmail,
  ...own,
  summary: "One of the user's emails",
  params: z.object({ guid: guidParam }),
  answer: accountEmail,
  notFound: 'Email not found.',
});
export const listLoginsOp = defineOperation({
  ...accountActivityRoutes.listLogins,
  ...own,
  summary: "The user's sign-ins, newest first",
  query: accountListQuery,
  answer: pageOf(loginRecord),
});
export const listLogsOp = defineOperation({
  ...accountActivityRoutes.listLogs,
  ...own,
  summary: "The user's actions, newest first",
  query: accountListQuery,
  answer: pageOf(logRecord),
});
