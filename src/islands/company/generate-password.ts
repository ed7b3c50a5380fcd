/** Letters and digits without look-alikes (0/O, 1/l/I), so a password read aloud survives. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const SYMBOLS = '!@#$%^&*-_=+?';

/**
 * The Create user dialog's generator (spec part 3, 2.9): 20 characters from the browser's
 * cryptographic generator, with at least one symbol; about 117 bits, far past the policy.
 */
export function generatePassword(length = 20): string {
  const pool = ALPHABET + SYMBOLS;
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % pool.length);
  const out: string[] = [];
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out.push(pool[byte % pool.length]!);
    }
  }
  if (!out.some((ch) => SYMBOLS.includes(ch))) out[out.length - 1] = SYMBOLS[crypto.getRandomValues(new Uint8Array(1))[0]! % SYMBOLS.length]!;
  return out.join('');
}
