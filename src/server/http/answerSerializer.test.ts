import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_CALLS } from '#shared/api/calls';
import { answerSerializerCompiler } from './answerSerializer.ts';

const session = {
  SessionID: 's1',
  SubSessionID: 'ss1',
  SessionNumber: 3,
  SubSessionNumber: 1,
  UniquePatientID: 'p1',
  GivenPatientID: 'P-001',
  PatientName: 'Ada "A" Lovelace \u2028',
  ClinicianID: 'c1',
  ClinicianName: 'Dr Who',
  TestID: 'T1',
  TestName: '10 m walk',
  ClinicName: 'North, South',
  DateTime: '2026-01-02T03:04:05.000Z',
  DateModified: '2026-01-02T03:04:05.000Z',
  Data: true,
  GaitMetrics: false,
  SSCData: false,
  Video: 'SessionVideoFile_MP4/s1_ss1.mp4',
  UnblurredVideo: true,
  BlurredVideo: false,
  OriginalRecording: false,
};

const sessionsSchema = (API_CALLS.sessions.answers[200] as { json: z.ZodType }).json;
const compile = (url: string, httpStatus = '200') =>
  answerSerializerCompiler({ schema: sessionsSchema, method: 'GET', url, httpStatus });
const zodWay = serializerCompiler({ schema: sessionsSchema, method: 'GET', url: '/api/sessions' });

describe('answerSerializerCompiler', () => {
  it("writes a session page byte for byte as zod's encode and JSON.stringify do", () => {
    const page = {
      sessions: [session, { ...session, SubSessionID: 'ss2', OriginalRecording: undefined }],
      deleted: [{ id: 'gone', DateModified: '2026-01-02T03:04:05.000Z' }],
      serverTime: '2026-01-02T03:04:05.000Z',
      nextCursor: null,
    };
    expect(compile('/api/sessions')(page)).toBe(zodWay(page));
  });

  it('leaves out a field the schema does not declare', () => {
    const page = { sessions: [{ ...session, PasswordHash: 'secret' }], deleted: [], serverTime: 'x', nextCursor: 'c' };
    const text = compile('/api/sessions')(page);
    expect(text).not.toContain('secret');
    expect(text).toBe(zodWay(page));
  });

  it('refuses an answer that lacks a required field', () => {
    const { PatientName: _left, ...incomplete } = session;
    expect(() =>
      compile('/api/sessions')({ sessions: [incomplete], deleted: [], serverTime: 'x', nextCursor: null }),
    ).toThrow();
  });
});
