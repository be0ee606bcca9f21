import type { SortValue, TableSort } from '#app/components/ui/tableData';
import type { Session } from '#shared/sessions/session';
import { patientNameAndGivenId } from '#shared/sessions/session';

/** docs/spec.md §2/§9: last updated, newest first. */
export const DEFAULT_SESSION_SORT: TableSort = { column: 'lastModified', direction: 'descending' };

/** The value a column sorts by: times as numbers and session numbers as one number, so 100k rows sort quickly. */
export function sessionSortValue(session: Session, column: string): SortValue {
  switch (column) {
    case 'lastModified':
      return Date.parse(session.DateModified);
    case 'dateTime':
      return Date.parse(session.DateTime);
    case 'session':
      // docs/spec.md §3 order: session number, then sub-session number.
      return session.SessionNumber * 1_000_000 + session.SubSessionNumber;
    case 'patient':
      return patientNameAndGivenId(session);
    case 'test':
      return session.TestName;
    case 'clinic':
      return session.ClinicName;
    case 'clinician':
      return session.ClinicianName;
    default:
      return undefined;
  }
}
