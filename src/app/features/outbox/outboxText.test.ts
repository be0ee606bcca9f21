import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '#app/lib/mirror/db';
import { conflictFields } from './conflictFields.ts';
import { describeEntry, describeState, unsentText } from './describeEntry.ts';

const base: OutboxEntry = {
  id: 'k',
  call: 'updatePatient',
  body: {},
  state: 'queued',
  createdAt: '2026-11-22T11:00:00Z',
};

describe('describeEntry', () => {
  it('names the change as the user knows the record', () => {
    expect(describeEntry({ ...base, body: { ID: 'uuid', GivenPatientID: 'GP-1002' } })).toBe('Edit patient GP-1002');
    expect(describeEntry({ ...base, call: 'addPatient', body: { ID: 'GP-7' } })).toBe('Add patient GP-7');
    expect(describeEntry({ ...base, call: 'updateClinic', body: { ClinicName: 'North Lab' } })).toBe(
      'Edit clinic North Lab',
    );
    expect(describeEntry({ ...base, call: 'addClinician', body: { Forename: 'Amy', Surname: 'Hart' } })).toBe(
      'Add clinician Amy Hart',
    );
    expect(describeEntry({ ...base, call: 'removePatient', body: { PatientID: 'uuid' } })).toBe('Delete patient');
  });

  it('names a queued file replacement by its type and the session it replaces in', () => {
    const upload: OutboxEntry = {
      ...base,
      call: 'uploadSessionFile',
      kind: 'session-upload',
      body: { SessionID: 's-uuid', SubSessionID: 'ss-uuid', SessionFileType: 'Video File', FileUploadID: '17' },
    };
    expect(describeEntry({ ...upload, subject: 'Olivia Bennett (GP-1001), session 3.1' })).toBe(
      'Upload Video File for Olivia Bennett (GP-1001), session 3.1',
    );
    expect(describeEntry(upload)).toBe('Upload Video File');
    expect(describeState({ ...upload, progress: 20 })).toBe('queued (20% sent)');
  });

  it("keeps the server's reason beside a failed state", () => {
    expect(describeState({ ...base, state: 'failed', error: 'Notes is too long' })).toBe('failed: Notes is too long');
    expect(describeState(base)).toBe('queued');
  });

  it('shows how much of a queued upload the server already holds', () => {
    const upload = { ...base, call: 'addSession' as const, kind: 'session-upload' as const, progress: 40 };
    expect(describeState(upload)).toBe('queued (40% sent)');
    expect(describeState({ ...upload, state: 'sending' })).toBe('sending (40% sent)');
  });

  it('counts unsent changes', () => {
    expect(unsentText(1)).toBe('1 unsent change');
    expect(unsentText(3)).toBe('3 unsent changes');
  });
});

describe('conflictFields', () => {
  it('puts my value beside the server one and marks the differences', () => {
    const fields = conflictFields(
      { UserType: 'clinic', ID: 'u', DateModified: 'd', Forename: 'Mine', Height: 170, ClinicIDs: 'a,b', Notes: '' },
      { Forename: 'Theirs', Height: '170', ClinicIDs: 'b,a', Notes: null },
    );
    expect(fields).toEqual([
      { field: 'Forename', mine: 'Mine', theirs: 'Theirs', differs: true },
      { field: 'Height', mine: '170', theirs: '170', differs: false },
      { field: 'ClinicIDs', mine: 'a,b', theirs: 'b,a', differs: false },
      { field: 'Notes', mine: '—', theirs: '—', differs: false },
    ]);
  });
});
