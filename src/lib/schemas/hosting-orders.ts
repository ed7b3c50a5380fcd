import { z } from 'zod/mini';
import { normaliseCoupon } from './ip-orders';
import { required, text } from './text';
import { ENTER_HOSTING_NAME, HOSTING_ACCOUNT_NOT_FOUND, NAME_LIMIT } from './hosting-accounts';

/**
 * Ordering shared hosting and changing an account's plan (spec part 3, 2.8, 4 "Hosting account",
 * 5 "Shared hosting order", 7 "Hosting and plans", 8): the order dialog, the plan change wizard,
 * the server and the CLI check their input with these.
 */

/** Spec part 3, 5: "Default billing cycle ANNUALLY". */
export const DEFAULT_HOSTING_CYCLE = 'ANNUALLY';

// Spec part 3, 5 "Shared hosting order".
export const SELECT_PLAN = 'Please select the hosting plan!';
export const SELECT_CYCLE = 'Please select the billing cycle!';
export const SELECT_LOCATION = 'Please select a hosting location!';
// Spec part 3, 8.
export const HOSTING_ORDER_PLACED = 'Order successfully placed, redirecting to invoice...';
export const DOWNGRADE_SCHEDULED = "Hosting account's downgrade successfully scheduled!";
export const DOWNGRADE_CANCELED = 'Downgrade request successfully canceled!';
/** Spec part 3, 8 "Warnings". */
export const DOWNGRADE_REDUCES = (what: string) => `This downgrade reduces your ${what}. Please make sure your websites fit the new plan.`;
export const CURRENT_PLAN_RETIRED = 'The current plan no longer exists: once changed, you cannot go back to it.';

// Our sentences: the spec names none for these.
export const UPGRADE_INVOICED = 'Success! Redirecting to invoice...';
export const PLAN_CHANGE_SCHEDULED = "Hosting account's plan change successfully scheduled!";
export const PLAN_CHANGED = "Hosting account's plan successfully changed!";
export const SAME_PLAN = 'Please choose a plan different from the current one!';
export const UNKNOWN_PLAN = 'This hosting plan is not offered!';
export const UNKNOWN_HOSTING_LOCATION = 'This hosting location is not offered!';
export const UNKNOWN_HOSTING_CYCLE = 'This billing cycle is not offered for shared hosting!';
export const DOWNGRADE_AT_RENEWAL = 'A cheaper plan takes effect at the renewal date! Please choose "At renewal".';
export const NO_PENDING_DOWNGRADE = 'This hosting account has no plan change scheduled!';
export const PLAN_NOT_CHANGEABLE = 'The plan of this hosting account cannot be changed!';
export const PLAN_CHANGE_AWAITS_PAYMENT = 'A plan change of this hosting account awaits the payment of its invoice!';

const guid = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.guid(message));
const oneValue = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/**
 * POST /billing/orders/shared_hosting/create/ (spec part 3, 7): name, plan, billing_cycle
 * (default ANNUALLY), coupon (blank becomes null, spec 5), location.
 */
export const sharedHostingOrderSchema = z.object({
  name: required(ENTER_HOSTING_NAME, NAME_LIMIT),
  plan: guid(SELECT_PLAN),
  billing_cycle: z._default(required(SELECT_CYCLE, { label: 'Billing cycle', max: 30 }), DEFAULT_HOSTING_CYCLE),
  coupon: z.pipe(z.optional(z.nullable(text({ label: 'Coupon', max: 50 }))), z.transform(normaliseCoupon)),
  location: guid(SELECT_LOCATION),
});
export type SharedHostingOrderInput = z.input<typeof sharedHostingOrderSchema>;
export type SharedHostingOrderBody = z.output<typeof sharedHostingOrderSchema>;

/** GET /billing/orders/shared_hosting/options/: an optional coupon to check, as the IP order's options. */
export const sharedHostingOptionsQuery = z.object({
  coupon: z.optional(z.pipe(z.transform(oneValue), text({ label: 'Coupon', max: 50 }))),
});
export type SharedHostingOptionsQuery = z.input<typeof sharedHostingOptionsQuery>;

/**
 * When a plan change takes effect (our field; spec part 3, 4 offers both in the wizard): NOW
 * switches at once once its prorated invoice is paid; RENEWAL waits for the renewal date. Left
 * out, a cheaper plan waits for the renewal and any other is NOW, as the spec's wizard does.
 */
export const PLAN_CHANGE_TIMES = ['NOW', 'RENEWAL'] as const;
export type PlanChangeTime = (typeof PLAN_CHANGE_TIMES)[number];

const planChangeFields = {
  hosting_account: guid(HOSTING_ACCOUNT_NOT_FOUND),
  new_hosting_plan: guid(SELECT_PLAN),
  when: z.optional(z.enum(PLAN_CHANGE_TIMES, { error: 'When must be NOW or RENEWAL.' })),
};

/** POST /billing/shared-hosting/modify/ (spec part 3, 7): hosting_account, new_hosting_plan, and our `when`. */
export const planChangeSchema = z.object(planChangeFields);
export type PlanChangeInput = z.input<typeof planChangeSchema>;

/** GET /billing/shared-hosting/modify/preview/ (a decided extra): what the change would do, committing nothing. */
export const planChangePreviewQuery = z.object({
  hosting_account: z.pipe(z.transform(oneValue), planChangeFields.hosting_account),
  new_hosting_plan: z.pipe(z.transform(oneValue), planChangeFields.new_hosting_plan),
  when: z.optional(z.pipe(z.transform(oneValue), z.enum(PLAN_CHANGE_TIMES, { error: 'When must be NOW or RENEWAL.' }))),
});
export type PlanChangePreviewQuery = z.input<typeof planChangePreviewQuery>;

/** The limits a downgrade warns about (spec part 3, 4: "downgrade reduces storage, memory or CPU"). */
export interface PlanLimits {
  storage: number | null;
  memory: number | null;
  cpu: number | null;
}

/** Null is unlimited: a limit is reduced when the new one is smaller, or finite where the old one was not. */
const reduced = (from: number | null, to: number | null) => to !== null && (from === null || to < from);

/**
 * The warnings of a plan change (spec part 3, 4 and 8): what the new plan reduces, and that the
 * current plan cannot be chosen again once it is retired. The wizard and the preview call it.
 */
export function planChangeWarnings(current: PlanLimits & { is_available: boolean }, next: PlanLimits): string[] {
  const less = [reduced(current.storage, next.storage) && 'storage', reduced(current.memory, next.memory) && 'memory', reduced(current.cpu, next.cpu) && 'CPU'].filter(
    (w): w is string => typeof w === 'string',
  );
  const words = less.length > 1 ? `${less.slice(0, -1).join(', ')} and ${less.at(-1)}` : less[0];
  return [...(words ? [DOWNGRADE_REDUCES(words)] : []), ...(current.is_available ? [] : [CURRENT_PLAN_RETIRED])];
}
