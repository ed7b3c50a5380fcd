import { z } from 'zod';
import { authRoutes } from '../requests/auth';
import { defineOperation, guidParam } from './define';
import { loginSchema } from '../schemas/auth';
import { TODO_KEYS, type TodoKey } from '../rules/todo-list';
import { COMPANY_NOT_FOUND } from '../schemas/company';

/** The company's account manager, shown on the home page (spec part 1, 3 Home). */
export const accountManager = z
  .object({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string().nullable(), avatar: z.string().nullable() })
  .meta({ id: 'AccountManager' });
export type AccountManager = z.infer<typeof accountManager>;

/** The account set-up to-do list of the home page: five steps and whether it was closed (spec part 1, 4 and 7). */
export const todoList = z
  .object({ ...(Object.fromEntries(TODO_KEYS.map((key) => [key, z.boolean()])) as Record<TodoKey, z.ZodBoolean>), closed: z.boolean() })
  .meta({ id: 'TodoList' });
export type TodoList = z.infer<typeof todoList>;

/** A company as lists and switches name it. */
export const companyRef = z.object({ guid: z.guid(), name: z.string() }).meta({ id: 'CompanyRef' });

/** The company the session acts for, with the viewer's scopes in it. */
export const sessionCompany = z
  .object({
    guid: z.guid(),
    name: z.string(),
    permissions: z.array(z.string()),
    white_label: z.record(z.string(), z.unknown()).nullable(),
    is_partner: z.boolean(),
    currency: z.enum(['USD', 'EUR']),
    show_getting_started: z.boolean(),
    getting_started_step: z.number().int(),
    getting_started_data: z.record(z.string(), z.unknown()),
    account_type: z.string(),
    user_type: z.string(),
    account_manager: accountManager.nullable(),
  })
  .meta({ id: 'SessionCompany' });
export type SessionCompany = z.infer<typeof sessionCompany>;

/** The signed-in user, the company the request acts for and the companies they can switch to (spec part 1, 7). */
export const sessionUser = z
  .object({
    guid: z.guid(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    is_customer: z.boolean(),
    todo_list: todoList.nullable(),
    company: sessionCompany,
    company_list: z.array(companyRef),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUser>;

export const whoAmI = z.object({ user: sessionUser }).meta({ id: 'WhoAmI' });
export type WhoAmI = z.infer<typeof whoAmI>;

/** Spec part 1, 7 (auth): the session user; the panel loads it on every page. */
export const whoamiOp = defineOperation({ ...authRoutes.whoami, area: 'auth', summary: 'The signed-in user and the company the request acts for', answer: whoAmI });
/** Spec part 3, 2.13: checked before the panel switches to another company. */
export const validateCompanyOp = defineOperation({
  ...authRoutes.validateCompany,
  area: 'auth',
  summary: 'Whether the user may act for a company',
  params: z.object({ guid: guidParam }),
  answer: z.object({ company: companyRef }),
  notFound: COMPANY_NOT_FOUND,
});

/** A finished sign-in: a new session token and the session user (spec part 1, 7). */
export const signedIn = z.object({ token: z.string(), user: sessionUser }).meta({ id: 'SignedIn' });
export type SignedIn = z.infer<typeof signedIn>;

/** A right password on an account that needs a second step; the session_id names it (spec part 1, 5: '2FA code', 'Device code'). */
export const secondStep = z.object({ session_id: z.guid(), verification: z.enum(['2fa', 'device']) }).meta({ id: 'SecondStep' });

export const loginResult = z.union([signedIn, secondStep]).meta({ id: 'LoginResult' });
export type LoginResult = z.infer<typeof loginResult>;

/** Spec part 1, 5 (Login) and 7: the password step; a 2FA or new-device account answers the second step to take. */
export const loginOp = defineOperation({
  ...authRoutes.login,
  area: 'auth',
  audience: 'public',
  summary: 'Sign in with email and password',
  body: loginSchema,
  answer: loginResult,
});
/** Spec part 1, 7: ends the session of the token (an API key is left as it is). */
export const logoutOp = defineOperation({
  ...authRoutes.logout,
  area: 'auth',
  audience: 'user',
  summary: 'Sign out: end this session',
  answer: z.object({ success: z.literal(true) }),
});
