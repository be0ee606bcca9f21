import { describe, expect, it } from 'vitest';
import type { Session } from '#shared/sessions/session';
import { testSession } from '#shared/sessions/testSession';
import { reportRequest, reportTypeFor } from './reportFlow.ts';

const session = (id: string, patient: string): Session =>
  testSession({
    SessionID: `s-${id}`,
    SubSessionID: id,
    SubSessionNumber: Number(id.replace(/\D/g, '') || 1),
    UniquePatientID: patient,
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
