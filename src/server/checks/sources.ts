import { createHash } from 'node:crypto';
import type { SafeBrowsing } from '../db/schema/domains';

/**
 * What a provider's checks ask of the outside world besides DNS: a WHOIS registry, a link-metrics
 * service (Majestic's Trust Flow, Moz's Domain Authority) and Google Safe Browsing. None of them
 * is reachable from here, so the reference API answers through sandbox sources that derive a
 * stable answer from the name (docs/decisions.md "Health, WHOIS and metrics checks"); a real
 * client replaces one behind the same interface.
 */
export interface WhoisSource {
  /** When the registration runs out; null when the registry knows no such domain. */
  expiry(domain: string, now: Date): Promise<Date | null>;
}

export interface MetricsSource {
  metrics(domain: string): Promise<{ tf: number; da: number }>;
}

export interface SafeBrowsingSource {
  /** The threat lists the domain is on (none: safe). */
  threats(domain: string): Promise<string[]>;
}

export interface CheckSources {
  whois: WhoisSource;
  metrics: MetricsSource;
  safeBrowsing: SafeBrowsingSource;
}

const DAY_MS = 86_400_000;

/** A number in [0, 2^32) that a name always gives, different for each `salt`. */
function stable(domain: string, salt: string): number {
  return createHash('sha256').update(`${salt}:${domain.toLowerCase()}`).digest().readUInt32BE(0);
}

/**
 * The sandbox registry: each name is renewed yearly on a day of the year of its own, so it
 * expires on that day's next midnight (UTC) after now: about 8 names in 100 within 30 days.
 * Names whose first label starts with `expired-` ran out 10 days ago, for trying the expired tag.
 */
export const sandboxWhois: WhoisSource = {
  async expiry(domain, now) {
    if (domain.toLowerCase().startsWith('expired-')) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 10));
    const dayOfYear = stable(domain, 'whois') % 365;
    for (let year = now.getUTCFullYear(); ; year++) {
      const expires = new Date(Date.UTC(year, 0, 1 + dayOfYear));
      if (expires > now) return expires;
    }
  },
};

/** Sandbox metrics in the ranges young sites have: TF 0-45, DA 0-60. */
export const sandboxMetrics: MetricsSource = {
  async metrics(domain) {
    return { tf: stable(domain, 'tf') % 46, da: stable(domain, 'da') % 61 };
  },
};

/**
 * The sandbox threat list: names whose first label starts with `unsafe-` are listed for social
 * engineering, as Google's own test pages are; every other name is safe.
 */
export const sandboxSafeBrowsing: SafeBrowsingSource = {
  async threats(domain) {
    return domain.toLowerCase().startsWith('unsafe-') ? ['SOCIAL_ENGINEERING'] : [];
  },
};

export const SANDBOX_SOURCES: CheckSources = { whois: sandboxWhois, metrics: sandboxMetrics, safeBrowsing: sandboxSafeBrowsing };

/** The safe-browsing field as the domain keeps it: the lists, when checked, and until when it holds. */
export function safeBrowsingOf(threats: string[], now: Date): SafeBrowsing {
  return { statuses: threats, date_last_check: now.toISOString(), date_status_expires: new Date(now.getTime() + DAY_MS).toISOString() };
}
