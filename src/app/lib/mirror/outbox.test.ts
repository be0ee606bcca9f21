import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Body, Reply } from '#shared/api/calls';
import type { submitMutation } from './outbox.ts';

type Submit = typeof submitMutation;

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
});
