import { PASSWORD_MESSAGES } from './auth/passwordPolicy.ts';

/**
 * Texts shown to users verbatim (docs/spec.md §4, §5, §8). Keep the spelling of the specification (docs/spec.md), including 'atleast'.
 */
export const MESSAGES = {
  accessTokenInvalid: 'Access token is invalid',
  loggedOut: 'You have been logged out.',
  loginFailed: 'Username or password is incorrect.',
  userTypeMismatch: 'UserType does not match the access token.',
  userTypeNotRecognised: 'UserType not recognised.',
  passwordsDiffer: 'Passwords entered are not the same.',
  adminPasswordUnavailable: 'Changing of admin passwords is unavailable at this time.',
  passwordUpdated: 'Password updated successfully',
  checkDetailsPassword: 'Please check all the details before updating the password.',
  someError: 'Some error occurred, please contact the administrator.',
  notFound: 'Not found',
  addPatientCallFailed: 'Please make sure all fields are entered correctly.',
  noNotes: 'No notes available.',
  noSessionsForPatient: 'There are no recorded sessions for this patient.',
  unnamedPatient: 'Unnamed Patient',
  unnamedClinician: 'Unnamed Clinician',
  anonymous: 'Anonymous',
  noAssociatedClinic: '(No Associated Clinic)',
  noClinicsToChoose: 'No clinics available to choose from',
  noCliniciansToChoose: 'No clinicians available to choose from',
  selectICFsFirst: 'Please select the ICFs first.',
  patientDeleteFailed: 'Some error occurred trying to delete the patient. Ensure the patient has no sessions recorded.',
  clinicianDeleteFailed:
    'Some error occurred trying to delete the clinician. Ensure the clinician has no patients before deleting.',
  // The specification (docs/spec.md) gives the clinic the clinician's text (§8).
  clinicDeleteFailed:
    'Some error occurred trying to delete the clinic. Ensure the clinician has no patients before deleting.',
  usernameTaken: 'Username is already taken',
  staleEdit: 'This record was changed by someone else since you opened it.',
  readOnlyPatient: 'This patient record is read-only.',
  forbidden: 'You do not have permission to do this.',
  currentPasswordWrong: 'The current password is not correct.',
} as const;

/**
 * Server messages the client shows verbatim after 'Error: ' (docs/spec.md §5), and the password policy's own messages
 * (src/shared/auth/passwordPolicy.ts), which a user must read to choose a password the server accepts. Beyond the
 * specification (README 'Deliberate deviations'): the range messages of measures and dates ('Height is too large: at
 * most 260 cm', 'Date of Birth cannot be in the future'), which say what to correct.
 */
const VERBATIM_ENDINGS = ['not specified', 'is too long'];
const VERBATIM_FRAGMENTS = [
  'specified without a',
  'cannot be 0',
  'cannot be negative',
  'must have at least one',
  'Username is already taken',
  'is too small',
  'is too large',
  'cannot be in the future',
  'cannot be before',
  PASSWORD_MESSAGES.tooShort,
  PASSWORD_MESSAGES.onlySpaces,
  PASSWORD_MESSAGES.tooCommon,
  MESSAGES.currentPasswordWrong,
];

export function isVerbatimValidationMessage(message: string): boolean {
  return (
    VERBATIM_ENDINGS.some((ending) => message.endsWith(ending)) ||
    VERBATIM_FRAGMENTS.some((fragment) => message.includes(fragment))
  );
}

/** A refused login says how long to wait, as the Retry-After header does. */
export function loginThrottledMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < 60
      ? `${String(retryAfterSeconds)} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${String(Math.ceil(retryAfterSeconds / 60))} minutes`;
  return `Too many failed login attempts. Please wait ${wait} and try again.`;
}

export type RecordKind = 'Patient' | 'Clinician' | 'Clinic' | 'Session';

/** docs/spec.md §8 success and check-details texts for add/update/delete of a record kind. */
export const recordMessages = (kind: RecordKind) => ({
  added: `${kind} is successfully added`,
  updated: `The ${kind.toLowerCase()} information is successfully updated`,
  deleted: `The ${kind.toLowerCase()} has been deleted.`,
  checkBeforeAdding: `Please check all the details before adding the ${kind.toLowerCase()}.`,
  checkBeforeUpdating: `Please check all the details before updating the ${kind.toLowerCase()}.`,
});
