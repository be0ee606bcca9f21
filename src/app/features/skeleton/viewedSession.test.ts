import { describe, expect, it } from 'vitest';
import type { Session } from '#shared/sessions/session';
import { testSession } from '#shared/sessions/testSession';
import { findNextSubSession } from './nextSubSession.ts';
import { viewedSession } from './viewedSession.ts';

const recording = (sub: number, extra: Partial<Session> = {}): Session => ({
  ...testSession({
    SessionID: 'S1',
    SubSessionID: `S1-${String(sub)}`,
    SessionNumber: 3,
    SubSessionNumber: sub,
    UniquePatientID: 'P1',
    GivenPatientID: 'GP-1001',
    PatientName: 'Olivia Bennett',
    ClinicianID: 'C1',
    ClinicName: 'Clinic',
    DateTime: '2026-01-01T10:00:00.000Z',
    DateModified: '2026-01-01T10:00:00.000Z',
    GaitMetrics: true,
  }),
  ...extra,
});

describe('viewedSession', () => {
  it('takes the mirror’s rows when it holds the session, whatever the server says', () => {
    const mirrored = [recording(1)];
    expect(viewedSession(mirrored, { status: 'pending' })).toEqual({ sessions: mirrored, settled: true });
    expect(viewedSession(mirrored, { status: 'error' })).toEqual({ sessions: mirrored, settled: true });
  });

  it('waits for the server while the mirror has not synced, then shows its rows and finds the next sub-session', () => {
    expect(viewedSession([], { status: 'pending' })).toEqual({ sessions: [], settled: false });
    const fetched = [recording(1, { OriginalRecording: true }), recording(2)];
    const viewed = viewedSession([], { status: 'success', sessions: fetched });
    expect(viewed.settled).toBe(true);
    expect(viewed.sessions[0]?.OriginalRecording).toBe(true);
    expect(findNextSubSession(viewed.sessions, 'S1', 'S1-1')?.SubSessionID).toBe('S1-2');
  });

  it('settles without rows when the server cannot answer (offline, or no such session)', () => {
    expect(viewedSession([], { status: 'error' })).toEqual({ sessions: [], settled: true });
  });
});
