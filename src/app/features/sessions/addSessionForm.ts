import type { FileUploadTypeOption, VideoUploadTypeOption } from '#shared/sessions/sessionFiles';
import type { AddSessionBody } from './api/sessionCalls.ts';

export type AddSessionValues = {
  sessionNumber: number;
  subSessionNumber: number;
  testId: string | null;
  patientId: string | null;
  clinicianId: string | null;
  /** ISO date (YYYY-MM-DD). */
  date: string | null;
  /** Spec §9: 'Link to session with same session number', on by default. */
  appendToExisting: boolean;
};

const pad = (n: number) => String(n).padStart(2, '0');

export function emptyAddSession(now = new Date()): AddSessionValues {
  return {
    sessionNumber: 1,
    subSessionNumber: 1,
    testId: null,
    patientId: null,
    clinicianId: null,
    date: `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    appendToExisting: true,
  };
}

/** Spec §5: numeric session numbers; Test, Patient, Clinician and Date required. The first problem, or null. */
export function addSessionProblem(values: AddSessionValues): string | null {
  if (!Number.isInteger(values.sessionNumber) || values.sessionNumber < 0)
    return 'Session Number must be a whole number.';
  if (!Number.isInteger(values.subSessionNumber) || values.subSessionNumber < 0)
    return 'Sub Session Number must be a whole number.';
  if (!values.testId) return 'Choose a Test.';
  if (!values.patientId) return 'Choose a Patient.';
  if (!values.clinicianId) return 'Choose a Clinician.';
  if (!values.date) return 'Enter the Date.';
  return null;
}

/**
 * The recording's time: the chosen day at the current local time of day. The dialog asks only for a date (spec
 * §5), and a session is usually added the day it was recorded, so this keeps same-day sessions in their order.
 */
export function sessionDateTime(date: string, now = new Date()): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, day, now.getHours(), now.getMinutes()).toISOString();
}

export function addSessionBody(
  values: AddSessionValues,
  fileUploadId: string,
  options: { FileUploadTypeOptions: FileUploadTypeOption; VideoUploadTypeOptions: VideoUploadTypeOption },
  now = new Date(),
): AddSessionBody {
  return {
    SessionNumber: values.sessionNumber,
    SubSessionNumber: values.subSessionNumber,
    UniquePatientID: values.patientId ?? '',
    ClinicianID: values.clinicianId ?? '',
    TestID: values.testId ?? '',
    DateTime: sessionDateTime(values.date ?? '', now),
    FileUploadID: fileUploadId,
    FileUploadTypeOptions: options.FileUploadTypeOptions,
    VideoUploadTypeOptions: options.VideoUploadTypeOptions,
    AppendToExistingSessionIfFound: values.appendToExisting,
  };
}
