/**
 * The Install Software form's generated defaults (spec part 2, 2.5 and 9): a username of an
 * adjective, an animal and a number from 10 to 99, and a 16-character password of letters,
 * digits and !@-#$. Random from the platform's CSPRNG, in the browser and on the server alike.
 */
const ADJECTIVES = [
  'brave',
  'calm',
  'clever',
  'eager',
  'gentle',
  'happy',
  'jolly',
  'kind',
  'lively',
  'lucky',
  'merry',
  'nimble',
  'proud',
  'quick',
  'quiet',
  'sunny',
  'swift',
  'witty',
  'bold',
  'bright',
];
const ANIMALS = [
  'otter',
  'falcon',
  'badger',
  'beaver',
  'heron',
  'lynx',
  'panda',
  'koala',
  'puffin',
  'walrus',
  'gecko',
  'bison',
  'marten',
  'ibex',
  'oriole',
  'tapir',
  'wombat',
  'yak',
  'zebra',
  'fox',
];
const PASSWORD_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@-#$';
export const GENERATED_PASSWORD_LENGTH = 16;

/** A uniform integer in [0, n) without modulo bias. */
function randomBelow(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return buffer[0]! % n;
  }
}

const pick = <T>(list: readonly T[]) => list[randomBelow(list.length)]!;

export function generateUsername(): string {
  return `${pick(ADJECTIVES)}${pick(ANIMALS)}${10 + randomBelow(90)}`;
}

export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  return Array.from({ length }, () => PASSWORD_CHARACTERS[randomBelow(PASSWORD_CHARACTERS.length)]).join('');
}

/** Spec part 2, 5: the username is lowercased and stripped to a-z and 0-9. */
export const cleanUsername = (typed: string) => typed.toLowerCase().replace(/[^a-z0-9]/g, '');
