import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  EMAIL_ADDRESS_CHARACTERS,
  EMAIL_ADDRESS_DOTS,
  EMAIL_TYPE_FORWARDER,
  ENTER_EMAIL_ADDRESS,
  ENTER_FORWARD_TO,
  ENTER_SUBDOMAIN,
  FORWARD_TO_INVALID,
  forwarderCreateSchema,
  isGmail,
  SELECT_HOSTING_ACCOUNT,
  SELECT_IP_ADDRESS,
  SUBDOMAIN_CHARACTERS,
  SUBDOMAIN_HYPHEN,
  SUBDOMAIN_WILDCARD_ALONE,
  subdomainCreateSchema,
} from '../../../src/lib/schemas/domain-extras';
import { relativeName } from '../../../src/server/jobs/steps/subdomain';

const messages = (schema: z.ZodMiniType, input: unknown) => z.safeParse(schema, input).error?.issues.map((i) => i.message) ?? [];
const IP = '0b6f4a8e-1f7a-4c7e-9a51-2f9a3c1d5e01';
const ACCOUNT = '7d3c2b1a-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('the Add a Subdomain form (spec part 2, 5 "Subdomain")', () => {
  const body = (subdomain: unknown, extra: Record<string, unknown> = {}) => ({ subdomain, ip_address: IP, hosting_account: ACCOUNT, ...extra });

  it("lowercases and trims the name; '*' is the wildcard whatever is_wildcard says", () => {
    expect(z.parse(subdomainCreateSchema, body('  Shop-2 ', { is_wildcard: true }))).toEqual({ subdomain: 'shop-2', is_wildcard: false, ip_address: IP, hosting_account: ACCOUNT });
    expect(z.parse(subdomainCreateSchema, body('*')).is_wildcard).toBe(true);
  });

  it("says the spec's sentences for a missing name, address or account", () => {
    expect(messages(subdomainCreateSchema, body(''))).toEqual([ENTER_SUBDOMAIN]);
    expect(messages(subdomainCreateSchema, body(undefined))).toEqual([ENTER_SUBDOMAIN]);
    expect(messages(subdomainCreateSchema, body('blog', { ip_address: '' }))).toEqual([SELECT_IP_ADDRESS]);
    expect(messages(subdomainCreateSchema, body('blog', { ip_address: 'not-a-guid' }))).toEqual([SELECT_IP_ADDRESS]);
    expect(messages(subdomainCreateSchema, body('blog', { hosting_account: null }))).toEqual([SELECT_HOSTING_ACCOUNT]);
  });

  it("allows only a-z, 0-9 and '-', or '*' alone", () => {
    for (const bad of ['blog_1', 'a.b', 'café', 'a b']) expect(messages(subdomainCreateSchema, body(bad))).toEqual([SUBDOMAIN_CHARACTERS]);
    expect(messages(subdomainCreateSchema, body('shop*'))).toEqual([SUBDOMAIN_WILDCARD_ALONE]);
    expect(messages(subdomainCreateSchema, body('-shop'))).toEqual([SUBDOMAIN_HYPHEN]);
    expect(messages(subdomainCreateSchema, body('shop-'))).toEqual([SUBDOMAIN_HYPHEN]);
    expect(messages(subdomainCreateSchema, body('x'.repeat(64)))).toEqual(['A subdomain can be at most 63 characters long.']);
    expect(messages(subdomainCreateSchema, body('x'.repeat(63)))).toEqual([]);
  });

  it("names a subdomain inside its parent's zone relative to the parent", () => {
    expect(relativeName('blog.example.com', 'example.com')).toBe('blog');
    expect(relativeName('*.example.com', 'example.com')).toBe('*');
  });
});

describe('the Add Email Address form (spec part 2, 5 "Email forwarder")', () => {
  const body = (email_address: unknown, extra: Record<string, unknown> = {}) => ({ email_address, forward_to_email_address: 'owner@elsewhere.example', ...extra });

  it("lowercases both addresses, defaults to FORWARDER, and '*' is the catch-all", () => {
    expect(z.parse(forwarderCreateSchema, body(' Sales.Team ', { forward_to_email_address: ' Boss@Elsewhere.Example ', is_catchall: true }))).toEqual({
      email_address: 'sales.team',
      email_address_type: 'FORWARDER',
      forward_to_email_address: 'boss@elsewhere.example',
      is_catchall: false,
    });
    expect(z.parse(forwarderCreateSchema, body('*')).is_catchall).toBe(true);
  });

  it('says a sentence for each rule', () => {
    expect(messages(forwarderCreateSchema, body(' '))).toEqual([ENTER_EMAIL_ADDRESS]);
    expect(messages(forwarderCreateSchema, body('info@example.com'))).toEqual([EMAIL_ADDRESS_CHARACTERS]);
    expect(messages(forwarderCreateSchema, body('in*'))).toEqual([EMAIL_ADDRESS_CHARACTERS]);
    for (const bad of ['.info', 'info.', 'in..fo']) expect(messages(forwarderCreateSchema, body(bad))).toEqual([EMAIL_ADDRESS_DOTS]);
    expect(messages(forwarderCreateSchema, body('first_last-2.x'))).toEqual([]);
    expect(messages(forwarderCreateSchema, body('info', { email_address_type: 'MAILBOX' }))).toEqual([EMAIL_TYPE_FORWARDER]);
    expect(messages(forwarderCreateSchema, body('info', { forward_to_email_address: '' }))).toEqual([ENTER_FORWARD_TO]);
    for (const bad of ['owner', 'owner@host', 'a b@example.com'])
      expect(messages(forwarderCreateSchema, body('info', { forward_to_email_address: bad }))).toEqual([FORWARD_TO_INVALID]);
  });

  it('recognises Gmail destinations, which the dialog advises against', () => {
    expect(isGmail('Someone@Gmail.com ')).toBe(true);
    expect(isGmail('someone@googlemail.com')).toBe(true);
    expect(isGmail('someone@gmail.company.example')).toBe(false);
  });
});
