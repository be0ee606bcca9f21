import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { addPatientSchema } from '../records/patientSchemas.ts';
import type { Patient } from '../records/patient.ts';
import type { Answer, CallDefinition } from './call.ts';
import { API_CALLS, type Body, type IdempotentCall, type Reply } from './calls.ts';
import { fileBody } from './sessionCalls.ts';

const calls = Object.entries(API_CALLS).map(([name, call]): [string, CallDefinition] => [name, call]);
const statuses = (call: CallDefinition) => Object.keys(call.answers).map(Number);

describe('the call map', () => {
  it('names each call once and serves each method and path once', () => {
    const routes = calls.map(([, call]) => `${call.method} ${call.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('gives every call a summary, a tag and a success answer', () => {
    for (const [name, call] of calls) {
      expect(call.summary, name).not.toBe('');
      expect(call.tag, name).not.toBe('');
      expect(
        statuses(call).some((status) => status >= 200 && status < 300),
        name,
      ).toBe(true);
    }
  });

  it('lets every call that needs a token answer 401 and 403, and every call 500', () => {
    for (const [name, call] of calls) {
      expect(statuses(call), name).toContain(500);
      if (call.access !== 'public') expect(statuses(call), name).toEqual(expect.arrayContaining([400, 401, 403]));
    }
  });

  it('gives every call that takes input a 400, and every call with a JSON body a 415', () => {
    for (const [name, call] of calls) {
      if (call.query ?? call.params ?? call.body ?? call.headers) expect(statuses(call), name).toContain(400);
      const jsonBody = call.body !== undefined && call.body !== fileBody && call.consumes === undefined;
      if (jsonBody && !name.endsWith('Logout')) expect(statuses(call), name).toContain(415);
    }
  });

  it('marks each idempotent call: it reads the Idempotency-Key header, may answer 409, and says when it replays', () => {
    for (const [name, call] of calls.filter(([, c]) => c.idempotent === true)) {
      expect(Object.keys(call.headers?.shape ?? {}), name).toContain('idempotency-key');
      expect(statuses(call), name).toContain(409);
      const done: Answer | undefined = call.answers[200] ?? call.answers[201];
      expect(Object.keys(done?.headers ?? {}), name).toContain('Idempotent-Replayed');
    }
  });

  it('refuses an Idempotency-Key that could smuggle anything into a query or a log', () => {
    const headers = API_CALLS.addPatient.headers;
    expect(headers.safeParse({ 'idempotency-key': crypto.randomUUID() }).success).toBe(true);
    expect(headers.safeParse({ 'idempotency-key': "x'; drop table--" }).error?.issues[0]?.message).toBe(
      'Idempotency-Key must be 8 to 100 letters, digits, - or _',
    );
  });

  it('types a call by its schemas: the client sends Body<K> and reads Reply<K>', () => {
    // Compile-time checks (tsc -b): a wrong body or answer field does not compile.
    const body: Body<'addPatient'> = { ID: 'P-1', DOB: '1980-01-01', Height: 170, Weight: 70 };
    const sameAsForm: z.input<typeof addPatientSchema> = body;
    const answer: Reply<'patient'> = { patients: [] };
    const record: Patient[] = answer.patients;
    const queued: IdempotentCall[] = ['addPatient', 'removeClinician', 'sendFile'];
    // @ts-expect-error -- a read is not a queued change
    const notQueued: IdempotentCall = 'patients';
    expect([sameAsForm, record, queued, notQueued]).toHaveLength(4);
    expect(z.toJSONSchema(API_CALLS.patients.answers[200].json, { io: 'output' })).toMatchObject({ type: 'object' });
  });
});
