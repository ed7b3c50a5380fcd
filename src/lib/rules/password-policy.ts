import { newPasswordSchema, PASSWORD_MIN } from '../schemas/password';

/** The rule as the sign-up form shows it beside the password, before it is broken. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN} characters, not only digits, not your email address and not a common password.`;

/**
 * Server-side password rules (OWASP ASVS 5.0 V6.2, NIST SP 800-63B) for sign-up and reset:
 * the length rules of the shared new-password schema, then not the email address and not one
 * of the commonest passwords; no composition rules. The API answers these sentences; the
 * sign-up form checks the same rule at its first step, so nobody learns of it four steps later.
 */
const COMMON = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'password1234',
  'passw0rd',
  'p@ssw0rd',
  'qwertyuiop',
  'qwerty123',
  'qwerty1234',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'letmein1',
  'letmein123',
  'abc12345',
  'abcd1234',
  'admin123',
  'administrator',
  'changeme',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'dragon123',
  'monkey123',
  'master123',
  'hostdeck',
  'hostdeck1',
  'hostdeck123',
  'asdfghjkl',
  'zaq12wsx',
  'qazwsxedc',
]);

/** The sentence refusing `password` for the account `email`, or undefined when it is acceptable. */
export function passwordProblem(password: string, email: string): string | undefined {
  const shape = newPasswordSchema.safeParse(password);
  if (!shape.success) return shape.error.issues[0]?.message;
  const lower = password.toLowerCase();
  const mail = email.trim().toLowerCase();
  if (mail && (lower === mail || lower === mail.split('@')[0])) return 'Your password cannot be your email address.';
  if (COMMON.has(lower) || /^(.)\1+$/.test(password)) return 'This password is too common. Please choose another one.';
  return undefined;
}
