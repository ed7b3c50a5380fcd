/**
 * Characters a normalised path holds as they are: RFC 3986's unreserved ones and its reserved
 * ones (2.2), which are never decoded or encoded since they may mean something to the site.
 */
const KEPT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]$/;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

/**
 * The path the firewall's rules, the request log and the site all read (issue 33; docs/decisions.md
 * "The edge enforces the firewall"), normalised as RFC 3986, section 6 and Cloudflare's default URL
 * normalisation do, so `/%61dmin`, `//admin`, `/./admin`, `/x/../admin` and `/x\..\admin` are all
 * `/admin`:
 * - percent-encoded unreserved characters are decoded (`%61` is `a`, `%2e` and `%2E` are `.`);
 *   every other escape stays, with upper-case hex (`%2f` is `%2F`: an encoded slash is a character
 *   of its segment, not a separator, as at Cloudflare);
 * - characters that are neither unreserved nor reserved are encoded as UTF-8 (`"` is `%22`);
 * - a backslash is a slash and runs of slashes are one (Cloudflare's own steps);
 * - dot segments are removed (RFC 3986, 5.2.4), after slashes are merged;
 * - a path not starting with '/' gets one.
 * It is idempotent, so a path normalised when recorded reads the same when replayed.
 *
 * Null when the path cannot be normalised, which the edge answers 400: a '%' without two hex
 * digits, escapes that do not decode as UTF-8 (overlong forms such as `%C0%AF`, which lenient
 * decoders read as '/', lone surrogates, stray bytes) or a NUL anywhere, literal or `%00`
 * (C servers end the path there).
 */
export function normalizePath(path: string): string | null {
  let encoded = '';
  for (let i = 0; i < path.length; i++) {
    const ch = path[i]!;
    if (ch === '%') {
      const hex = path.slice(i + 1, i + 3);
      if (!HEX_PAIR.test(hex)) return null;
      const decoded = String.fromCharCode(parseInt(hex, 16));
      encoded += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
      i += 2;
    } else if (ch === '\\') encoded += '/';
    else if (KEPT.test(ch)) encoded += ch;
    else {
      // A whole code point, so a surrogate pair is encoded as one character.
      const point = String.fromCodePoint(path.codePointAt(i)!);
      i += point.length - 1;
      try {
        encoded += encodeURIComponent(point);
      } catch {
        return null; // A lone surrogate has no UTF-8 form.
      }
    }
  }
  try {
    if (decodeURIComponent(encoded).includes('\0')) return null;
  } catch {
    return null; // The escapes are no UTF-8 (decodeURIComponent refuses overlong forms too).
  }
  const merged = `/${encoded}`.replace(/\/{2,}/g, '/');
  const segments = merged.slice(1).split('/');
  const kept: string[] = [];
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '..') kept.pop();
    if (segment === '..' || segment === '.') {
      // A path ending in a dot segment names a directory: '/a/b/..' is '/a/'.
      if (last) kept.push('');
    } else kept.push(segment);
  });
  return `/${kept.join('/')}`;
}
