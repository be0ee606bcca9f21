import type { Session } from './session.ts';

/** A session row for unit tests; only the fields a test cares about need giving. */
export function testSession(fields: Partial<Session> = {}): Session {
  return {
    SessionID: 's1',
    SubSessionID: 'ss1',
    SessionNumber: 1,
    SubSessionNumber: 1,
    UniquePatientID: 'p1',
    GivenPatientID: 'GP-1',
    PatientName: 'Ada Lovelace',
    ClinicianID: 'k1',
    ClinicianName: 'Amelia Hart',
    TestID: 'T01',
    TestName: '10-Metre Walk Test',
    ClinicName: 'Riverside Gait Laboratory',
    DateTime: '2026-01-01T09:30:00.000Z',
    DateModified: '2026-01-01T10:00:00.000Z',
    Data: true,
    GaitMetrics: false,
    SSCData: false,
    Video: '',
    UnblurredVideo: false,
    BlurredVideo: false,
    ...fields,
  };
}
