import { SESSION_EXPORT_KINDS, type SessionExportKind } from '#shared/api/exportCalls';
import type { Session } from '#shared/sessions/session';

/** What each export holds, in words a clinician looks for (formats: docs/export-formats.md). */
export const EXPORT_KIND_LABELS: Record<SessionExportKind, string> = {
  'metrics.csv': 'Gait metrics per side (CSV)',
  'cycles.csv': 'Gait cycles (CSV)',
  'events.csv': 'Heel strikes and toe offs (CSV)',
  'joints.c3d': 'Joints with gait events (C3D)',
};

export const EXPORT_KINDS: readonly SessionExportKind[] = SESSION_EXPORT_KINDS;

/** One file for one session and one export; a zip with an index.csv for anything more. */
export const exportsAsZip = (sessions: readonly Session[], kinds: readonly SessionExportKind[]): boolean =>
  sessions.length > 1 || kinds.length > 1;

/** The patient of the sessions when they are all one patient's, for the FHIR Bundle; undefined otherwise. */
export function onlyPatient(sessions: readonly Session[]): Session | undefined {
  const [first] = sessions;
  return first !== undefined && sessions.every((s) => s.UniquePatientID === first.UniquePatientID) ? first : undefined;
}
