import { PASSWORD_MAX } from './loginLimits.ts';

/**
 * The password rules every form and the server apply (OWASP ASVS 4.0 §2.1): at least 12 characters (2.1.1), up to
 * 200 and never truncated (2.1.2, 2.1.3), any character allowed, spaces included (2.1.4), and pasting allowed (2.1.11).
 * A password of nothing but spaces is refused. The check against leaked passwords (2.1.7) needs a list the server
 * bundles, so it happens there: see src/server/auth/commonPasswords.ts.
 */
export const PASSWORD_MIN = 12;

export const PASSWORD_MESSAGES = {
  missing: 'Password not specified',
  tooShort: `Password is too short: use at least ${String(PASSWORD_MIN)} characters`,
  tooLong: 'Password is too long',
  onlySpaces: 'Password cannot be only spaces',
  tooCommon: 'Password is too common: it is on lists of leaked passwords. Choose another.',
} as const;

/** The length a person counts: characters (code points), not UTF-16 units, so an emoji counts once. */
export const passwordLength = (password: string): number => [...password].length;

/** The first rule a new password breaks, or undefined when it keeps them all (the leaked-password list aside). */
export function passwordShapeProblem(password: string): string | undefined {
  if (password === '') return PASSWORD_MESSAGES.missing;
  if (password.trim() === '') return PASSWORD_MESSAGES.onlySpaces;
  const length = passwordLength(password);
  if (length < PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX) return PASSWORD_MESSAGES.tooLong;
  return undefined;
}
