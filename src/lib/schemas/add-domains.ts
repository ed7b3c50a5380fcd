import { z } from 'zod/mini';
import { parseIpv4 } from '../ip';
import { splitTags } from './lists';
import { text } from './text';

/**
 * Adding domains: the wizard's table, its import text and the CLI's import file all check
 * rows with these (spec part 2, 2.8, 4.6 and 5 "Add-domains table", "Import line format").
 */

/** Spec decisions, 1: the protocol options; default https://. */
export const SOFTWARE_PROTOCOLS = ['http://', 'https://', 'http://www.', 'https://www.'] as const;
export type SoftwareProtocol = (typeof SOFTWARE_PROTOCOLS)[number];
export const DEFAULT_PROTOCOL: SoftwareProtocol = 'https://';
/** Spec part 2, 9: the wizard's software list holds only WORDPRESS. */
export const WIZARD_SOFTWARE = ['WORDPRESS'] as const;
/** One submission adds at most this many domains (an import of thousands is one task). */
export const MAX_DOMAINS_PER_ADD = 10_000;

export const DOMAIN_EMPTY = 'Please enter domain name. To delete the domain use the delete button on the right!';
export const DOMAIN_WITH_SCHEME = 'Domains cannot start with http(s)://!';
export const DOMAIN_INVALID = 'Please enter a valid domain name, like example.com!';
export const NO_IP_LEFT = 'Unable to assign an IP address because there are no IP addresses left!';

/** A hostname of at least two labels, each 1-63 letters, digits or inner hyphens (IDNs as punycode). */
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** What the person typed as a domain, as it will be stored: trimmed and lowercased. */
export const normaliseDomain = (typed: string) => typed.trim().toLowerCase().replace(/\.$/, '');

export const domainNameSchema = z.pipe(
  z.pipe(text({ label: 'Domain', max: 253 }, DOMAIN_EMPTY), z.transform(normaliseDomain)),
  z.string().check(
    z.minLength(1, DOMAIN_EMPTY),
    z.refine((d) => !/^https?:/.test(d), DOMAIN_WITH_SCHEME),
    z.refine((d) => /^https?:/.test(d) || HOSTNAME.test(d), DOMAIN_INVALID),
  ),
);

/** One domain to add (spec part 2, 7.2 `POST /domains/`). */
export const newDomainSchema = z.object({
  domain: domainNameSchema,
  ip_address: z.string({ error: NO_IP_LEFT }).check(z.guid(NO_IP_LEFT)),
  group: z.guid('Unknown domain group.'),
  hosting_account: z.string({ error: 'Please select a hosting account!' }).check(z.guid('Please select a hosting account!')),
  install_lets_encrypt: z._default(z.boolean(), false),
  /** Honoured only with SSL on (spec part 2, 5). */
  redirect_to_https: z._default(z.boolean(), false),
  install_software: z._default(z.nullable(z.enum(WIZARD_SOFTWARE, 'Only WordPress can be installed here.')), null),
  software_protocol: z._default(z.nullable(z.enum(SOFTWARE_PROTOCOLS, 'Please choose a protocol!')), null),
  software_preset: z._default(z.nullable(z.guid('Unknown software preset.')), null),
});
export type NewDomain = z.input<typeof newDomainSchema>;
/** A domain to add with every choice made, as the wizard's rows and the CLI's import plan hold it. */
export type NewDomainRow = z.output<typeof newDomainSchema>;

/**
 * The body of `POST /domains/`: the spec sends a bare list; every body of this API is a JSON
 * object (docs/decisions.md "API input"), so the list is its `domains`.
 */
export const addDomainsSchema = z.object({
  domains: z.array(newDomainSchema).check(z.minLength(1, 'Add at least one domain.'), z.maxLength(MAX_DOMAINS_PER_ADD, `Add at most ${MAX_DOMAINS_PER_ADD} domains at once.`)),
});
export type AddDomainsBody = z.input<typeof addDomainsSchema>;

/** The wizard rules of spec part 2, 4.6, applied to a row after any change. */
export function applyRowRules<
  R extends { install_lets_encrypt: boolean; redirect_to_https: boolean; install_software: string | null; software_protocol: string | null; software_preset: string | null },
>(row: R, customHost: boolean): R {
  const next = { ...row };
  // Software is disabled for custom-host accounts; protocol and preset need software.
  if (customHost) next.install_software = null;
  if (!next.install_software) {
    next.software_protocol = null;
    next.software_preset = null;
  } else if (!next.software_protocol) next.software_protocol = DEFAULT_PROTOCOL;
  // An https protocol turns SSL on; with SSL on, software is served over https.
  if (next.software_protocol?.startsWith('https')) next.install_lets_encrypt = true;
  if (next.install_software && next.install_lets_encrypt && next.software_protocol?.startsWith('http://')) {
    next.software_protocol = next.software_protocol.includes('www.') ? 'https://www.' : 'https://';
  }
  // SSL off clears redirect to https.
  if (!next.install_lets_encrypt) next.redirect_to_https = false;
  return next;
}

/** A line of the import text, before addresses are matched to the group's. */
export interface ImportRow {
  line: number;
  domain: string;
  /** The address as written, or null to assign one with a free slot. */
  ip: string | null;
  ssl: boolean;
  redirectToHttps: boolean;
  software: (typeof WIZARD_SOFTWARE)[number] | null;
  protocol: SoftwareProtocol | null;
  preset: string | null;
}

export interface ImportError {
  line: number;
  message: string;
}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

function parseFlag(value: string | undefined, what: string): boolean {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return false;
  const flag = BOOLEAN_WORDS[v];
  if (flag === undefined) throw new Error(`${what} must be true, 1, false or 0.`);
  return flag;
}

/**
 * The import text (spec part 2, 5 "Import line format"): one domain a line, comma-separated
 * `domain, IP, SSL, redirect to https, software, protocol, preset`; only the domain is required.
 * Blank lines and repeated domains are skipped; every other line is either a row or an error
 * with its line number, so all of them can be shown before anything is sent.
 */
export function parseImportLines(input: string): { rows: ImportRow[]; errors: ImportError[] } {
  const rows: ImportRow[] = [];
  const errors: ImportError[] = [];
  const seen = new Set<string>();
  input.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const [domainText, ip, ssl, redirect, software, protocol, preset, ...rest] = raw.split(',').map((c) => c.trim());
    try {
      if (rest.length) throw new Error('A line has at most 7 values: domain, IP, SSL, redirect, software, protocol, preset.');
      const parsed = domainNameSchema['~standard'].validate(domainText ?? '');
      if (parsed instanceof Promise) throw new Error(DOMAIN_INVALID);
      if (parsed.issues) throw new Error(parsed.issues[0]!.message);
      const domain = parsed.value;
      if (ip && !parseIpv4(ip)) throw new Error(`${ip} is not an IPv4 address.`);
      const sslOn = parseFlag(ssl, 'SSL');
      const redirectOn = parseFlag(redirect, 'Redirect to https');
      const key = (software ?? '').toUpperCase();
      if (key && !(WIZARD_SOFTWARE as readonly string[]).includes(key)) throw new Error('Only WORDPRESS can be installed here.');
      if (protocol && !(SOFTWARE_PROTOCOLS as readonly string[]).includes(protocol)) throw new Error(`The protocol must be one of ${SOFTWARE_PROTOCOLS.join(', ')}.`);
      if (preset && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(preset)) throw new Error('The software preset must be a UUID.');
      if (seen.has(domain)) return;
      seen.add(domain);
      rows.push({
        line,
        domain,
        ip: ip || null,
        ssl: sslOn,
        redirectToHttps: sslOn && redirectOn,
        software: key ? 'WORDPRESS' : null,
        protocol: key ? (protocol as SoftwareProtocol) || null : null,
        preset: key ? preset?.toLowerCase() || null : null,
      });
    } catch (error) {
      errors.push({ line, message: (error as Error).message });
    }
  });
  return { rows, errors };
}

/** The text area of one domain a row (step 0 of the four-step reading): blank and repeated rows skipped. */
export const domainsOfText = (input: string) => [
  ...new Set(
    input
      .split(/\r?\n/)
      .flatMap((l) => splitTags(l))
      .map(normaliseDomain)
      .filter(Boolean),
  ),
];
