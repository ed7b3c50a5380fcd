import { z } from 'zod/mini';
import { required } from './text';
import { COMPANY_SCOPES } from '../rules/company-tabs';

/** What each contact action needs (spec part 3, 6). */
export const CONTACT_SCOPES = {
  view: COMPANY_SCOPES.contacts,
  add: [...COMPANY_SCOPES.contacts, 'can_add_company_contacts'],
  edit: [...COMPANY_SCOPES.contacts, 'can_edit_company_contacts'],
  remove: [...COMPANY_SCOPES.contacts, 'can_delete_company_contacts'],
} as const;

/** The events a contact can subscribe to, in the two groups of spec part 3, 3 "Contact". */
export const BILLING_EVENTS = [
  'new_invoice',
  'invoice_payment_reminder',
  'new_payment',
  'new_payment_method',
  'payment_method_disabled',
  'new_order',
  'order_suspended',
  'order_termination_warning',
  'order_terminated',
  'new_hosting_account',
  'card_charge_failed',
] as const;
export const DOMAIN_EVENTS = ['new_domain', 'domain_deleted', 'software_install', 'software_uninstall', 'ssl_install', 'ssl_uninstall', 'ssl_renewal'] as const;
export const CONTACT_EVENTS = [...BILLING_EVENTS, ...DOMAIN_EVENTS] as const;
export type ContactEvent = (typeof CONTACT_EVENTS)[number];
export const EVENT_GROUPS = [
  { label: 'Billing', events: BILLING_EVENTS },
  { label: 'Domains', events: DOMAIN_EVENTS },
] as const;

/** 'new_invoice' to 'New invoice'. */
export const eventLabel = (event: string) => {
  const words = event.replace(/_/g, ' ').replace(/\bssl\b/g, 'SSL');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Spec part 3, 8, word for word. */
export const CONTACT_CREATED = "Contact successfully created! Please check contact's inbox for a verification email!";
export const CONTACT_UPDATED = 'Contact successfully updated!';
export const CONTACT_DELETED = 'Contact successfully deleted!';
export const CONTACT_RESENT = 'Verification email was successfully resent!';
/** Spec part 3, 5 "Contact". */
export const CONTACT_FIRST_NAME = 'Please enter first name!';
export const CONTACT_LAST_NAME = 'Please enter last name!';
export const CONTACT_EMAIL = 'Please enter email address!';
export const CONTACT_EMAIL_INVALID = 'Please enter a valid email address!';
export const CONTACT_EMAIL_TAKEN = 'This email address is already a contact of this company.';
export const CONTACT_NOT_FOUND = 'Contact not found.';
export const CONTACT_NOT_DELETABLE = 'This contact cannot be deleted.';
export const CONTACT_ALREADY_VERIFIED = 'This contact has already verified its email address.';
export const CONTACT_RESEND_REQUIRED = 'Please confirm that the verification email should be sent again.';

const events = z._default(z.array(z.enum(CONTACT_EVENTS, { error: 'Please choose events from the list.' })).check(z.maxLength(CONTACT_EVENTS.length)), []);
const names = {
  first_name: required(CONTACT_FIRST_NAME, { label: 'First name', max: 150 }),
  last_name: required(CONTACT_LAST_NAME, { label: 'Last name', max: 150 }),
};

/** Create: names, the address and the events (empty: every email, transactional ones included). */
export const contactCreateSchema = z.object({
  ...names,
  email_address: z.pipe(required(CONTACT_EMAIL, { label: 'Email address', max: 254 }), z.email(CONTACT_EMAIL_INVALID)),
  events,
});
export type ContactCreateInput = z.input<typeof contactCreateSchema>;

/** Edit: the address is not editable after create (spec part 3, 5), so the body has none. */
export const contactUpdateSchema = z.object({ ...names, events });
export type ContactUpdateInput = z.input<typeof contactUpdateSchema>;

export const contactResendSchema = z.object({ resend_email: z.literal(true, { error: CONTACT_RESEND_REQUIRED }) });

/** What Company > Emails shows in place of a contact's verification link and code: only the contact may hold them. */
export const CONTACT_SECRETS_NOT_KEPT = '(The verification link and code are sent to the contact only and not kept here.)';
