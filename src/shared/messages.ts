/**
 * Texts shown to users verbatim (spec §4, §5, §8). Keep the spelling of the spec, including 'atleast'.
 */
export const MESSAGES = {
  accessTokenInvalid: 'Access token is invalid',
  loggedOut: 'You have been logged out.',
  loginFailed: 'Username or password is incorrect.',
  loginThrottled: 'Too many failed login attempts. Please wait 15 minutes and try again.',
  userTypeMismatch: 'UserType does not match the access token.',
  userTypeNotRecognised: 'UserType not recognised.',
  passwordsDiffer: 'Passwords entered are not the same.',
  adminPasswordUnavailable: 'Changing of admin passwords is unavailable at this time.',
  passwordUpdated: 'Password updated successfully',
  checkDetailsPassword: 'Please check all the details before updating the password.',
  someError: 'Some error occurred, please contact the administrator.',
  notFound: 'Not found',
  forbidden: 'You do not have permission to do this.',
} as const;

/** Server messages the client shows verbatim after 'Error: ' (spec §5). */
const VERBATIM_ENDINGS = ['not specified', 'is too long'];
const VERBATIM_FRAGMENTS = [
  'specified without a',
  'cannot be 0',
  'cannot be negative',
  'must have at least one',
  'Username is already taken',
];

export function isVerbatimValidationMessage(message: string): boolean {
  return (
    VERBATIM_ENDINGS.some((ending) => message.endsWith(ending)) ||
    VERBATIM_FRAGMENTS.some((fragment) => message.includes(fragment))
  );
}
