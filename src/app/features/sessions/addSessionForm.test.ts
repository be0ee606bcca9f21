import { describe, expect, it } from 'vitest';
import { addSessionBody, addSessionProblem, emptyAddSession, sessionDateTime } from './addSessionForm.ts';

const now = new Date(2026, 2, 7, 14, 35);
const filled = {
  ...emptyAddSession(now),
  testId: 'T01',
  patientId: 'p1',
  clinicianId: 'k1',
  sessionNumber: 3,
  subSessionNumber: 2,
};

describe('addSessionProblem (docs/spec.md §5)', () => {
  it('requires numeric session numbers and a test, patient, clinician and date', () => {
    expect(addSessionProblem(filled)).toBeNull();
    expect(addSessionProblem({ ...filled, sessionNumber: Number.NaN })).toBe('Session Number must be a whole number.');
    expect(addSessionProblem({ ...filled, subSessionNumber: 1.5 })).toBe('Sub Session Number must be a whole number.');
    expect(addSessionProblem({ ...filled, testId: null })).toBe('Choose a Test.');
    expect(addSessionProblem({ ...filled, patientId: null })).toBe('Choose a Patient.');
    expect(addSessionProblem({ ...filled, clinicianId: null })).toBe('Choose a Clinician.');
    expect(addSessionProblem({ ...filled, date: null })).toBe('Enter the Date.');
    expect(addSessionProblem({ ...filled, time: null })).toBe('Enter the Time.');
  });
});

describe('addSessionBody', () => {
  it('starts today, now, with linking to an existing session on', () => {
    expect(emptyAddSession(now)).toMatchObject({ date: '2026-03-07', time: '14:35', appendToExisting: true });
  });

  it('sends the docs/spec.md §7 fields, with the date and time the admin gave', () => {
    const body = addSessionBody({ ...filled, date: '2026-03-01', time: '09:05' }, 'U1', {
      FileUploadTypeOptions: 'SharedFormatJointsOnly',
      VideoUploadTypeOptions: 'Unblurred',
    });
    expect(body).toEqual({
      SessionNumber: 3,
      SubSessionNumber: 2,
      UniquePatientID: 'p1',
      ClinicianID: 'k1',
      TestID: 'T01',
      DateTime: new Date(2026, 2, 1, 9, 5).toISOString(),
      FileUploadID: 'U1',
      FileUploadTypeOptions: 'SharedFormatJointsOnly',
      VideoUploadTypeOptions: 'Unblurred',
      AppendToExistingSessionIfFound: true,
    });
    expect(sessionDateTime('2026-12-31', '23:59')).toBe(new Date(2026, 11, 31, 23, 59).toISOString());
  });
});
