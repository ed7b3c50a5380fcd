import { z } from 'zod/mini';
import { pagingSchema } from './lists';
import { text } from './text';

/** URL redirects and the redirect and caching toggles (spec part 2, 3, 4.2, 4.4, 5 "URL redirect", 9). */

/** Spec part 2, 9: the redirect codes; 301 is the default for URL redirects. */
export const REDIRECT_CODES = [301, 302, 303, 307, 308] as const;
export type RedirectCode = (typeof REDIRECT_CODES)[number];
export const DEFAULT_REDIRECT_CODE: RedirectCode = 301;

export const REDIRECT_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** Spec part 2, 5 "URL redirect": the dialog's sentences. */
export const ENTER_URL = 'Please enter at least one URL!';
export const ENTER_DESTINATION = 'Please enter destination!';
/** Spec decisions 1: `{host}` in the redirect rule reads "http:// or https://". */
export const DESTINATION_SCHEME = 'The destination must start with http:// or https://!';
export const DESTINATION_INVALID = 'Please enter a valid destination address!';
export const URL_RELATIVE = "Each URL must be a path on this domain starting with '/' (for example /old-page)!";
export const URL_WILDCARD = "Only the end of a URL may be the wildcard '*'!";
export const REDIRECT_CODE_INVALID = 'Please choose a response code of 301, 302, 303, 307 or 308!';

/** Spec part 2, 4.1: meta toggles only while the domain is ACTIVE; otherwise it is busy. */
export const DOMAIN_BUSY = 'The domain is busy. Please wait until its current task finishes!';
/** Decided (docs/decisions.md "The HTTP edge"): section 8 has no sentence of its own for the toggles. */
export const META_UPDATED = 'Settings successfully updated! Changes can take up to 5 minutes.';
/** Spec part 2, 8. */
export const REDIRECT_UPDATED = 'Redirect successfully updated!';
/** Decided after section 8's pattern ('... successfully created!', '... deleted!'). */
export const REDIRECT_CREATED = 'Redirect successfully created!';
export const REDIRECT_DELETED = 'Redirect successfully deleted!';
export const REDIRECTS_DELETED = 'Redirects successfully deleted!';

/** How many URLs one redirect may hold, and how long each may be. */
export const REDIRECT_URLS_MAX = 100;
const URL_LIMIT = { label: 'A URL', max: 2000 } as const;
const DESTINATION_LIMIT = { label: 'The destination', max: 2000 } as const;

/** A relative path: '/', no scheme or host, no spaces; a '*' only as its last character. */
export function urlProblem(url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//') || /\s/.test(url)) return URL_RELATIVE;
  if (url.slice(0, -1).includes('*')) return URL_WILDCARD;
  return null;
}

/** The destination as stored: trimmed and lowercased (spec part 2, 5). */
export const normaliseDestination = (destination: string) => destination.trim().toLowerCase();

function destinationProblem(destination: string): string | null {
  if (!/^https?:\/\//.test(destination)) return DESTINATION_SCHEME;
  try {
    const url = new URL(destination);
    return url.hostname ? null : DESTINATION_INVALID;
  } catch {
    return DESTINATION_INVALID;
  }
}

/** The textarea's rows as the URL list: one per row, blanks dropped (spec part 2, 5). */
export const urlRows = (textarea: string) =>
  textarea
    .split(/\r?\n/)
    .map((row) => row.trim())
    .filter(Boolean);

const urlList = z.array(text(URL_LIMIT, ENTER_URL), { error: ENTER_URL }).check(
  z.overwrite((urls) => urls.filter(Boolean)),
  z.minLength(1, ENTER_URL),
  z.maxLength(REDIRECT_URLS_MAX, `A redirect can hold at most ${REDIRECT_URLS_MAX} URLs.`),
  z.superRefine((urls, ctx) => {
    const problem = urls.map(urlProblem).find(Boolean);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: urls });
  }),
);

const responseCode = z._default(
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v)),
    z.number({ error: REDIRECT_CODE_INVALID }).check(z.refine((n) => (REDIRECT_CODES as readonly number[]).includes(n), REDIRECT_CODE_INVALID)),
  ),
  DEFAULT_REDIRECT_CODE,
);

/** The New URL Redirect dialog and `POST /domains/{guid}/redirects/`. */
export const redirectCreateSchema = z.object({
  response_code: responseCode,
  urls: urlList,
  destination: z.string({ error: ENTER_DESTINATION }).check(
    z.trim(),
    z.minLength(1, ENTER_DESTINATION),
    z.maxLength(DESTINATION_LIMIT.max, `${DESTINATION_LIMIT.label} can be at most ${DESTINATION_LIMIT.max} characters long.`),
    z.toLowerCase(),
    z.superRefine((destination, ctx) => {
      // An empty destination already has its sentence.
      const problem = destination ? destinationProblem(destination) : null;
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: destination });
    }),
  ),
});
export type RedirectCreate = z.input<typeof redirectCreateSchema>;

/** The ACTIVE/DISABLED switch (spec part 2, 4.2). */
export const redirectStatusSchema = z.object({
  status: z.enum(REDIRECT_STATUSES, { error: 'Status must be ACTIVE or DISABLED.' }),
});
export type RedirectStatusChange = z.input<typeof redirectStatusSchema>;

/** The list's query: paging and a search over urls and destination. */
export const redirectListQuery = z.object({
  ...pagingSchema().shape,
  search: z.optional(
    z.pipe(
      z.transform((v: unknown) => (Array.isArray(v) ? v.join(' ') : v)),
      text({ label: 'The search', max: 200 }),
    ),
  ),
});
export type RedirectListQuery = z.input<typeof redirectListQuery>;

export const SELECT_REDIRECTS = 'Please select at least one redirect!';

/** The bulk delete's repeated `redirect` query parameter (spec part 2, 7.4). */
export const redirectBulkDeleteQuery = z.object({
  redirect: z.pipe(
    z.transform((v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
    z.array(z.guid('Unknown redirect.')).check(z.minLength(1, SELECT_REDIRECTS), z.maxLength(1000, 'Delete at most 1000 redirects at once.')),
  ),
});
export type RedirectBulkDelete = z.input<typeof redirectBulkDeleteQuery>;

/** The Misc tab's flags (spec part 2, 3 "Domain meta" and 4.4). */
export const REDIRECT_FLAGS = ['redirect_to_https', 'redirect_to_http', 'redirect_to_www', 'redirect_to_nonwww'] as const;
export const META_FLAGS = [...REDIRECT_FLAGS, 'cache_enabled'] as const;
export type MetaFlag = (typeof META_FLAGS)[number];
export type MetaFlags = Record<MetaFlag, boolean>;

/** Spec part 2, 4.4: HTTPS and HTTP, www and non-www exclude each other. */
export const EXCLUSIVE_PAIRS: readonly (readonly [MetaFlag, MetaFlag])[] = [
  ['redirect_to_https', 'redirect_to_http'],
  ['redirect_to_www', 'redirect_to_nonwww'],
];

export const META_BOTH_OF_PAIR = 'Only one redirect of each pair can be on: HTTPS or HTTP, www or non-www!';
export const META_NOTHING = 'Please choose a redirect or caching setting to change!';

const flag = (name: string) => z.optional(z.boolean(`${name} must be true or false.`));

/**
 * `POST /domains/{guid}/meta/`: the flags to change. Turning one of a pair on turns the other
 * off (`withExclusions`); asking for both of a pair on at once is refused.
 */
export const metaUpdateSchema = z
  .object({
    redirect_to_https: flag('Redirect to HTTPS'),
    redirect_to_http: flag('Redirect to HTTP'),
    redirect_to_www: flag('Redirect to www'),
    redirect_to_nonwww: flag('Redirect to non-www'),
    cache_enabled: flag('Caching'),
  })
  .check(
    z.refine((body) => META_FLAGS.some((f) => body[f] !== undefined), META_NOTHING),
    z.refine((body) => EXCLUSIVE_PAIRS.every(([a, b]) => !(body[a] && body[b])), META_BOTH_OF_PAIR),
  );
export type MetaUpdate = z.input<typeof metaUpdateSchema>;

/** The change with its implied exclusions: turning one of a pair on turns the other off. */
export function withExclusions(change: Partial<MetaFlags>): Partial<MetaFlags> {
  const out: Partial<MetaFlags> = { ...change };
  for (const [a, b] of EXCLUSIVE_PAIRS) {
    if (change[a]) out[b] = false;
    if (change[b]) out[a] = false;
  }
  return out;
}
