import { describe, expect, expectTypeOf, it } from 'vitest';
import { reportRequestSchema } from '../reports/reportRequest.ts';
import { uploadSessionFileQuerySchema } from '../sessions/sessionSchemas.ts';
import { asPatientId, asSubSessionId, type PatientId, type SessionId, type SubSessionId } from './ids.ts';

// These checks run in `npm run typecheck` (tsc -b covers test files): each `@ts-expect-error` line fails the build
// if the mistake beneath it ever stops being a type error.
const takesSubSession = (id: SubSessionId) => id;

describe('branded ids', () => {
  it('keep one kind of id from standing for another', () => {
    const patient = asPatientId('p-1');
    // @ts-expect-error a patient's id is not a sub-session's
    takesSubSession(patient);
    // @ts-expect-error nor is a bare string
    takesSubSession('s-1');
    expectTypeOf<PatientId>().not.toEqualTypeOf<SubSessionId>();
    expect(takesSubSession(asSubSessionId('s-1'))).toBe('s-1');
  });

  it('are what the request schemas parse into, and plain strings on the wire', () => {
    const query = uploadSessionFileQuerySchema.parse({
      SessionID: 's-1',
      SubSessionID: 'sub-1',
      SessionFileType: 'Video File',
    });
    expectTypeOf(query.SubSessionID).toEqualTypeOf<SubSessionId>();
    expect(typeof query.SubSessionID).toBe('string');
  });
});

describe('a report request', () => {
  const base = { metrics: ['Cadence'], report_type: 'multi-session' } as const;

  it('pairs the parallel arrays once, into one reference per recording', () => {
    const request = reportRequestSchema.parse({ ...base, sessionIDs: ['a', 'b'], subSessionIDs: ['a1', 'b1'] });
    expect(request.sessions).toEqual([
      { sessionId: 'a', subSessionId: 'a1' },
      { sessionId: 'b', subSessionId: 'b1' },
    ]);
    expect(request).not.toHaveProperty('subSessionIDs');
    expectTypeOf(request.sessions[0]!.sessionId).toEqualTypeOf<SessionId | undefined>();
  });

  it('names a recording by its sub-session alone when no SessionID came beside it', () => {
    const request = reportRequestSchema.parse({ ...base, subSessionIDs: ['a1', 'b1'], sessionIDs: ['a'] });
    expect(request.sessions).toEqual([
      { sessionId: 'a', subSessionId: 'a1' },
      { sessionId: undefined, subSessionId: 'b1' },
    ]);
  });
});
