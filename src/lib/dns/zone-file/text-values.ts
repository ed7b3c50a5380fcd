/**
 * A TXT record's one `value` text and its character strings (RFC 1035, 3.3.14): the value is the
 * strings joined, as SPF (RFC 7208, 3.3) and DKIM (RFC 6376, 3.6.2.2) readers join them; written
 * out, it is cut into strings of at most 255 octets of its UTF-8.
 */

const MAX_STRING = 255;

/** The character strings a value is written as: UTF-8, cut every 255 octets (one empty string for an empty value). */
export function stringsOfValue(value: string): Uint8Array[] {
  const octets = new TextEncoder().encode(value);
  const strings: Uint8Array[] = [];
  for (let i = 0; i < octets.length; i += MAX_STRING) strings.push(octets.slice(i, i + MAX_STRING));
  return strings.length ? strings : [new Uint8Array()];
}

/** The value of a TXT record's strings, or why the panel cannot hold it as text. */
export function valueOfStrings(strings: readonly Uint8Array[]): { value: string } | { problem: string } {
  const octets = new Uint8Array(strings.reduce((n, s) => n + s.length, 0));
  let at = 0;
  for (const s of strings) {
    octets.set(s, at);
    at += s.length;
  }
  let value: string;
  try {
    value = new TextDecoder('utf-8', { fatal: true }).decode(octets);
  } catch {
    return { problem: 'The text of this TXT record is not UTF-8 text, which is all a TXT value here can hold.' };
  }
  // A value is one row of the record form: its rows are its values.
  if (/[\r\n]/.test(value)) return { problem: 'The text of this TXT record holds a line break, which a TXT value here cannot hold.' };
  return { value };
}
