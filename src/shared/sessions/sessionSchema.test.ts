import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Session } from './session.ts';
import { sessionSchema } from './sessionSchema.ts';

describe('sessionSchema', () => {
  it('describes exactly the Session type (checked by the type checker)', () => {
    expectTypeOf<z.infer<typeof sessionSchema>>().toEqualTypeOf<Session>();
  });

  it('accepts a session with the optional fields absent and refuses one with a field missing', () => {
    const session: Session = {
      SessionID: 's',
      SubSessionID: 'ss',
      SessionNumber: 1,
      SubSessionNumber: 2,
      UniquePatientID: 'p',
      GivenPatientID: 'g',
      PatientName: 'n',
      ClinicianID: 'c',
      ClinicianName: 'cn',
      TestID: 't',
      TestName: 'tn',
      ClinicName: 'k',
      DateTime: '2026-01-01T00:00:00.000Z',
      DateModified: '2026-01-01T00:00:00.000Z',
      Data: true,
      GaitMetrics: false,
      SSCData: false,
      Video: '',
      UnblurredVideo: false,
      BlurredVideo: false,
    };
    expectTypeOf(sessionSchema.parse(session)).toEqualTypeOf<Session>();
    const { TestName: _, ...missing } = session;
    if (sessionSchema.safeParse(missing).success) throw new Error('a session without TestName was accepted');
  });
});
