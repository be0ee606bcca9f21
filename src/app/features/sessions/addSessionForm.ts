import type { FileUploadTypeOption, VideoUploadTypeOption } from '#shared/sessions/sessionFiles';
import type { Body } from '#shared/api/calls';

export type AddSessionValues = {
  sessionNumber: number;
  subSessionNumber: number;
  testId: string | null;
  patientId: string | null;
  clinicianId: string | null;
  /** ISO date (YYYY-MM-DD). */
  date: string | null;
  /** When the walk was recorded that day, 'HH:mm' on the device's clock. */
  time: string | null;
  /** docs/spec.md §9: 'Link to session with same session number', on by default. */
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
    time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    appendToExisting: true,
  };
}

/** docs/spec.md §5: numeric session numbers; Test, Patient, Clinician and Date required. The first problem, or null. */
export function addSessionProblem(values: AddSessionValues): string | null {
  if (!Number.isInteger(values.sessionNumber) || values.sessionNumber < 0)
    return 'Session Number must be a whole number.';
  if (!Number.isInteger(values.subSessionNumber) || values.subSessionNumber < 0)
    return 'Sub Session Number must be a whole number.';
  if (!values.testId) return 'Choose a Test.';
  if (!values.patientId) return 'Choose a Patient.';
  if (!values.clinicianId) return 'Choose a Clinician.';
  if (!values.date) return 'Enter the Date.';
  if (!values.time) return 'Enter the Time.';
  return null;
}

/** The recording's moment: the chosen day and time on the device's clock, sent as an ISO instant. */
export function sessionDateTime(date: string, time: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(year, month - 1, day, hours, minutes).toISOString();
}

export function addSessionBody(
  values: AddSessionValues,
  fileUploadId: string,
  options: { FileUploadTypeOptions: FileUploadTypeOption; VideoUploadTypeOptions: VideoUploadTypeOption },
): Body<'addSession'> {
  return {
    SessionNumber: values.sessionNumber,
    SubSessionNumber: values.subSessionNumber,
    UniquePatientID: values.patientId ?? '',
    ClinicianID: values.clinicianId ?? '',
    TestID: values.testId ?? '',
    DateTime: sessionDateTime(values.date ?? '', values.time ?? '00:00'),
    FileUploadID: fileUploadId,
    FileUploadTypeOptions: options.FileUploadTypeOptions,
    VideoUploadTypeOptions: options.VideoUploadTypeOptions,
    AppendToExistingSessionIfFound: values.appendToExisting,
  };
}
