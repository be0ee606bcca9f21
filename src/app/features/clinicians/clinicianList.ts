import { MESSAGES } from '#shared/messages';
import type { Clinician } from '#shared/records/clinician';
import { matchesSearch, type SortValue, type TableSort } from '#app/components/ui/tableData';
import { personName } from '#shared/records/personName';

/** A clinician as the browser shows it: the record plus its clinics as one text. */
export type ClinicianRow = { record: Clinician; name: string; clinics: string };

/** docs/spec.md §9: newest changes first. */
export const DEFAULT_CLINICIAN_SORT: TableSort = { column: 'lastUpdated', direction: 'descending' };

/** ', ' joined as the server sends them (docs/spec.md §3). */
export const splitList = (joined: string): string[] =>
  joined
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The clinic names of a clinician. ClinicIDs and ClinicNames come paired in the same order; a clinic the
 * mirror knows gives its current name, so a renamed clinic shows right before the clinician record re-syncs.
 */
function clinicNamesOf(clinician: Clinician, knownClinics: ReadonlyMap<string, string>): string[] {
  const names = splitList(clinician.ClinicNames);
  return splitList(clinician.ClinicIDs).map((id, index) => knownClinics.get(id) ?? names[index] ?? id);
}

export function toClinicianRow(record: Clinician, knownClinics: ReadonlyMap<string, string>): ClinicianRow {
  const clinics = clinicNamesOf(record, knownClinics);
  return {
    record,
    name: personName(record.Forename, record.Surname, MESSAGES.unnamedClinician),
    // docs/spec.md §2: clinicians with no clinic are grouped under '(No Associated Clinic)'.
    clinics: clinics.length > 0 ? clinics.join(', ') : MESSAGES.noAssociatedClinic,
  };
}

export function searchClinicians(rows: readonly ClinicianRow[], search: string): readonly ClinicianRow[] {
  if (search.trim() === '') return rows;
  return rows.filter(({ record, name, clinics }) =>
    matchesSearch(search, [name, record.Email, record.Username, record.ContactNumber, clinics]),
  );
}

export function clinicianSortValue({ record, clinics }: ClinicianRow, column: string): SortValue {
  switch (column) {
    case 'lastUpdated':
      return Date.parse(record.DateModified);
    case 'forename':
      return record.Forename;
    case 'surname':
      return record.Surname;
    case 'clinics':
      return clinics;
    case 'email':
      return record.Email;
    case 'username':
      return record.Username;
    default:
      return undefined;
  }
}
