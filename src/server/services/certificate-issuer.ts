import type { Db } from '../db/connection';

/**
 * Who issues the Let's Encrypt certificates (spec part 2, 4.1). With an ACME directory
 * configured (ACME_DIRECTORY_URL: Let's Encrypt in production, Pebble in the tests) an ACME
 * client orders them (./acme-issuer.ts); without one, the embedded sandbox issuer records them
 * itself, asking no certificate authority, and names itself as their issuer so nobody takes
 * them for real (issue 8: "ACTIVE through a sandbox issuer that says so").
 */
export const CERTIFICATE_ISSUER = {
  name: 'Hostdeck sandbox issuer (not trusted by browsers)',
  /** Let's Encrypt certificates last 90 days. */
  days: 90,
} as const;

const DAY_MS = 86_400_000;

/** A certificate as its issuer hands it over, the private key still in the clear. */
export interface IssuedCertificate {
  /** The issuer's name as the answer's `ssl_certificate.issuer` shows it. */
  issuer: string;
  /** The ACME directory that issued it; null for the sandbox issuer. */
  directoryUrl: string | null;
  serial: string | null;
  names: string[];
  notBefore: Date;
  notAfter: Date;
  /** PEM, leaf first; null when nothing was signed (the sandbox). */
  chainPem: string | null;
  privateKeyPem: string | null;
}

export interface CertificateIssuer {
  /** For the start-up line: what issues the certificates. */
  readonly description: string;
  /** A certificate for `names` (the first is the domain), or one of the errors below. */
  issue(db: Db, names: readonly string[], now: Date): Promise<IssuedCertificate>;
}

/** The certificate authority said no (a failed validation, a refused name): asking again the same way will not help. */
export class CertificateRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CertificateRefused';
  }
}

/** The certificate authority could not be reached or did not finish in time: worth asking again later. */
export class CertificateAuthorityUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CertificateAuthorityUnavailable';
  }
}

/** The embedded default: no key, no signature, just the dates a Let's Encrypt certificate would have. */
export const SANDBOX_ISSUER: CertificateIssuer = {
  description: `${CERTIFICATE_ISSUER.name}: no ACME_DIRECTORY_URL is set, so no certificate authority is asked and the TLS edge has nothing to serve`,
  async issue(_db, names, now) {
    return {
      issuer: CERTIFICATE_ISSUER.name,
      directoryUrl: null,
      serial: null,
      names: [...names],
      notBefore: now,
      notAfter: new Date(now.getTime() + CERTIFICATE_ISSUER.days * DAY_MS),
      chainPem: null,
      privateKeyPem: null,
    };
  },
};
