import { ICD_CODES } from '#shared/codes/icd';
import { ICF_CODES } from '#shared/codes/icf';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { asPatientId } from '#shared/ids/ids';

const FORENAMES = [
  'Olivia',
  'Jack',
  'Aisha',
  'Harry',
  'Chloe',
  'Kwame',
  'Ruth',
  'Luca',
  'Freya',
  'Ravi',
  'Mei',
  'Noah',
];
const SURNAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Patel',
  'Khan',
  'Wright',
  'Evans',
  'Clarke',
  'Murphy',
  'Hall',
  'Wood',
];
const SEXES = ['Female', 'Male', 'Other', ''];
const CLINICS = Array.from({ length: 40 }, (_, i) => ({ id: `clinic-${String(i)}`, name: `Clinic ${String(i)}` }));

/** A deterministic stand-in for 100k mirrored patients (tests/bench/patientMirror.ts); never shown to users. */
export function syntheticPatients(count: number): MirroredPatient[] {
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const clinic = pick(CLINICS);
    const forename = pick(FORENAMES);
    const surname = pick(SURNAMES);
    return {
      UniquePatientID: asPatientId(`bench-${String(i)}`),
      GivenPatientID: `GP-${String(100_000 + i)}`,
      Forename: forename,
      Surname: surname,
      Email: `${forename.toLowerCase()}.${surname.toLowerCase()}${String(i)}@patient.example`,
      Username: '',
      PasswordHint: '',
      GroupName: 'Patients',
      DOB: `${String(1930 + Math.floor(next() * 90))}-0${String(1 + Math.floor(next() * 9))}-1${String(Math.floor(next() * 9))}`,
      Sex: pick(SEXES),
      Height: 150 + Math.floor(next() * 45),
      Weight: 45 + Math.floor(next() * 60),
      Notes: i % 3 === 0 ? 'Walks with a stick outdoors.' : '',
      ClinicIDs: clinic.id,
      ClinicNames: clinic.name,
      ClinicianIDs: `clinician-${String(i % 200)}`,
      Clinicians: `Clinician ${String(i % 200)}`,
      Application: 'GaitPortal',
      ICD: pick(ICD_CODES).CodeID,
      ICF: `${pick(ICF_CODES).CodeID},${pick(ICF_CODES).CodeID}`,
      Ratings: '1,2',
      Miscs: null,
      ReadOnly: false,
      DateModified: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      SessionCount: i % 5,
      LatestSessionDate: null,
    };
  });
}
