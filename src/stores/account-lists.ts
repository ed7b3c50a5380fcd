import { atom } from 'nanostores';
import type { CompanyMembership, Invitation } from '../lib/api/account';
import { acceptInvitation, createCompany, getInvitationCode, listCompanies, listInvitations } from '../lib/requests/account';
import type { AccountEmail, LogRecord, LoginRecord } from '../lib/api/account-activity';
import { getEmail, listEmails, listLogins, listLogs } from '../lib/requests/account-activity';
import { companyCreateSchema, emailFilterSchema } from '../lib/schemas/account';
import { api } from './api';
import { createForm } from './form';
import { createPagedList } from './paged-list';
import { loadUser } from './session';
import { toastError, toastSuccess } from './toasts';

/** The Emails tab's filters: at most one per key (spec part 1, 5 Email filter). */
export type EmailFilters = Partial<Record<'subject' | 'content', string>>;

export const emailsList = createPagedList<AccountEmail, EmailFilters>('account-emails', (q) => listEmails(api, q));
export const loginsList = createPagedList<LoginRecord>('account-logins', (q) => listLogins(api, q));
export const logsList = createPagedList<LogRecord>('account-logs', (q) => listLogs(api, q));
export const companiesList = createPagedList<CompanyMembership>('account-companies', (q) => listCompanies(api, q));
export const invitationsList = createPagedList<Invitation>('account-invitations', (q) => listInvitations(api, q));

/** The email open in the detail dialog. */
export const $openEmail = atom<{ loading: boolean; email: AccountEmail | null } | null>(null);

export async function openEmail(guid: string): Promise<void> {
  $openEmail.set({ loading: true, email: null });
  try {
    const email = await getEmail(api, guid);
    $openEmail.set({ loading: false, email });
  } catch (error) {
    $openEmail.set(null);
    toastError(error);
  }
}

export const closeEmail = () => $openEmail.set(null);

/** Adds a filter; a filter of the same key replaces the old one. */
export function addEmailFilter(key: 'subject' | 'content', value: string): void {
  emailsList.setFilters({ ...emailsList.$list.get().filters, [key]: value.trim() });
}

export function removeEmailFilter(key: 'subject' | 'content'): void {
  const next = { ...emailsList.$list.get().filters };
  delete next[key];
  emailsList.setFilters(next);
}

export const clearEmailFilters = () => emailsList.setFilters({});

/**
 * Add Company (spec part 1, 2.6 and 5). Each submission sends its own Idempotency-Key; the
 * form refuses a second submit while one runs, so a double click creates one company.
 */
export const companyForm = createForm({
  schema: companyCreateSchema,
  send: (input) => createCompany(api, input, crypto.randomUUID()),
  successToast: (answer) => answer.message,
  onSuccess: async () => {
    await Promise.all([companiesList.load(), loadUser()]);
  },
});

/** 'Add Filter': a filter of the same key replaces the old one; nothing is sent. */
export const emailFilterForm = createForm({
  schema: emailFilterSchema,
  send: (filter) => addEmailFilter(filter.key, filter.value),
});

/** Accepts an invitation; the new company joins the list and the header's company menu. */
export async function accept(guid: string): Promise<void> {
  try {
    const answer = await acceptInvitation(api, guid);
    toastSuccess(answer.message);
    await Promise.all([invitationsList.load(), loadUser()]);
  } catch (error) {
    toastError(error);
  }
}

/** The invitation code dialog: closed (null), loading, or showing a code. */
export const $invitationCode = atom<{ loading: boolean; code: string | null } | null>(null);

/** Opens the dialog and loads a fresh code; a failed load closes it again (spec part 1, 4). */
export async function showInvitationCode(): Promise<void> {
  $invitationCode.set({ loading: true, code: null });
  try {
    const { invitation_code } = await getInvitationCode(api);
    $invitationCode.set({ loading: false, code: invitation_code });
  } catch (error) {
    $invitationCode.set(null);
    toastError(error);
  }
}

export const closeInvitationCode = () => $invitationCode.set(null);
