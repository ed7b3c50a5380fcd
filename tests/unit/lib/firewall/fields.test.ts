import { describe, expect, it } from 'vitest';
import { changeField, FIELD_KEYS, FIELDS, operatorsFor, TEXT_OPERATORS } from '../../../../src/lib/firewall';

describe('condition fields (spec part 2, 3)', () => {
  it('covers the fifteen fields of the spec, each with a label', () => {
    expect(FIELD_KEYS).toHaveLength(15);
    for (const key of FIELD_KEYS) {
      expect(FIELDS[key].key).toBe(key);
      expect(FIELDS[key].label).not.toBe('');
    }
  });

  it('takes lists for method, IP address, CIDR, autonomous number and country, and no text operators there', () => {
    const lists = FIELD_KEYS.filter((key) => FIELDS[key].takesList);
    expect(lists).toEqual(['request_method', 'ip_address', 'cidr', 'asn', 'country']);
    for (const key of lists) for (const operator of TEXT_OPERATORS) expect(operatorsFor(key)).not.toContain(operator);
  });

  it('offers is bot and predefined bot as one choice, compared by EQUALS or NOT_EQUALS', () => {
    expect(operatorsFor('is_bot')).toEqual(['EQUALS', 'NOT_EQUALS']);
    expect(operatorsFor('predefined_bot')).toEqual(['EQUALS', 'NOT_EQUALS']);
    expect(FIELDS.predefined_bot.takesList).toBe(false);
  });

  it('offers every operator on text fields and none on an unknown field', () => {
    expect(operatorsFor('user_agent')).toEqual(['EQUALS', 'NOT_EQUALS', 'CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH', 'ENDS_WITH', 'REGEX']);
    expect(operatorsFor('colour')).toEqual([]);
  });

  it('names a header always and a cookie when one cookie is meant', () => {
    expect(FIELDS.header.named).toBe('required');
    expect(FIELDS.cookie.named).toBe('optional');
    expect(FIELDS.host.named).toBe('none');
  });
});

describe('changing a condition\'s field (spec part 2, 5 "Firewall rule form behaviour")', () => {
  it('resets the value to a list for a list-type field and drops a text operator', () => {
    expect(changeField({ field: 'user_agent', operator: 'CONTAINS', value: 'curl' }, 'country')).toEqual({ field: 'country', operator: 'EQUALS', value: [] });
  });

  it('keeps an operator the new field allows and drops the old name', () => {
    expect(changeField({ field: 'header', name: 'x-api-key', operator: 'NOT_EQUALS', value: 'k' }, 'ip_address')).toEqual({
      field: 'ip_address',
      operator: 'NOT_EQUALS',
      value: [],
    });
    expect(changeField({ field: 'country', operator: 'NOT_EQUALS', value: ['CN'] }, 'uri_path')).toEqual({ field: 'uri_path', operator: 'NOT_EQUALS', value: '' });
  });

  it('starts is bot at true', () => {
    expect(changeField({ field: 'host', operator: 'REGEX', value: 'x' }, 'is_bot')).toEqual({ field: 'is_bot', operator: 'EQUALS', value: 'true' });
  });
});
