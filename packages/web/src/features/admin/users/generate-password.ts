// Look-alike characters (l, 1, I, O, 0) are left out: a generated password is often read aloud or typed off a screen.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!#$%&*+-=?@_';
const ALL = UPPER + LOWER + DIGITS + SYMBOLS;

export const GENERATED_PASSWORD_LENGTH = 16;

type RandomSource = (count: number) => Uint32Array;

const cryptoRandom: RandomSource = (count) => crypto.getRandomValues(new Uint32Array(count));

/**
 * A random password that meets the complexity rule: at least one upper-case letter, one
 * lower-case letter, one digit and one symbol, in random positions.
 */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH, random: RandomSource = cryptoRandom): string {
  const values = random(length * 2);
  const pick = (set: string, i: number) => set[values[i]! % set.length]!;
  const chars = [pick(UPPER, 0), pick(LOWER, 1), pick(DIGITS, 2), pick(SYMBOLS, 3)];
  for (let i = chars.length; i < length; i++) chars.push(pick(ALL, i));
  // Fisher–Yates with the second half of the random values, so the required classes are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = values[length + i]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
