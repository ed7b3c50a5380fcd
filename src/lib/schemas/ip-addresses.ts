import { z } from 'zod/mini';
import { required, text } from './text';

/** The IP group page's forms and calls (spec part 3, 2.2, 5, 7 "IP addresses" and 9). */

/** Spec part 3, 2.2: rows in these states cannot be selected. */
export const UNSELECTABLE_IP_STATUSES = ['CANCELLED', 'PENDING_CANCELLATION', 'REPLACED'] as const;
export const isSelectableIp = (ip: { status: string }) => !(UNSELECTABLE_IP_STATUSES as readonly string[]).includes(ip.status);

/** A selection named by guids holds at most this many; more is sent as a filter. */
export const MAX_IP_GUIDS = 10_000;

export const SELECT_AN_IP = 'Please select at least 1 IP address!';
export const SHARED_REFUSAL = 'Cannot edit IP signature or HTTP version of shared IP addresses!';

const guids = (message: string) => z.array(z.guid(message)).check(z.maxLength(MAX_IP_GUIDS, `Select at most ${MAX_IP_GUIDS} IP addresses by name, or select all of the list.`));
const searchTag = text({ label: 'A search value', max: 253 });

/**
 * Every selectable address of a group as searched, less the ones unticked: how the page sends
 * "all 99,999" without listing them (docs/decisions.md "IP addresses").
 */
export const ipFilterSchema = z.object({
  group: z.guid('Unknown IP address group.'),
  search: z._default(z.array(searchTag).check(z.maxLength(500, 'Search at most 500 values at once.')), []),
  except: z._default(guids('Unknown IP address.'), []),
});
export type IpFilter = z.input<typeof ipFilterSchema>;

/** Which addresses an action applies to: guids, or a filter (exactly one). */
export const ipSelectionShape = {
  ip_addresses: z.optional(guids('Unknown IP address.')),
  filter: z.optional(ipFilterSchema),
};
export type IpSelection = { ip_addresses?: string[]; filter?: IpFilter };

type SelectionBody = { ip_addresses?: string[] | undefined; filter?: unknown };
/** The selection must name something: 'Please select at least 1 IP address!' beside ip_addresses. */
export const selectionCheck = <T extends SelectionBody>() =>
  z.superRefine<T>((body, ctx) => {
    if (!body.filter && !body.ip_addresses?.length) ctx.issues.push({ code: 'custom', input: body, path: ['ip_addresses'], message: SELECT_AN_IP });
    if (body.filter && body.ip_addresses?.length) ctx.issues.push({ code: 'custom', input: body, path: ['filter'], message: 'Send either ip_addresses or filter, not both.' });
  });

/** Modify signature (spec part 3, 5 "Signature"): one address at a time. */
export const signatureFormSchema = z.object({
  ip_address: z.string().check(z.minLength(1, 'Please pick the IP address!'), z.guid('Please pick the IP address!')),
  signature: z.string().check(z.minLength(1, 'Please select the signature!'), z.guid('Please select the signature!')),
});
export type SignatureForm = z.input<typeof signatureFormSchema>;

/** `PATCH /ip_addresses/{guid}/`: the signature (spec part 3, 7). */
export const ipAddressPatchSchema = z.object({
  signature: z.string().check(z.minLength(1, 'Please select the signature!'), z.guid('Please select the signature!')),
});

/** `PATCH /ip_addresses/`: action MOVE, the addresses and the destination (spec decisions, 2: the move message). */
export const moveIpsSchema = z
  .object({
    action: z.literal('MOVE', 'The action must be MOVE.'),
    ...ipSelectionShape,
    destination_group: z.string().check(z.minLength(1, 'Please select the destination group!'), z.guid('Please select the destination group!')),
  })
  .check(selectionCheck());
export type MoveIps = z.input<typeof moveIpsSchema>;

/** Spec part 3, 9: the bulk actions. */
export const IP_BULK_ACTIONS = ['ENABLE_HTTP2', 'DISABLE_HTTP2'] as const;
export type IpBulkAction = (typeof IP_BULK_ACTIONS)[number];
export const IP_BULK_LABELS: Record<IpBulkAction, string> = { ENABLE_HTTP2: 'Enable HTTP/2', DISABLE_HTTP2: 'Disable HTTP/2' };

export const ipBulkSchema = z
  .object({
    action: z.enum(IP_BULK_ACTIONS, 'Please select an action!'),
    ...ipSelectionShape,
  })
  .check(selectionCheck());
export type IpBulk = z.input<typeof ipBulkSchema>;

export const httpVersionSchema = z.object({ version: z.union([z.literal(1), z.literal(2)], 'The HTTP version must be 1 or 2.') });
export const directAccessSchema = z.object({ status: z.boolean('Direct access must be true or false.') });

export const IP_GROUP_NAME = { label: 'Group name', max: 100 } as const;
/** Group settings (rename) and a new group (spec part 3, 5 "Group settings"). */
export const ipGroupSchema = z.object({ name: required("Please enter your group's name!", IP_GROUP_NAME) });
export type IpGroupInput = z.input<typeof ipGroupSchema>;

/** Spec part 3, 9 "Export (IP addresses)". */
export const IP_EXPORT_FIELDS = [
  'ip_address',
  'ip_address_city',
  'ip_address_country',
  'ip_address_type',
  'ip_address_status',
  'order_id',
  'website_slots_available',
  'website_slots_used',
  'server_signature',
] as const;
export type IpExportField = (typeof IP_EXPORT_FIELDS)[number];
export const IP_EXPORT_LABELS: Record<IpExportField, string> = {
  ip_address: 'IP address',
  ip_address_city: 'City',
  ip_address_country: 'Country',
  ip_address_type: 'Type',
  ip_address_status: 'Status',
  order_id: 'Order',
  website_slots_available: 'Website slots available',
  website_slots_used: 'Website slots used',
  server_signature: 'Server signature',
};
export const SELECT_A_FIELD = 'Please select at least 1 field!';

const many = <T extends z.core.$ZodType>(item: T) =>
  z.pipe(
    z.transform((v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
    z.array(item),
  );
const one = <T extends z.core.$ZodType>(item: T) =>
  z.pipe(
    z.transform((v: unknown) => (Array.isArray(v) ? v[0] : v)),
    item,
  );
const exportField = z.enum(IP_EXPORT_FIELDS, 'Unknown export field.');
const outputType = z.enum(['CSV', 'JSON'], 'The output type must be CSV or JSON.');
const sortDir = z.enum(['ASC', 'DESC'], 'The sort direction must be ASC or DESC.');

/** `GET /ip_addresses/export/` (spec part 3, 7): a few selected guids fit a URL; `search` (decided) exports the list as searched. */
export const ipExportQuery = z.object({
  group: one(z.guid('Unknown IP address group.')),
  output_type: z._default(one(outputType), 'CSV'),
  fields: many(exportField).check(z.minLength(1, SELECT_A_FIELD)),
  selected_ip_addresses: z.optional(
    many(z.guid('Unknown IP address.')).check(z.maxLength(100, 'Select at most 100 IP addresses in a URL; send more in the body of POST /ip_addresses/export/.')),
  ),
  search: z.optional(many(searchTag)),
  sort_field: z._default(one(exportField), 'ip_address'),
  sort_dir: z._default(one(sortDir), 'ASC'),
});

/** The same choices with a selection of any size in a JSON body (`POST /ip_addresses/export/`, decided). */
export const ipExportBody = z
  .object({
    group: z.guid('Unknown IP address group.'),
    output_type: z._default(outputType, 'CSV'),
    fields: z.array(exportField).check(z.minLength(1, SELECT_A_FIELD)),
    ...ipSelectionShape,
    sort_field: z._default(exportField, 'ip_address'),
    sort_dir: z._default(sortDir, 'ASC'),
  })
  .check(selectionCheck());
export type IpExportBody = z.input<typeof ipExportBody>;

/** Spec part 3, 9 "Cancellation". */
export const CANCELLATION_TIMES = ['END_OF_BILLING_CYCLE', 'IMMEDIATELY'] as const;
export const CANCELLATION_TIME_LABELS: Record<(typeof CANCELLATION_TIMES)[number], string> = {
  END_OF_BILLING_CYCLE: 'At the end of the billing cycle',
  IMMEDIATELY: 'Immediately',
};
export const CANCELLATION_REASONS = [
  'SWITCHED_PROVIDERS',
  'SERVICE_TOO_EXPENSIVE',
  'NOT_HAPPY_WITH_SERVICE',
  'TECHNICAL_ISSUES',
  'NOT_GOOD_VALUE',
  'MISSING_FEATURES',
  'FINANCIAL_REASONS',
  'PROJECT_ENDED',
  'OTHER',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  SWITCHED_PROVIDERS: 'I switched providers',
  SERVICE_TOO_EXPENSIVE: 'The service is too expensive',
  NOT_HAPPY_WITH_SERVICE: 'I am not happy with the service',
  TECHNICAL_ISSUES: 'Technical issues',
  NOT_GOOD_VALUE: 'Not good value for money',
  MISSING_FEATURES: 'Missing features',
  FINANCIAL_REASONS: 'Financial reasons',
  PROJECT_ENDED: 'My project ended',
  OTHER: 'Other',
};
/** Spec part 3, 8. */
export const CANCELLATION_SUBMITTED = 'Cancellation request successfully submitted!';
export const CHOOSE_ONE_IP = 'Please choose at least 1 IP address!';
/** Our sentence for addresses named that are not the company's, or not in the member's groups. */
export const IPS_NOT_FOUND = 'Some of the selected IP addresses were not found. Reload the list and select again.';
export const CANCEL_BLOCKED_DOMAINS = 'Please uncheck IP addresses with active domains or remove domains from those IP addresses.';
/** Spec decisions, 2: without the stray final '.'. */
export const CANCEL_BLOCKED_REQUESTED = 'Please uncheck IP addresses that already have a cancellation request submitted!';

const score = (message: string) => z.number(message).check(z.int(message), z.gte(1, message), z.lte(5, message));

/** The cancel form's own fields, the same for IP addresses and for a whole order (spec part 3, 5). */
export const cancellationFeedback = {
  cancellation_time: z.enum(CANCELLATION_TIMES, 'Please select the cancellation time!'),
  cancellation_reason: z.enum(CANCELLATION_REASONS, 'Please select a cancellation reason!'),
  custom_cancellation_reason: z.optional(z.nullable(text({ label: 'The cancellation reason', max: 1000, multiline: true }))),
  recommendation_score: score('Please provide a recommendation score!'),
  how_likely_to_use_us_again: score('Please answer how likely are you to return in the future!'),
};
const cancellationFields = { ...cancellationFeedback, ...ipSelectionShape };

type ReasonChecked = { cancellation_reason: string; custom_cancellation_reason?: string | null | undefined };
/** 'Please provide a cancellation reason!' for reason OTHER without words. */
export const reasonCheck = <T extends ReasonChecked>() =>
  z.superRefine<T>((body, ctx) => {
    if (body.cancellation_reason === 'OTHER' && !body.custom_cancellation_reason?.trim())
      ctx.issues.push({ code: 'custom', input: body, path: ['custom_cancellation_reason'], message: 'Please provide a cancellation reason!' });
  });
const cancellationCheck = <T extends ReasonChecked & SelectionBody>() =>
  z.superRefine<T>((body, ctx) => {
    if (!body.filter && !body.ip_addresses?.length) ctx.issues.push({ code: 'custom', input: body, path: ['ip_addresses'], message: CHOOSE_ONE_IP });
  });

/** `POST /billing/cancellations/` (spec part 3, 5 "Cancellation of IP addresses", 7 "Billing"). */
export const cancellationSchema = z.object(cancellationFields).check(cancellationCheck(), reasonCheck());
export type CancellationBody = z.input<typeof cancellationSchema>;

/** The dialog adds the terms checkbox, which only the panel checks (spec part 3, 5). */
export const CANCELLATION_AGREE = z.literal(true, 'Please agree to the cancellation terms!');
export const cancellationFormSchema = z.object({ ...cancellationFields, agree: CANCELLATION_AGREE }).check(cancellationCheck(), reasonCheck());

/** Modify website slots (spec part 3, 5 "Modify slots"): the minimum is the domain count, the maximum 1 shared, max(10, current) dedicated. */
export function slotLimits(ip: { ip_address_type: string; domain_count: number; domains_allowed: number }): { min: number; max: number } {
  const max = ip.ip_address_type === 'SHARED' ? 1 : Math.max(10, ip.domains_allowed);
  return { min: Math.min(Math.max(1, ip.domain_count), max), max };
}

/** Spec part 3, 5 "Modify slots". */
export const CHANGE_ONE_IP = 'Please change at least one IP address!';
/** Spec part 3, 8: the two outcomes of modifying slots. */
export const SLOTS_INVOICED = 'Success! Redirecting to invoice...';
export const SLOTS_SCHEDULED = 'Success! IP address changes scheduled!';
/** Our sentences where the spec has none. */
export const SLOTS_NOT_ACTIVE = (ip: string) => `${ip} is not ACTIVE: its slots cannot be changed.`;
export const SLOTS_OUT_OF_RANGE = (ip: string, min: number, max: number) => `Website slots of ${ip} must be between ${min} and ${max}.`;
export const SLOTS_BELOW_DOMAINS = (ip: string, domains: number) => `${ip} holds ${domains} domains: it needs at least as many website slots.`;
export const SLOTS_AWAIT_PAYMENT = (ip: string, invoice: number) => `${ip} has website slots waiting for payment on invoice #${invoice}. Pay or cancel that invoice first.`;
export const SLOTS_ONE_CURRENCY = 'These IP addresses are billed in different currencies: change the slots of one currency at a time.';

/**
 * `POST /billing/ip-addresses/modify/`: the spec's "list of {ip_address, value}", inside an
 * object as every body is (docs/decisions.md "API input").
 */
export const modifySlotsSchema = z.object({
  ip_addresses: z
    .array(
      z.object({
        ip_address: z.guid('Unknown IP address.'),
        value: z.number('Website slots must be a whole number.').check(z.int('Website slots must be a whole number.'), z.gte(1, 'Website slots must be 1 or more.')),
      }),
    )
    .check(z.minLength(1, CHANGE_ONE_IP), z.maxLength(1000, 'Change at most 1000 IP addresses at once.')),
});
export type ModifySlots = z.input<typeof modifySlotsSchema>;
