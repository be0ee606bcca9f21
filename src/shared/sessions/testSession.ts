import { asClinicianId, asPatientId, asSessionId, asSubSessionId } from '../ids/ids.ts';
import type { Session } from './session.ts';

type IdField = 'SessionID' | 'SubSessionID' | 'UniquePatientID' | 'ClinicianID';

/** A session row for unit tests; only the fields a test cares about need giving, ids as plain text. */
export function testSession(fields: Partial<Omit<Session, IdField> & Record<IdField, string>> = {}): Session {
  const { SessionID = 's1', SubSessionID = 'ss1', UniquePatientID = 'p1', ClinicianID = 'k1', ...rest } = fields;
  return {
    SessionID: asSessionId(SessionID),
    SubSessionID: asSubSessionId(SubSessionID),
    SessionNumber: 1,
    SubSessionNumber: 1,
    UniquePatientID: asPatientId(UniquePatientID),
    GivenPatientID: 'GP-1',
    PatientName: 'Ada Lovelace',
    ClinicianID: asClinicianId(ClinicianID),
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
    ...rest,
  };
}
