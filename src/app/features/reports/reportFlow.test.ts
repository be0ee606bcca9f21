import { describe, expect, it } from 'vitest';
import type { Session } from '#shared/sessions/session';
import { reportRequest, reportTypeFor } from './reportFlow.ts';

const session = (id: string, patient: string): Session => ({
  SessionID: `s-${id}`,
  SubSessionID: id,
  SessionNumber: 1,
  SubSessionNumber: Number(id.replace(/\D/g, '') || 1),
  UniquePatientID: patient,
  GivenPatientID: 'GP',
  PatientName: 'P',
  ClinicianID: 'c1',
  ClinicianName: 'C',
  TestID: 'T01',
  TestName: 'T',
  ClinicName: 'K',
  DateTime: '2026-01-01T00:00:00.000Z',
  DateModified: '2026-01-01T00:00:00.000Z',
  Data: true,
  GaitMetrics: false,
  SSCData: false,
  Video: '',
  UnblurredVideo: false,
  BlurredVideo: false,
});

describe('report requests', () => {
  it('makes a multi-patient report when the sessions belong to several patients', () => {
    expect(reportTypeFor('multi-session', [session('a1', 'p'), session('a2', 'p')])).toBe('multi-session');
    expect(reportTypeFor('multi-session', [session('a1', 'p'), session('b1', 'q')])).toBe('multi-patient');
    expect(reportTypeFor('session', [session('a1', 'p')])).toBe('session');
  });

  it('names sessions and sub-sessions pairwise in the request', () => {
    const request = reportRequest('multi-session', [session('a1', 'p'), session('a2', 'p')], ['Speed'], 'Date');
    expect(request).toMatchObject({
      sessionIDs: ['s-a1', 's-a2'],
      subSessionIDs: ['a1', 'a2'],
      patientIDs: ['p'],
      metrics: ['Speed'],
      xAxisType: 'Date',
    });
  });
});
