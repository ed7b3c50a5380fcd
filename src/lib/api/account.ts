import { z } from 'zod';
import { accountListQuery } from './account-activity';
import { companyRef, todoList } from './auth';
import { accountRoutes } from '../requests/account';
import { defineOperation, guidParam, messageAnswer, pageOf } from './define';
import { TODO_KEYS } from '../rules/todo-list';
import { companyCreateSchema, CURRENCIES, passwordChangeSchema, preferenceSchema, profileSchema } from '../schemas/account';
import { accountSetupSchema } from '../schemas/notices';
import { COMPANY_NOT_FOUND } from '../schemas/company';

/** Account area contract (spec part 1, 2.6 and 7 'Profile, security and account area'). */

/** The four Email Preferences switches (spec part 1, 3 Profile). */
export const preferences = z
  .object({
    receive_failed_login_emails: z.boolean(),
    receive_automated_sales_emails: z.boolean(),
    receive_marketing_emails: z.boolean(),
    receive_update_emails: z.boolean(),
  })
  .meta({ id: 'EmailPreferences' });
export type Preferences = z.infer<typeof preferences>;

export const profile = preferences.extend({ first_name: z.string(), last_name: z.string(), email: z.string() }).meta({ id: 'Profile' });
export type Profile = z.infer<typeof profile>;

export type Message = z.infer<typeof messageAnswer>;

export const companyMembership = z
  .object({
    guid: z.guid(),
    company: companyRef,
    date_created: z.iso.datetime(),
    status: z.string(),
    account_type: z.string(),
    user_type: z.string(),
    /** The user's default company (picked when no Company header is sent). */
    is_default: z.boolean(),
    /** The company this request acts for. */
    is_active: z.boolean(),
  })
  .meta({ id: 'CompanyMembership' });
export type CompanyMembership = z.infer<typeof companyMembership>;

export const companyDetail = z
  .object({
    guid: z.guid(),
    name: z.string(),
    address1: z.string(),
    address2: z.string().nullable(),
    city: z.string(),
    region: z.string(),
    postal_code: z.string(),
    country: z.string(),
    phone: z.string(),
    currency: z.enum(CURRENCIES),
    status: z.string(),
    is_partner: z.boolean(),
    date_created: z.iso.datetime(),
    /** The viewer's account type in the company. */
    account_type: z.string(),
    /** Printed on the company's new invoices (spec part 3, 3 Company). */
    invoice_notes: z.string().nullable(),
    /** Quoted to support to prove who is calling. */
    support_pin: z.string(),
    /** The viewer's permissions in this company (the company page shows its tabs by them). */
    permissions: z.array(z.string()),
  })
  .meta({ id: 'CompanyDetail' });
export type CompanyDetail = z.infer<typeof companyDetail>;

export const invitation = z.object({ guid: z.guid(), company: companyRef, status: z.string(), date_created: z.iso.datetime() }).meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitation>;

const todoListAnswer = z.object({ todo_list: todoList });

const area = 'account';
/** The account area is the person's own: closed to customer accounts (spec part 1, 7). */
const own = { area, customers: false } as const;
/** Who the person is stays theirs to change: an API key acts for its company only (docs/decisions.md). */
const personal = { ...own, apiKeys: false } as const;
const guidOf = (notFound: string) => ({ params: z.object({ guid: guidParam }), notFound });

export const getProfileOp = defineOperation({ ...accountRoutes.getProfile, ...own, summary: "The user's names, email and email preferences", answer: profile });
export const updateProfileOp = defineOperation({
  ...accountRoutes.updateProfile,
  ...personal,
  summary: "Changes the user's names",
  body: profileSchema,
  answer: z.object({ message: z.string(), profile }),
});
export const changePasswordOp = defineOperation({
  ...accountRoutes.changePassword,
  ...personal,
  summary: 'Changes the password, ends the other sessions and mails a security notice',
  body: passwordChangeSchema,
  answer: messageAnswer,
});
export const updatePreferenceOp = defineOperation({
  ...accountRoutes.updatePreference,
  ...personal,
  summary: 'Sets one email preference',
  body: preferenceSchema,
  answer: z.object({ message: z.string(), preferences }),
});

export const listCompaniesOp = defineOperation({
  ...accountRoutes.listCompanies,
  ...own,
  summary: "The user's company memberships, oldest first",
  query: accountListQuery,
  answer: pageOf(companyMembership),
});
/** A key belongs to one company; making companies is for people. */
export const createCompanyOp = defineOperation({
  ...accountRoutes.createCompany,
  ...personal,
  summary: 'Creates a company with the user as its owner',
  body: companyCreateSchema,
  answer: z.object({ message: z.string(), company: companyDetail }),
  status: 201,
  // A double click or a retry must not create two companies.
  idempotent: true,
});
export const getCompanyOp = defineOperation({
  ...accountRoutes.getCompany,
  ...own,
  area: 'auth',
  summary: "One of the user's companies",
  ...guidOf(COMPANY_NOT_FOUND),
  answer: companyDetail,
});
export const makeDefaultCompanyOp = defineOperation({
  ...accountRoutes.makeDefaultCompany,
  ...own,
  summary: 'Makes a company the one used when no Company header is sent',
  ...guidOf(COMPANY_NOT_FOUND),
  answer: messageAnswer,
});

export const listInvitationsOp = defineOperation({
  ...accountRoutes.listInvitations,
  ...own,
  summary: 'Invitations addressed to the user, newest first',
  query: accountListQuery,
  answer: pageOf(invitation),
});
export const getInvitationCodeOp = defineOperation({
  ...accountRoutes.getInvitationCode,
  ...own,
  summary: "The user's invitation code, valid for two 10-minute windows",
  answer: z.object({ invitation_code: z.string() }),
});
export const revokeInvitationOp = defineOperation({
  ...accountRoutes.revokeInvitation,
  ...own,
  summary: 'Revokes a pending invitation',
  ...guidOf('Invitation not found.'),
  answer: messageAnswer,
});
export const acceptInvitationOp = defineOperation({
  ...accountRoutes.acceptInvitation,
  ...own,
  summary: 'Accepts a pending invitation: the user joins the company as STAFF',
  ...guidOf('Invitation not found.'),
  answer: messageAnswer,
});

/** The to-do list belongs to the user; the home page shows it to viewers with can_view_billing, so only they change it. */
const todo = { area: 'shell', customers: false, scopes: ['can_view_billing'] } as const;
/** The body is read as sent (see accountSetupSchema), so its shape is described here for the document. */
const todoStep = accountSetupSchema.register(z.globalRegistry, {
  type: 'object',
  description: 'Exactly one of the five steps, set to true.',
  properties: Object.fromEntries(TODO_KEYS.map((key) => [key, { type: 'boolean', const: true }])),
  minProperties: 1,
  maxProperties: 1,
  additionalProperties: false,
});
export const completeTodoItemOp = defineOperation({
  ...accountRoutes.completeTodoItem,
  ...todo,
  summary: 'Ticks one step of the account set-up to-do list',
  body: todoStep,
  answer: todoListAnswer,
});
export const closeTodoListOp = defineOperation({ ...accountRoutes.closeTodoList, ...todo, summary: 'Closes the account set-up to-do list for good', answer: todoListAnswer });
