/** Longest username and password a login accepts; zod-free, so the login page's bundle can share them. */
export const USERNAME_MAX = 100;
export const PASSWORD_MAX = 200;

export const LOGIN_FIELD_MESSAGES = {
  usernameMissing: 'Username not specified',
  usernameTooLong: 'Username is too long',
  passwordMissing: 'Password not specified',
  passwordTooLong: 'Password is too long',
} as const;
