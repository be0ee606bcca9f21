import { strFromU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, encodeUtf8 } from '../utf8.ts';
import { safeIdPart, selectionFileName, sessionFileName } from './downloadNames.ts';
import { zipIndexCsv } from './zipIndex.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('download names', () => {
  it("name a session's files by patient id, session and sub-session number", () => {
    const s = { givenPatientId: 'P-0042', sessionNumber: 3, subSessionNumber: 1 };
    expect(sessionFileName(s, 'joints.c3d')).toBe('P-0042_session-3.1_joints.c3d');
    expect(sessionFileName(s, 'fhir.json')).toBe('P-0042_session-3.1_fhir.json');
    expect(sessionFileName(s, 'original', '.C3D')).toBe('P-0042_session-3.1_original.c3d');
    expect(sessionFileName(s, 'original')).toBe('P-0042_session-3.1_original');
  });

  it('make ids safe for file systems and headers', () => {
    expect(safeIdPart('../../etc/passwd')).toBe('etc-passwd');
    expect(safeIdPart('Zoë Smith/12')).toBe('Zoe-Smith-12');
    expect(safeIdPart('')).toBe('patient');
    expect(safeIdPart('x'.repeat(100))).toHaveLength(64);
    expect(selectionFileName(['A1', 'A1'], 'metrics.csv')).toBe('A1_metrics.csv');
    expect(selectionFileName(['A1', 'B2', 'C3'], 'sessions.zip')).toBe('3-patients_sessions.zip');
  });
});

describe('zip of several sessions', () => {
  it("holds an index.csv naming each file's patient and session, and no UUID anywhere", () => {
    const sessions = [
      {
        givenPatientId: 'P-0042',
        sessionNumber: 3,
        subSessionNumber: 1,
        dateTime: '2026-03-04T09:15:00.000Z',
        testName: '10 m walk',
      },
      {
        givenPatientId: 'P-0042',
        sessionNumber: 3,
        subSessionNumber: 2,
        dateTime: '2026-03-04T09:20:00.000Z',
        testName: 'TUG, fast',
      },
    ];
    const files: Record<string, Uint8Array> = {};
    const entries = sessions.map((s) => {
      const names = [sessionFileName(s, 'joints.c3d'), sessionFileName(s, 'events.csv')];
      for (const name of names) files[name] = encodeUtf8(`content of ${name}`);
      return { ...s, files: names };
    });
    files['index.csv'] = encodeUtf8(zipIndexCsv(entries));
    const unzipped = unzipSync(zipSync(files));
    expect(Object.keys(unzipped).sort()).toEqual([
      'P-0042_session-3.1_events.csv',
      'P-0042_session-3.1_joints.c3d',
      'P-0042_session-3.2_events.csv',
      'P-0042_session-3.2_joints.c3d',
      'index.csv',
    ]);
    const index = decodeUtf8(unzipped['index.csv'] ?? new Uint8Array());
    expect(index.split('\r\n')).toEqual([
      'patient_id,session,sub_session,date_time,test,file',
      'P-0042,3,1,2026-03-04T09:15:00.000Z,10 m walk,P-0042_session-3.1_joints.c3d',
      'P-0042,3,1,2026-03-04T09:15:00.000Z,10 m walk,P-0042_session-3.1_events.csv',
      'P-0042,3,2,2026-03-04T09:20:00.000Z,"TUG, fast",P-0042_session-3.2_joints.c3d',
      'P-0042,3,2,2026-03-04T09:20:00.000Z,"TUG, fast",P-0042_session-3.2_events.csv',
      '',
    ]);
    expect(Object.keys(unzipped).some((name) => UUID.test(name))).toBe(false);
    expect(strFromU8(unzipped['P-0042_session-3.2_events.csv'] ?? new Uint8Array())).toBe(
      'content of P-0042_session-3.2_events.csv',
    );
  });
});
