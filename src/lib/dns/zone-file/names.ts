/**
 * Domain names and character strings as a zone file writes them (RFC 1035, 5.1): `\DDD` is the
 * octet DDD, `\X` the character X; a name not ending in a dot is relative to the origin, and `@`
 * is the origin itself. Labels are kept as octets (a string of char codes 0-255).
 */

export type Labels = readonly string[];

const encoder = new TextEncoder();

/** The octets of a written word: escapes decoded, other characters as UTF-8. */
function octetsOf(raw: string, dotsSplit: boolean): { parts: string[] } | { problem: string } {
  const parts: string[] = [''];
  let i = 0;
  while (i < raw.length) {
    const c = raw[i]!;
    if (c === '\\') {
      const digits = /^\d{1,3}/.exec(raw.slice(i + 1, i + 4))?.[0] ?? '';
      if (digits) {
        if (digits.length < 3 || Number(digits) > 255) return { problem: 'a backslash followed by digits needs exactly three of them, from \\000 to \\255' };
        parts[parts.length - 1] += String.fromCharCode(Number(digits));
        i += 4;
        continue;
      }
      const next = raw.codePointAt(i + 1);
      if (next === undefined) return { problem: 'it ends with a backslash' };
      const ch = String.fromCodePoint(next);
      parts[parts.length - 1] += binary(ch);
      i += 1 + ch.length;
      continue;
    }
    if (c === '.' && dotsSplit) {
      parts.push('');
      i++;
      continue;
    }
    const ch = String.fromCodePoint(raw.codePointAt(i)!);
    parts[parts.length - 1] += binary(ch);
    i += ch.length;
  }
  return { parts };
}

/** A character as octets in a binary string. */
const binary = (ch: string) => (ch.charCodeAt(0) < 0x80 ? ch : String.fromCharCode(...encoder.encode(ch)));

/** A written name, made absolute with `origin`; or why it is not a name. */
export function parseName(raw: string, origin: Labels): { labels: Labels } | { problem: string } {
  if (raw === '@') return { labels: origin };
  if (raw === '.') return { labels: [] };
  if (raw === '') return { problem: 'An empty name is not a name.' };
  const read = octetsOf(raw, true);
  if ('problem' in read) return { problem: `${raw} is not a valid name: ${read.problem}.` };
  const absolute = read.parts.length > 1 && read.parts.at(-1) === '';
  const labels = absolute ? read.parts.slice(0, -1) : [...read.parts, ...origin];
  if ((absolute ? read.parts.slice(0, -1) : read.parts).some((l) => l === ''))
    return { problem: `${raw} is not a valid name: two dots in a row (or a dot at its start) leave a part of it empty.` };
  if (labels.some((l) => l.length > 63)) return { problem: `${raw} is not a valid name: a part between dots can be at most 63 characters long.` };
  if (labels.reduce((n, l) => n + l.length + 1, 1) > 255) return { problem: `${raw} is too long for a name: a name can be at most 255 characters long.` };
  return { labels };
}

/** The octets of a character string (RFC 1035, 3.3: at most 255 of them). */
export function parseText(raw: string): { octets: Uint8Array } | { problem: string } {
  const read = octetsOf(raw, false);
  if ('problem' in read) return { problem: `"${raw}" cannot be read: ${read.problem}.` };
  return { octets: Uint8Array.from(read.parts[0]!, (c) => c.charCodeAt(0)) };
}

/** Octets BIND writes with a backslash in a name. */
const NAME_ESCAPED = new Set(['"', '(', ')', '.', ';', '\\', '@', '$']);

/** A name as BIND prints it: absolute, with a final dot. */
export function nameText(labels: Labels): string {
  if (!labels.length) return '.';
  return `${labels.map((l) => [...l].map((c) => (c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) >= 0x7f ? `\\${String(c.charCodeAt(0)).padStart(3, '0')}` : NAME_ESCAPED.has(c) ? `\\${c}` : c)).join('')).join('.')}.`;
}

/** Names compare without regard to ASCII case (RFC 4343). */
export const lowerLabels = (labels: Labels): Labels => labels.map((l) => l.replace(/[A-Z]/g, (c) => c.toLowerCase()));

/** Whether `name` is `apex` or a name below it. */
export function isAtOrBelow(name: Labels, apex: Labels): boolean {
  if (name.length < apex.length) return false;
  const a = lowerLabels(apex);
  const tail = lowerLabels(name.slice(name.length - apex.length));
  return a.every((l, i) => l === tail[i]);
}

/** The part of `name` below `apex` (none for the apex itself). */
export const labelsBelow = (name: Labels, apex: Labels): Labels => name.slice(0, name.length - apex.length);
