import type { Generated } from 'kysely';

/**
 * Table types. Times are ISO-8601 UTC strings with milliseconds (they sort as text on both databases);
 * flags are 0/1 integers; heights in cm and weights in kg.
 */
export type AdminTable = {
  id: string;
  username: string;
  password_hash: string;
  date_modified: string;
};

export type ClinicTable = {
  id: string;
  name: string;
  address: string;
  contact_forename: string;
  contact_surname: string;
  contact_number: string;
  contact_email: string;
  group_name: string;
  admin_username: string | null;
  admin_password_hash: string | null;
  admin_hint: string;
  notes: string;
  date_modified: string;
  deleted_at: string | null;
};

export type ClinicianTable = {
  id: string;
  forename: string;
  surname: string;
  contact_number: string;
  email: string;
  username: string | null;
  password_hash: string | null;
  password_hint: string;
  elevated_access: number;
  date_modified: string;
  deleted_at: string | null;
};

export type PatientTable = {
  id: string;
  given_patient_id: string;
  forename: string;
  surname: string;
  email: string;
  username: string | null;
  password_hash: string | null;
  password_hint: string;
  group_name: string;
  dob: string | null;
  sex: string;
  height_cm: number;
  weight_kg: number;
  notes: string;
  application: string;
  icd: string | null;
  icf: string | null;
  ratings: string | null;
  miscs: string | null;
  read_only: number;
  date_modified: string;
  deleted_at: string | null;
};

export type ClinicianClinicTable = { clinician_id: string; clinic_id: string };
export type PatientClinicTable = { patient_id: string; clinic_id: string };
export type PatientClinicianTable = { patient_id: string; clinician_id: string };

export type AccessTokenTable = {
  token_hash: string;
  user_id: string;
  role: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
};

export type LoginFailureTable = {
  key: string;
  failures: number;
  first_failure_at: string;
  locked_until: string | null;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: string;
  user_id: string;
  role: string;
  action: string;
  target: string;
  outcome: string;
  address: string;
  prev_hash: string;
  hash: string;
};

export type IdempotencyKeyTable = {
  key: string;
  user_id: string;
  role: string;
  route: string;
  status: number;
  body: string;
  created_at: string;
};

export type Database = {
  idempotency_keys: IdempotencyKeyTable;
  admins: AdminTable;
  clinics: ClinicTable;
  clinicians: ClinicianTable;
  patients: PatientTable;
  clinician_clinics: ClinicianClinicTable;
  patient_clinics: PatientClinicTable;
  patient_clinicians: PatientClinicianTable;
  access_tokens: AccessTokenTable;
  login_failures: LoginFailureTable;
  audit_log: AuditLogTable;
};
