import type { Clinic } from '#shared/records/clinic';
import type { Clinician } from '#shared/records/clinician';
import type { Patient } from '#shared/records/patient';

/** The lists a staff login mirrors into Dexie (DESIGN.md Data flow 2). */
export const MIRROR_LISTS = ['patients', 'clinicians', 'clinics'] as const;
export type MirrorList = (typeof MIRROR_LISTS)[number];

/** A mirrored patient is the record as the API returns it, session summary included. */
export type MirroredPatient = Patient;

export type MirrorRecords = {
  patients: MirroredPatient;
  clinicians: Clinician;
  clinics: Clinic;
};

export type MirrorRecord = MirrorRecords[MirrorList];

/** The primary key of each list, as the server names it. */
export const MIRROR_KEYS = {
  patients: 'UniquePatientID',
  clinicians: 'ClinicianID',
  clinics: 'ClinicID',
} as const satisfies { [L in MirrorList]: keyof MirrorRecords[L] };

export function recordKey<L extends MirrorList>(list: L, record: MirrorRecords[L]): string {
  const key: unknown = (record as Record<string, unknown>)[MIRROR_KEYS[list]];
  return String(key);
}
