import type { Clinic } from '#shared/records/clinic';
import { matchesSearch, type SortValue, type TableSort } from '#app/components/ui/tableData';

/** docs/spec.md §9: newest changes first. */
export const DEFAULT_CLINIC_SORT: TableSort = { column: 'lastUpdated', direction: 'descending' };

/** A clinic without a name still needs a readable row and a delete target. */
export const clinicName = (clinic: Clinic): string => clinic.Name.trim() || 'Unnamed Clinic';

export function searchClinics(rows: readonly Clinic[], search: string): readonly Clinic[] {
  if (search.trim() === '') return rows;
  return rows.filter((c) =>
    matchesSearch(search, [c.Name, c.Address, c.ContactForename, c.ContactSurname, c.ContactNumber, c.ContactEmail]),
  );
}

export function clinicSortValue(clinic: Clinic, column: string): SortValue {
  switch (column) {
    case 'lastUpdated':
      return Date.parse(clinic.DateModified);
    case 'name':
      return clinic.Name;
    case 'contactForename':
      return clinic.ContactForename;
    case 'contactSurname':
      return clinic.ContactSurname;
    case 'contactNumber':
      return clinic.ContactNumber;
    case 'address':
      return clinic.Address;
    default:
      return undefined;
  }
}
