import { z } from 'zod/mini';
import { countOf } from '../format/words';
import { parseIpv4 } from '../ip';

/** DNS record forms (spec part 2, 2.6 and 5 "DNS record", 9 TTL). */

export const RECORD_TYPES = ['NS', 'A', 'CNAME', 'MX', 'TXT'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
export const ZONE_TYPES = ['SOA', ...RECORD_TYPES] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

export const DNS_VALUE_MISSING = "Please enter DNS record's value!";
export const TTL_NOT_WHOLE = 'TTL must be a full number!';
export const TTL_RANGE = 'Please enter a TTL value between 3600 and 592200!';
export const NAME_CHARACTERS = "The name can hold only a-z, 0-9, '.' and '-' (blank is the domain itself).";
export const NO_NEW_SOA = 'An SOA record cannot be added: edit the existing one.';
/** RFC 2181, 10.1: a name holds one CNAME, so its set has one value (the zone file reader says so of a second CNAME line too). */
export const CNAME_ONE_VALUE = 'A CNAME record has one value: a name can be an alias of one name only.';
export const TTL_DEFAULT = 3600;
export const TTL_MIN = 3600;
export const TTL_MAX = 592200;
/** The TTL input's own bounds and shortcuts (spec part 2, 5). */
export const TTL_INPUT = {
  min: 600,
  max: 172800,
  shortcuts: [
    { label: '1h', seconds: 3600 },
    { label: '12h', seconds: 43200 },
    { label: '1d', seconds: 86400 },
  ],
} as const;
export const SOA_FIELDS = ['nameserver', 'email', 'serial', 'refresh', 'retry', 'expiry', 'ttl'] as const;

const HOST = /^(?=.{1,253}\.?$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.?$/i;

/** The values of a record, one a row (spec part 2, 5): blank rows dropped. */
export const valuesOf = (value: string) =>
  value
    .split(/\r?\n/)
    .map((v) => v.trim())
    .filter(Boolean);

/** Why a value cannot stand for a record of this type, or null. */
export function valueProblem(type: ZoneType, value: string): string | null {
  switch (type) {
    case 'A':
      return parseIpv4(value) ? null : `${value} is not an IPv4 address.`;
    case 'NS':
    case 'CNAME':
      return HOST.test(value) ? null : `${value} is not a host name.`;
    case 'MX': {
      const m = /^(\d{1,5})\s+(\S+)$/.exec(value);
      return m && Number(m[1]) <= 65535 && HOST.test(m[2]!) ? null : `${value} is not a mail server: write its priority and host, like "10 mail.example.com".`;
    }
    case 'TXT':
      return value.length <= 2048 ? null : 'A TXT value can be at most 2048 characters long.';
    case 'SOA': {
      const parts = value.split(/\s+/);
      if (parts.length !== 7) return 'An SOA value has 7 parts: nameserver, email, serial, refresh, retry, expire and ttl.';
      return parts.slice(2).every((p) => /^\d+$/.test(p)) && HOST.test(parts[0]!) ? null : 'The serial, refresh, retry, expire and ttl of an SOA record are whole numbers.';
    }
  }
}

const ttlField = z._default(
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v)),
    z.number(TTL_NOT_WHOLE).check(z.int(TTL_NOT_WHOLE), z.gte(TTL_MIN, TTL_RANGE), z.lte(TTL_MAX, TTL_RANGE)),
  ),
  TTL_DEFAULT,
);

const nameField = z._default(
  z.pipe(
    z.string().check(z.maxLength(253, NAME_CHARACTERS)),
    z.pipe(
      z.transform((n: string) => n.trim().toLowerCase().replace(/\.$/, '').replace(/^@$/, '')),
      z.string().check(z.regex(/^[a-z0-9.*_-]*$/, NAME_CHARACTERS)),
    ),
  ),
  '',
);

const recordShape = {
  name: nameField,
  value: z.string({ error: DNS_VALUE_MISSING }).check(
    z.maxLength(20_000, 'The value is too long.'),
    z.refine((v) => valuesOf(v).length > 0, DNS_VALUE_MISSING),
  ),
  ttl: ttlField,
};

/** Why the values, one a row, cannot stand for a record set of this type, or null. */
function setProblem(type: ZoneType, value: string): string | null {
  const values = valuesOf(value);
  if (type === 'CNAME' && new Set(values).size > 1) return CNAME_ONE_VALUE;
  for (const v of values) {
    const problem = valueProblem(type, v);
    if (problem) return problem;
  }
  return null;
}

function checkValues(body: { type: ZoneType; value: string }, ctx: { issues: unknown[] }) {
  const problem = setProblem(body.type, body.value);
  if (problem) (ctx.issues as { code: string; input: unknown; path: string[]; message: string }[]).push({ code: 'custom', input: body, path: ['value'], message: problem });
}

/** Adding a record set: never SOA (spec part 2, 5). */
export const dnsRecordCreateSchema = z.object({ ...recordShape, type: z.enum(ZONE_TYPES, 'Please choose a record type!') }).check(
  z.refine((b) => b.type !== 'SOA', { message: NO_NEW_SOA, path: ['type'] }),
  z.superRefine((b, ctx) => checkValues(b, ctx)),
);
export type DnsRecordCreate = z.input<typeof dnsRecordCreateSchema>;

/** Changing a record set, found by its type and `old_name`; SOA values are its seven parts. */
export const dnsRecordUpdateSchema = z
  .object({ ...recordShape, type: z.enum(ZONE_TYPES, 'Please choose a record type!'), old_name: nameField })
  .check(z.superRefine((b, ctx) => checkValues(b, ctx)));
export type DnsRecordUpdate = z.input<typeof dnsRecordUpdateSchema>;

/**
 * Importing a BIND zone file: a preview first, then the same text with `apply`; an apply that
 * removes more records than it adds also needs `confirm_removals`.
 */
export const zoneImportSchema = z.object({
  zone_file: z
    .string({ error: 'Please paste a zone file!' })
    .check(z.minLength(1, 'Please paste a zone file!'), z.maxLength(500_000, 'A zone file can be at most 500,000 characters long.')),
  apply: z._default(z.boolean('Apply must be true or false.'), false),
  confirm_removals: z._default(z.boolean('Confirm removals must be true or false.'), false),
});
export type ZoneImport = z.input<typeof zoneImportSchema>;

/** An import asks before it removes more records than it adds, so that no file empties a zone unseen. */
export const importNeedsConfirmation = (change: { added: readonly unknown[]; removed: readonly unknown[] }) => change.removed.length > change.added.length;

/** What an import removes and adds, in words: 'removes 14 records and adds 1'. */
export const importChangeWords = (change: { added: readonly unknown[]; removed: readonly unknown[] }) =>
  `removes ${countOf(change.removed.length, 'record')} and adds ${change.added.length.toLocaleString('en-US')}`;
