import type { MirroredPatient } from '#app/lib/mirror/lists';
import { asPatientId } from '#shared/ids/ids';

/** A patient record for unit tests; only the fields a test cares about need giving. */
export function testPatient(
  fields: Partial<Omit<MirroredPatient, 'UniquePatientID'> & { UniquePatientID: string }> = {},
): MirroredPatient {
  const { UniquePatientID = 'u1', ...rest } = fields;
  return {
    UniquePatientID: asPatientId(UniquePatientID),
    GivenPatientID: 'GP-1',
    Forename: 'Ada',
    Surname: 'Lovelace',
    Email: '',
    Username: '',
    PasswordHint: '',
    GroupName: 'Patients',
    DOB: '1990-06-15',
    Sex: 'Female',
    Height: 170,
    Weight: 60,
    Notes: '',
    ClinicIDs: '',
    ClinicNames: '',
    ClinicianIDs: '',
    Clinicians: '',
    Application: 'GaitPortal',
    ICD: null,
    ICF: null,
    Ratings: null,
    Miscs: null,
    ReadOnly: false,
    DateModified: '2026-01-01T00:00:00.000Z',
    SessionCount: 0,
    LatestSessionDate: null,
    ...rest,
  };
}
