import type { Body } from '#shared/api/calls';
import type { UserType } from '#shared/auth/userTypes';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { choosesClinicians, choosesClinics, heightInCm, weightInKg, type PatientFormValues } from './patientForm.ts';

/** docs/spec.md §5: ICD, ICF and Tags are sent as null when empty or 'N/A'; codes are written ',' separated (docs/spec.md §3). */
export function codesOrNull(codes: readonly string[]): string | null {
  const kept = codes.map((code) => code.trim()).filter((code) => code !== '' && code !== 'N/A');
  return kept.length > 0 ? kept.join(',') : null;
}

/** Ratings go only with ICFs, one per ICF in order; none rated is the same as none. */
export function ratingsOrNull(icf: readonly string[], ratings: readonly string[]): string | null {
  if (codesOrNull(icf) === null) return null;
  const perIcf = icf.map((_, i) => (ratings[i] ?? '').trim());
  return perIcf.some((rating) => rating !== '') ? perIcf.join(',') : null;
}

/** The fields an add and an edit share: what the patient form edits. */
type PatientFields = Omit<Body<'updatePatient'>, 'ID' | 'GivenPatientID' | 'DateModified'>;

function commonFields(values: PatientFormValues, type: UserType): PatientFields {
  return {
    Forename: values.forename.trim(),
    Surname: values.surname.trim(),
    Email: values.email.trim(),
    DOB: values.dob ?? '',
    Sex: values.sex === 'Not Specified' ? '' : values.sex,
    Height: heightInCm(values.height),
    Weight: weightInKg(values.weight),
    Notes: values.notes,
    ICD: codesOrNull(values.icd),
    ICF: codesOrNull(values.icf),
    Ratings: ratingsOrNull(values.icf, values.ratings),
    Miscs: codesOrNull(values.miscs),
    ...(choosesClinics(type) ? { ClinicIDs: values.clinicIds.join(',') } : {}),
    ...(choosesClinicians(type) ? { ClinicianIDs: values.clinicianIds.join(',') } : {}),
    // Credentials only when the box is ticked (docs/spec.md §4); otherwise the fields are disabled and not sent.
    ...(values.credentials.enabled
      ? {
          Username: values.credentials.username.trim(),
          Password: values.credentials.password,
          PasswordHint: values.credentials.hint.trim(),
        }
      : {}),
  };
}

/**
 * The addPatient body (docs/spec.md §7). The client picks the UniquePatientID, so work queued offline (a session upload)
 * can already refer to the patient (docs/design.md Data flow 5).
 */
export function addPatientBody(values: PatientFormValues, type: UserType, uniquePatientId: string): Body<'addPatient'> {
  return {
    UniquePatientID: uniquePatientId,
    ID: values.givenId.trim(),
    GroupName: 'Patients',
    ...commonFields(values, type),
  };
}

/** The updatePatient body: the version the edit started from goes along, so a stale edit gets 409. */
export function updatePatientBody(
  values: PatientFormValues,
  type: UserType,
  patient: MirroredPatient,
): Body<'updatePatient'> {
  return {
    ID: patient.UniquePatientID,
    GivenPatientID: values.givenId.trim(),
    DateModified: patient.DateModified,
    ...commonFields(values, type),
  };
}
