import { z } from 'zod/mini';

/** The domain export (spec part 2, 5 "Export" and 9 "Export"). */

export const EXPORT_SORT_FIELDS = [
  'domain',
  'ip_address',
  'ip_address_city',
  'ip_address_country',
  'ip_address_http_version',
  'domain_date_created',
  'software',
  'ssl_certificate_status',
  'tf',
  'da',
  'whois_expires',
] as const;
export type ExportSortField = (typeof EXPORT_SORT_FIELDS)[number];

export const EXPORT_FIELDS = [
  ...EXPORT_SORT_FIELDS,
  'domain_group_name',
  'ip_address_group_name',
  'ip_address_price',
  'ip_address_order_id',
  'ip_address_order_renewal_date',
  'software_username',
  'software_password',
  'health',
  'health_checked',
  'health_resolved_ip',
  'health_resolved_ip_www',
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];

/** How the export dialog names each field (and the CSV's header row). */
export const EXPORT_FIELD_LABELS: Record<ExportField, string> = {
  domain: 'Domain',
  ip_address: 'IP address',
  ip_address_city: 'City',
  ip_address_country: 'Country',
  ip_address_http_version: 'HTTP version',
  domain_date_created: 'Created',
  software: 'Software',
  ssl_certificate_status: 'SSL certificate',
  tf: 'TF',
  da: 'DA',
  whois_expires: 'Expires',
  domain_group_name: 'Domain group',
  ip_address_group_name: 'IP group',
  ip_address_price: 'IP address price',
  ip_address_order_id: 'Order',
  ip_address_order_renewal_date: 'Order renewal',
  software_username: 'Software username',
  software_password: 'Software password',
  health: 'Health',
  health_checked: 'Health checked',
  health_resolved_ip: 'Resolves to',
  health_resolved_ip_www: 'www resolves to',
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

const groupChoice = z.guid('Unknown domain group.');
const outputType = z.enum(['CSV', 'JSON'], 'The output type must be CSV or JSON.');
const exportField = z.enum(EXPORT_FIELDS, 'Unknown export field.');
const selectedDomain = z.guid('Unknown domain.');
const sortField = z.enum(EXPORT_SORT_FIELDS, 'Unknown sort field.');
const sortDir = z.enum(['ASC', 'DESC'], 'The sort direction must be ASC or DESC.');
export const MAX_EXPORT_SELECTION = 10_000;
const SELECT_AT_MOST = 'Select at most 10000 domains to export, or none to export all.';

export const domainExportQuery = z.object({
  group: one(groupChoice),
  output_type: z._default(one(outputType), 'CSV'),
  fields: many(exportField).check(z.minLength(1, SELECT_A_FIELD)),
  /** Only these domains when given; all of the group's otherwise. */
  selected_domains: z.optional(many(selectedDomain).check(z.maxLength(MAX_EXPORT_SELECTION, SELECT_AT_MOST))),
  sort_field: z._default(one(sortField), 'domain'),
  sort_dir: z._default(one(sortDir), 'ASC'),
});

/**
 * The same choices as a JSON body, for a selection longer than a URL holds (`POST
 * /domains/export/`, docs/decisions.md "Export"): about 150 guids fill a query string.
 */
export const domainExportBody = z.object({
  group: groupChoice,
  output_type: z._default(outputType, 'CSV'),
  fields: z.array(exportField).check(z.minLength(1, SELECT_A_FIELD)),
  selected_domains: z.array(selectedDomain).check(z.minLength(1, 'Select the domains to export.'), z.maxLength(MAX_EXPORT_SELECTION, SELECT_AT_MOST)),
  sort_field: z._default(sortField, 'domain'),
  sort_dir: z._default(sortDir, 'ASC'),
});
/** What a client sends (the schema's input is looser: it also takes single values for lists). */
export type DomainExportQuery = {
  group: string;
  output_type?: 'CSV' | 'JSON';
  fields: readonly ExportField[];
  selected_domains?: readonly string[];
  sort_field?: ExportSortField;
  sort_dir?: 'ASC' | 'DESC';
};
