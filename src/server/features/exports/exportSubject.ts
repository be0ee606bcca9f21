import type { SubSessionId } from '#shared/ids/ids';
/** A sub-session as its exports name it: by the patient's given id and the session numbers, never by UUID. */
export type ExportSubject = {
  subSessionId: SubSessionId;
  patientId: string;
  givenPatientId: string;
  sessionNumber: number;
  subSessionNumber: number;
  dateTime: string;
  testId: string;
  heightCm: number;
};
