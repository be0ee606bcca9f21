export type SessionsSearch = { patient?: string };

/** Patient ids are server- or client-made UUIDs; anything else in the address is ignored, not echoed into a filter. */
const PATIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** ?patient=<UniquePatientID> preselects the session browser's patient filter (docs/spec.md §2). */
export function validateSessionsSearch(search: Record<string, unknown>): SessionsSearch {
  const { patient } = search;
  return typeof patient === 'string' && PATIENT_ID.test(patient) ? { patient } : {};
}
