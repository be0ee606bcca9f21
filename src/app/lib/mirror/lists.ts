import type { Clinic } from '#shared/records/clinic';
import type { Clinician } from '#shared/records/clinician';
import type { Patient } from '#shared/records/patient';
import type { Session } from '#shared/sessions/session';

/** The lists a login mirrors into Dexie (docs/design.md Data flow 2); each role syncs those it may read. */
export type MirrorList = 'patients' | 'clinicians' | 'clinics' | 'sessions';

/** A mirrored patient is the record as the API returns it, session summary included. */
export type MirroredPatient = Patient;

export type MirrorRecords = {
  patients: MirroredPatient;
  clinicians: Clinician;
  clinics: Clinic;
  sessions: Session;
};

/** The primary key of each list, as the server names it. */
const MIRROR_KEYS = {
  patients: 'UniquePatientID',
  clinicians: 'ClinicianID',
  clinics: 'ClinicID',
  // One row per recording: the API's tombstones for sessions carry the SubSessionID.
  sessions: 'SubSessionID',
} as const satisfies { [L in MirrorList]: keyof MirrorRecords[L] };

export function recordKey<L extends MirrorList>(list: L, record: MirrorRecords[L]): string {
  const key: unknown = (record as Record<string, unknown>)[MIRROR_KEYS[list]];
  return String(key);
}

/** Query parameters a list call takes besides UserType and modifiedSince (docs/spec.md §7: sessions has no includeExtraInfo). */
export const MIRROR_LIST_PARAMS: { [L in MirrorList]: Record<string, string> } = {
  patients: { includeExtraInfo: 'true' },
  clinicians: { includeExtraInfo: 'true' },
  clinics: { includeExtraInfo: 'true' },
  sessions: {},
};
