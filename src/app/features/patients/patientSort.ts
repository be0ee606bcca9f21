import type { SortValue, TableSort } from '#app/components/ui/tableData';
import type { MirroredPatient } from '#app/lib/mirror/lists';
import { factsOf } from './patientFacts.ts';

/** docs/spec.md §2/§9: newest changes first. */
export const DEFAULT_PATIENT_SORT: TableSort = { column: 'lastUpdated', direction: 'descending' };

/** The value a column sorts by: times and ages as numbers, so 100k rows sort without string collation. */
export function patientSortValue(patient: MirroredPatient, column: string): SortValue {
  switch (column) {
    case 'lastUpdated':
      return Date.parse(patient.DateModified);
    case 'id':
      return patient.GivenPatientID;
    case 'forename':
      return patient.Forename;
    case 'surname':
      return patient.Surname;
    case 'clinics':
      return patient.ClinicNames;
    case 'clinicians':
      return patient.Clinicians;
    case 'sex':
      return patient.Sex;
    case 'age': {
      // Ascending age is descending birth time.
      const { birth } = factsOf(patient);
      return birth === undefined ? undefined : -birth;
    }
    default:
      return undefined;
  }
}
