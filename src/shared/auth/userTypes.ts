/** The four kinds of login (docs/spec.md §1). 'clinic' is the administrator of one clinic. */
export const USER_TYPES = ['patient', 'clinician', 'clinic', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

/** Titles of the login forms (docs/spec.md §2, /{userType}/login). */
export const LOGIN_TITLES: Record<UserType, string> = {
  patient: 'Patient Login',
  clinician: 'Clinician Login',
  clinic: 'Clinic Admin Login',
  admin: 'Administrator Login',
};

/** Labels on the choose-login card; the admin logs in by its own address only. */
export const CHOOSABLE_LOGINS: readonly { type: UserType; label: string }[] = [
  { type: 'patient', label: 'Patient' },
  { type: 'clinician', label: 'Clinician' },
  { type: 'clinic', label: 'Clinic' },
];

export const DEFAULT_LOGIN_TYPE: UserType = 'clinician';
