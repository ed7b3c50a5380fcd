import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { domains } from './domains';

/**
 * The certificate a domain has now (spec part 2, 4.1), one row per domain beside its `ssl_*`
 * columns, which keep the state the panel shows. A certificate authority's certificate carries
 * its chain and private key, which the TLS edge serves by SNI; the key is sealed by the secret
 * box (services/secret-box.ts). The sandbox issuer's certificates have neither.
 */
export const sslCertificates = pgTable(
  'ssl_certificates',
  {
    domainGuid: uuid('domain_guid')
      .primaryKey()
      .references(() => domains.guid, { onDelete: 'cascade' }),
    /** The issuer's name: the certificate's issuer common name, or the sandbox issuer's. */
    issuer: text('issuer').notNull(),
    /** The ACME directory that issued it; null for the sandbox issuer. */
    directoryUrl: text('directory_url'),
    /** Hexadecimal, as node:crypto's X509Certificate reads it; null for the sandbox issuer. */
    serial: text('serial'),
    /** The names it is valid for: the domain, and www. when included. */
    names: text('names').array().notNull(),
    /** PEM, the leaf first, then the intermediates. */
    chainPem: text('chain_pem'),
    privateKeySealed: text('private_key_sealed'),
    notBefore: ts('not_before').notNull(),
    notAfter: ts('not_after').notNull(),
    /** When the renewal run takes it up (two thirds into its life; later again after a failed attempt). */
    renewAfter: ts('renew_after').notNull(),
    /** Why the last renewal failed, until one succeeds. */
    renewalError: text('renewal_error'),
    dateCreated: createdAt(),
  },
  (t) => [index('ssl_certificates_renew_idx').on(t.renewAfter)],
);

/**
 * HTTP-01 challenges an ACME order waits on: the edge answers
 * `/.well-known/acme-challenge/<token>` for `name` with the key authorisation until the order
 * is done. Kept in the database because the worker that orders and the edge that answers the
 * authority may be different processes.
 */
export const acmeChallenges = pgTable(
  'acme_challenges',
  {
    token: text('token').primaryKey(),
    name: text('name').notNull(),
    keyAuthorization: text('key_authorization').notNull(),
    expires: ts('expires').notNull(),
    dateCreated: createdAt(),
  },
  (t) => [index('acme_challenges_expires_idx').on(t.expires)],
);

/** The provider's account at each ACME directory it has used, its key sealed. */
export const acmeAccounts = pgTable('acme_accounts', {
  directoryUrl: text('directory_url').primaryKey(),
  accountUrl: text('account_url').notNull(),
  email: text('email'),
  accountKeySealed: text('account_key_sealed').notNull(),
  dateCreated: createdAt(),
});
