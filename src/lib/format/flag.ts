/**
 * The flag emoji of a two-letter country code: the pair of regional indicator symbols for its
 * letters ('EE' -> 🇪🇪), which is what an emoji flag is, so no country table is needed for it.
 * Anything but two letters has none.
 */
export function flagOf(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  const A = 'A'.charCodeAt(0);
  return String.fromCodePoint(...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - A));
}
