import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeWithZone, formatRelative } from '../../../src/lib/format/dates';
import { fieldErrors, loginSchema } from '../../../src/lib/schemas/auth';
import { pagingSchema, splitTags } from '../../../src/lib/schemas/lists';
import { searchTypeOf } from '../../../src/lib/rules/search';
import { statusGroupOf } from '../../../src/lib/rules/status-groups';
import { toErrorBody, errorMessages, ApiError, NetworkError } from '../../../src/lib/errors';
import { toSearchParams } from '../../../src/lib/api/client';

describe('formatting', () => {
  it('shows dates as YYYY/MM/DD HH:mm:ss in UTC', () => {
    expect(formatDateTime('2026-03-04T05:06:07+02:00')).toBe('2026/03/04 03:06:07');
    expect(formatDate('2026-12-31T23:59:59Z')).toBe('2026/12/31');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTimeWithZone('2026-03-04T05:06:07+02:00')).toBe('2026/03/04 03:06:07 UTC');
  });
  it("shows times in the viewer's zone when chosen, named", () => {
    // The test process runs in UTC unless TZ says otherwise; the local clock must follow the runtime's zone.
    const d = new Date('2026-03-04T03:06:07Z');
    const local = formatDateTimeWithZone(d, 'local');
    expect(local.startsWith(`2026/03/0${d.getDate()} ${String(d.getHours()).padStart(2, '0')}:06:07 `)).toBe(true);
    expect(local.length).toBeGreaterThan('2026/03/04 03:06:07 '.length);
  });
  it('says how long ago an activity was', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatRelative('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(formatRelative('2026-11-22T11:55:00Z', now)).toBe('5 min ago');
    expect(formatRelative('2026-11-22T10:00:00Z', now)).toBe('2 h ago');
    expect(formatRelative('2026-11-19T12:00:00Z', now)).toBe('3 d ago');
    expect(formatRelative('2026-08-22T12:00:00Z', now)).toBe('3 mo ago');
    expect(formatRelative('2024-11-22T12:00:00Z', now)).toBe('2 y ago');
    expect(formatRelative('2026-11-22T14:00:00Z', now)).toBe('in 2 h');
    expect(formatRelative(null, now)).toBe('');
  });
});

describe('loginSchema', () => {
  it('trims the email, keeps the password as typed, and requires both with the exact sentences', () => {
    const r = loginSchema.safeParse({ email: '  ', password: undefined });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ email: 'Please enter your email address!', password: 'Please enter your password!' });
    expect(loginSchema.parse({ email: ' a@b.c ', password: ' x ' })).toMatchObject({ email: 'a@b.c', password: ' x ' });
  });
});

describe('lists', () => {
  it('reads paging with defaults and caps', () => {
    expect(pagingSchema().parse({})).toEqual({ page: 1, per_page: 25 });
    expect(pagingSchema(99999).safeParse({ per_page: '100000' }).success).toBe(false);
  });
  it('splits search tags on commas and spaces, dropping blanks', () => {
    expect(splitTags(' 1.2.3.4, 5.6.7.8  example.com,,')).toEqual(['1.2.3.4', '5.6.7.8', 'example.com']);
  });
});

describe('search type', () => {
  it('takes a dotted IPv4 pattern as an IP search', () => {
    expect(searchTypeOf('10.0.0.1')).toBe('IP_ADDRESS');
    expect(searchTypeOf('example.com')).toBe('DOMAIN');
    expect(searchTypeOf('10.0.0')).toBe('DOMAIN');
  });
});

describe('status groups', () => {
  it('colours statuses by group, booleans as ACTIVE or INACTIVE', () => {
    expect(statusGroupOf('PARTIALLY_PAID')).toBe('warning');
    expect(statusGroupOf('INSTALLING')).toBe('progress');
    expect(statusGroupOf(false)).toBe('error');
    expect(statusGroupOf('SOMETHING_NEW')).toBe('neutral');
    expect(statusGroupOf('SUCCESS')).toBe('success');
  });
});

describe('errors', () => {
  it('reads every error body shape into the envelope', () => {
    expect(toErrorBody({ errors: ['a', 'b'], code: 'x' }, 400)).toEqual({ errors: ['a', 'b'], code: 'x' });
    expect(toErrorBody({ error: 'single' }, 400).errors).toEqual(['single']);
    expect(toErrorBody('<html>', 502).errors).toEqual(['The request failed with status 502.']);
    expect(toErrorBody({ errors: [], email_not_verified: true }, 400)).toMatchObject({ email_not_verified: true });
  });
  it('turns any error into sentences', () => {
    expect(errorMessages(new ApiError(400, { errors: ['Bad.'] }))).toEqual(['Bad.']);
    expect(errorMessages(new NetworkError('http://x', null))[0]).toContain('Could not reach http://x');
  });
});

describe('toSearchParams', () => {
  it('repeats keys for arrays and drops empty values', () => {
    expect(toSearchParams({ search: ['a', 'b'], page: 2, q: undefined, z: null })).toBe('?search=a&search=b&page=2');
    expect(toSearchParams({})).toBe('');
  });
});
