import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MESSAGES, PASSWORD_MIN, passwordLength, passwordShapeProblem } from '#shared/auth/passwordPolicy';

/**
 * Common and leaked passwords (OWASP ASVS 4.0 §2.1.7): the 49,000-entry list that zxcvbn-ts ships in
 * @zxcvbn-ts/language-common, compiled from public breach corpora. It is bundled with the package, so no password
 * ever leaves the server to be looked up. Only entries long enough to pass the length rule can matter; the list
 * holds them in lower case, so the comparison ignores case ('Password12345' is as weak as 'password12345').
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].filter((p) => passwordLength(p) >= PASSWORD_MIN));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Every rule of the password policy, the leaked-password list included: the first one broken, or undefined. */
export function passwordProblem(password: string): string | undefined {
  return passwordShapeProblem(password) ?? (isCommonPassword(password) ? PASSWORD_MESSAGES.tooCommon : undefined);
}
