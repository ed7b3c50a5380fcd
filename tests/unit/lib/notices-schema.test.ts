import { describe, expect, it } from 'vitest';
import { accountSetupSchema, ONE_TODO_MESSAGE, UNKNOWN_TODO_MESSAGE } from '../../../src/lib/schemas/notices';
import { TODO_ITEMS, TODO_KEYS, isTodoKey } from '../../../src/lib/rules/todo-list';

describe('accountSetupSchema', () => {
  it('accepts each of the five to-do flags set to true and answers its name', () => {
    for (const key of TODO_KEYS) expect(accountSetupSchema.parse({ [key]: true })).toBe(key);
  });

  it('names an unknown item first, then asks for exactly one flag set to true', () => {
    const message = (body: unknown) => accountSetupSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ set_up_billing: true })).toBe(UNKNOWN_TODO_MESSAGE);
    expect(message({ closed: true })).toBe(UNKNOWN_TODO_MESSAGE);
    expect(message({ set_up_domains: true, nope: true })).toBe(UNKNOWN_TODO_MESSAGE);
    expect(message({})).toBe(ONE_TODO_MESSAGE);
    expect(message({ set_up_domains: 'true' })).toBe(ONE_TODO_MESSAGE);
    expect(message({ set_up_domains: true, set_up_ip_group: true })).toBe(ONE_TODO_MESSAGE);
    expect(message(null)).toBe(ONE_TODO_MESSAGE);
  });
});

describe('the to-do items', () => {
  it('link each step to the page where it is done (spec part 1, 2.5)', () => {
    expect(TODO_ITEMS.map((item) => [item.key, item.href])).toEqual([
      ['set_up_hosting_account', '/hosting'],
      ['set_up_ip_group', '/ip-addresses'],
      ['set_up_add_ip_addresses', '/ip-addresses'],
      ['set_up_domain_group', '/domains'],
      ['set_up_domains', '/domains'],
    ]);
    expect(isTodoKey('closed')).toBe(false);
  });
});
