import ky, { type Input, type Options } from 'ky';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Reply } from '#shared/api/calls';
import { callPath, getCall, postCall, sendPost, type NamedCall, type OutboxCall } from './apiCall.ts';

type Sent = { method: string; url: string; contentType: string | null; body: string };

/** A client that answers every request with `answer` and records what was sent (the app's own address prefix). */
function recordingClient(answer: unknown) {
  const sent: Sent[] = [];
  const server = ky.create({
    retry: 0,
    fetch: async (input) => {
      const request = input instanceof Request ? input : new Request(input);
      sent.push({
        method: request.method,
        url: request.url.replace('http://portal.test', ''),
        contentType: request.headers.get('content-type'),
        body: await request.text(),
      });
      return Response.json(answer);
    },
  });
  const at = (url: Input) => `http://portal.test${url instanceof Request ? url.url : url.toString()}`;
  const client = {
    get: (url: Input, options?: Options) => server.get(at(url), options),
    post: (url: Input, options?: Options) => server.post(at(url), options),
  };
  return { sent, client };
}

describe('typed calls by name', () => {
  it('sends a GET to the call’s address with its query and reads the answer the map types', async () => {
    const { sent, client } = recordingClient({ patients: [] });
    const answer = await getCall('patient', { PatientID: 'P 1', UserType: 'clinician' }, { client });
    expect(sent).toEqual([
      { method: 'GET', url: '/api/patient?PatientID=P+1&UserType=clinician', contentType: null, body: '' },
    ]);
    expect(answer.patients).toEqual([]);
    expectTypeOf(answer).toEqualTypeOf<Reply<'patient'>>();
  });

  it('leaves unset query parameters off the address', async () => {
    const { sent, client } = recordingClient({ Data: '' });
    await getCall('auditLog', { UserType: undefined }, { client });
    expect(sent[0]?.url).toBe('/api/auditLog');
  });

  it('sends a POST body as JSON, and a call that takes none (logout) with no body at all', async () => {
    const { sent, client } = recordingClient({ result: 'success' });
    await postCall('removeClinic', { ClinicID: 'c-1' }, { client });
    await sendPost('patientLogout', undefined, { client });
    expect(sent).toEqual([
      { method: 'POST', url: '/api/removeClinic', contentType: 'application/json', body: '{"ClinicID":"c-1"}' },
      { method: 'POST', url: '/api/patientLogout', contentType: null, body: '' },
    ]);
  });

  it('builds an address only for calls the map serves at /api/<name>', () => {
    expect(callPath('generate-report')).toBe('/api/generate-report');
    expectTypeOf<'sendFile'>().not.toExtend<NamedCall<'POST'>>();
    expectTypeOf<'getReport'>().not.toExtend<NamedCall<'GET'>>();
    expectTypeOf<'addPatient'>().toExtend<OutboxCall>();
    // A change that takes a file body is an upload, and a read is not a change: neither is queued as JSON.
    expectTypeOf<'uploadSessionFile'>().not.toExtend<OutboxCall>();
    expectTypeOf<'patients'>().not.toExtend<OutboxCall>();
  });

  it('does not compile a wrong call, body or query (checked by tsc -b)', () => {
    const { client } = recordingClient({});
    const wrong = [
      // @ts-expect-error -- a POST call is not a GET
      () => getCall('addPatient', undefined, { client }),
      // @ts-expect-error -- removeClinic takes ClinicID, not ClinicianID
      () => postCall('removeClinic', { ClinicianID: 'c-1' }, { client }),
      // @ts-expect-error -- the patient read needs its PatientID
      () => getCall('patient', { UserType: 'clinician' }, { client }),
      // @ts-expect-error -- no such call
      () => postCall('addPatients', {}, { client }),
    ];
    expect(wrong).toHaveLength(4);
  });
});
