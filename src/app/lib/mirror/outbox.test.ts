import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Body, Reply } from '#shared/api/calls';
import type { submitMutation, submitStagedFile } from './outbox.ts';

type Submit = typeof submitMutation;
type SubmitStaged = typeof submitStagedFile;

describe('submitMutation types', () => {
  it('takes the body of the call it names and resolves to that call’s answer', () => {
    expectTypeOf<Parameters<typeof submitMutation<'removeClinic'>>[1]>().toEqualTypeOf<Body<'removeClinic'> & object>();
    expectTypeOf<ReturnType<typeof submitMutation<'addPatient'>>>().toEqualTypeOf<Promise<Reply<'addPatient'>>>();
  });

  it('does not compile a wrong body or a call the outbox does not queue (checked by tsc -b)', () => {
    const wrong = (submit: Submit) => [
      // @ts-expect-error -- removeClinic takes ClinicID, not ClinicianID
      submit('removeClinic', { ClinicianID: 'c-1' }),
      // @ts-expect-error -- addSession needs its patient, clinician, test and time
      submit('addSession', { SessionNumber: 1 }),
      // @ts-expect-error -- a read is not a queued change
      submit('patients', {}),
      // @ts-expect-error -- a file is sent as an upload, not queued as JSON
      submit('uploadSessionFile', {}),
    ];
    expect(wrong).toBeTypeOf('function');
  });

  it('queues a file replacement only with the FileUploadID its file is staged under (checked by tsc -b)', () => {
    const file = { name: 'walk.mp4', blob: new Blob() };
    const wrong = (submit: SubmitStaged) => [
      // @ts-expect-error -- the call names its staged file by FileUploadID
      submit({ SessionID: 's', SubSessionID: 'ss', SessionFileType: 'Video File' }, file, { subject: 'x' }),
      // @ts-expect-error -- no such file type
      submit({ SessionID: 's', SubSessionID: 'ss', SessionFileType: 'Photo', FileUploadID: '1' }, file, {
        subject: 'x',
      }),
    ];
    expect(wrong).toBeTypeOf('function');
  });
});
