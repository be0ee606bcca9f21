import { asClinicId } from '#shared/ids/ids';
import type { Clinic } from '#shared/records/clinic';

/** A clinic record for unit tests; override what the test is about. */
export function testClinic(overrides: Partial<Omit<Clinic, 'ClinicID'> & { ClinicID: string }> = {}): Clinic {
  const { ClinicID = 'k-1', ...rest } = overrides;
  return {
    ClinicID: asClinicId(ClinicID),
    Name: 'Riverside Gait Laboratory',
    Address: '12 Riverside Road, Bristol BS1 4QA',
    ContactForename: 'Grace',
    ContactSurname: 'Okafor',
    ContactNumber: '0117 496 0101',
    ContactEmail: 'lab@riverside.example',
    group: 'Medical',
    AdminUsername: '',
    AdminHint: '',
    Notes: '',
    DateModified: '2026-01-02T03:04:05.000Z',
    ...rest,
  };
}
