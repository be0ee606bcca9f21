import type { ClinicianTable, ClinicTable, PatientTable } from '#server/db/schema';

/*
 * Record rows written straight to the database, past the API (suites that need many records or records the API
 * would refuse, and the scale seed): every column given, blank, empty or off wherever the caller names nothing.
 */

export const clinicRow = (id: string, dateModified: string, fields: Partial<ClinicTable> = {}): ClinicTable => ({
  id,
  name: id,
  address: '',
  contact_forename: '',
  contact_surname: '',
  contact_number: '',
  contact_email: '',
  group_name: 'Medical',
  admin_username: null,
  admin_password_hash: null,
  admin_hint: '',
  notes: '',
  date_modified: dateModified,
  deleted_at: null,
  ...fields,
});

export const clinicianRow = (
  id: string,
  dateModified: string,
  fields: Partial<ClinicianTable> = {},
): ClinicianTable => ({
  id,
  forename: id,
  surname: '',
  contact_number: '',
  email: '',
  username: null,
  password_hash: null,
  password_hint: '',
  elevated_access: 0,
  date_modified: dateModified,
  deleted_at: null,
  ...fields,
});

export const patientRow = (id: string, dateModified: string, fields: Partial<PatientTable> = {}): PatientTable => ({
  id,
  given_patient_id: id,
  forename: '',
  surname: '',
  email: '',
  username: null,
  password_hash: null,
  password_hint: '',
  group_name: 'Patients',
  dob: null,
  sex: '',
  height_cm: 0,
  weight_kg: 0,
  notes: '',
  application: '',
  icd: null,
  icf: null,
  ratings: null,
  miscs: null,
  read_only: 0,
  date_modified: dateModified,
  deleted_at: null,
  ...fields,
});
