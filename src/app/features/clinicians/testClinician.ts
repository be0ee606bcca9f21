import { asClinicianId } from '#shared/ids/ids';
import type { Clinician } from '#shared/records/clinician';

/** A clinician record for unit tests; override what the test is about. */
export function testClinician(
  overrides: Partial<Omit<Clinician, 'ClinicianID'> & { ClinicianID: string }> = {},
): Clinician {
  const { ClinicianID = 'c-1', ...rest } = overrides;
  return {
    ClinicianID: asClinicianId(ClinicianID),
    Forename: 'Amelia',
    Surname: 'Hart',
    ContactNumber: '0117 496 0000',
    Email: 'amelia.hart@clinic.example',
    Username: '',
    PasswordHint: '',
    ClinicIDs: '',
    ClinicNames: '',
    ElevatedAccess: false,
    DateModified: '2026-01-02T03:04:05.000Z',
    ...rest,
  };
}
