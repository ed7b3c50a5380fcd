import { describe, expect, it } from 'vitest';
import { normalizePath } from '../../../../src/lib/firewall';

/** The firewall's path normalisation (issue 33): RFC 3986, section 6 and Cloudflare's default steps. */
describe('normalizePath', () => {
  it.each([
    // [as sent, as normalised, why]
    ['/', '/', 'the root'],
    ['', '/', 'an empty path is the root'],
    ['admin', '/admin', 'a path without its leading slash gets one'],
    ['/admin', '/admin', 'a plain path stays'],
    ['/Admin', '/Admin', 'case is kept (a rule may ignore it)'],
    ['/%61dmin', '/admin', 'an encoded unreserved letter is decoded'],
    ['/%41DMIN', '/ADMIN', 'an upper-case letter decoded keeps its case'],
    ['/a%2Db%5Fc%7Ed%2e', '/a-b_c~d.', 'hyphen, underscore, tilde and period are decoded'],
    ['/caf%c3%a9', '/caf%C3%A9', 'other escapes stay, with upper-case hex'],
    ['/café', '/caf%C3%A9', 'a literal non-ASCII character is encoded as UTF-8'],
    ['/a b"c<d>{e}|f^g`h', '/a%20b%22c%3Cd%3E%7Be%7D%7Cf%5Eg%60h', 'characters outside RFC 3986 are encoded'],
    ['/😀', '/%F0%9F%98%80', 'a character outside the BMP is encoded whole'],
    ["/a:b@c!d$e&f'g(h)i*j+k,l;m=n", "/a:b@c!d$e&f'g(h)i*j+k,l;m=n", 'reserved characters are neither encoded nor decoded'],
    ['/admin%2fusers', '/admin%2Fusers', 'an encoded slash stays encoded (upper-case hex)'],
    ['/%2Fadmin', '/%2Fadmin', 'an encoded slash is no separator'],
    ['/a%5cb', '/a%5Cb', 'an encoded backslash stays encoded'],
    ['/a%25b', '/a%25b', 'an encoded percent stays encoded, never decoded twice'],
    ['/a%252e%252e/b', '/a%252e%252e/b', 'a double-encoded dot is no dot'],
    ['//admin', '/admin', 'a double slash is one'],
    ['/x///y//', '/x/y/', 'runs of slashes are merged, a trailing one kept'],
    ['/x\\y', '/x/y', 'a backslash is a slash'],
    ['/./admin', '/admin', 'a "." segment goes'],
    ['/x/../admin', '/admin', 'a ".." segment takes the one before it'],
    ['/x\\..\\admin', '/admin', 'dot segments between backslashes'],
    ['/%2e/admin', '/admin', 'an encoded "." segment (lower case)'],
    ['/%2E/admin', '/admin', 'an encoded "." segment (upper case)'],
    ['/x/%2e%2E/admin', '/admin', 'an encoded ".." segment in mixed case'],
    ['/x/.%2e/admin', '/admin', 'a ".." half encoded'],
    ['/../../admin', '/admin', '".." never climbs above the root'],
    ['/x//../admin', '/admin', 'slashes are merged before dot segments go'],
    ['/admin/.', '/admin/', 'a trailing "." names the directory'],
    ['/admin/x/..', '/admin/', 'a trailing ".." names the directory above'],
    ['/..', '/', 'a lone ".." is the root'],
    ['/.hostdeck/login/abc', '/.hostdeck/login/abc', 'a segment that starts with a dot is no dot segment'],
    ['/a..b/...', '/a..b/...', 'dots inside a segment stay'],
  ])('%j -> %j (%s)', (sent, normalised) => {
    expect(normalizePath(sent)).toBe(normalised);
    // Idempotent: a recorded path reads the same when the dry run normalises it again.
    expect(normalizePath(normalised)).toBe(normalised);
  });

  it.each([
    ['/%zzadmin', 'an escape without hex digits'],
    ['/admin%', 'a "%" at the end'],
    ['/admin%4', 'a "%" with one hex digit'],
    ['/admin%00.php', 'an encoded NUL'],
    ['/admin\0.php', 'a literal NUL'],
    ['/x/..%C0%AFadmin', 'an overlong "/" (%C0%AF)'],
    ['/%E0%80%AFadmin', 'a three-byte overlong "/"'],
    ['/%C0%AE%C0%AE/admin', 'overlong dots'],
    ['/%ED%A0%80', 'an encoded surrogate'],
    ['/%FF', 'a byte that starts no UTF-8 character'],
    ['/%C3', 'a UTF-8 sequence cut short'],
    ['/\uD800', 'a lone surrogate in the text'],
  ])('refuses %j (%s)', (sent) => {
    expect(normalizePath(sent)).toBeNull();
  });
});
