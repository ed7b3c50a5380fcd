/**
 * Who issues the Let's Encrypt certificates (spec part 2, 4.1; issue 8: "ACTIVE through a
 * sandbox issuer that says so"). No certificate authority is reachable from here, so the
 * reference API issues them itself and names itself as their issuer; a client of a real ACME
 * authority replaces this and its name.
 */
export const CERTIFICATE_ISSUER = {
  name: 'Hostdeck sandbox issuer (not trusted by browsers)',
  /** Let's Encrypt certificates last 90 days. */
  days: 90,
} as const;
