import type { Session } from './client.ts';
import { sendRaw } from './sessions.ts';
import type { TestApp } from './testApp.ts';

export type UploadFile = { body: Buffer | string; type: string; query?: string };

let uploads = 0;
/** A FileUploadID as the client makes it: the time plus a random number (docs/spec.md §7). */
export const newUploadId = () => `${String(Date.now())}-${String(++uploads)}${String(Math.floor(Math.random() * 1e6))}`;

/** A valid Add Session body; tests change one field at a time. */
export function sessionBody(
  patientId: string,
  clinicianId: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    SessionNumber: 1,
    SubSessionNumber: 1,
    UniquePatientID: patientId,
    ClinicianID: clinicianId,
    TestID: 'T01',
    DateTime: '2026-03-04T09:15:00.000Z',
    FileUploadTypeOptions: 'None',
    VideoUploadTypeOptions: 'None',
    ...overrides,
  };
}

export async function stage(t: TestApp, admin: Session, uploadId: string, file: UploadFile) {
  return sendRaw(
    t,
    `/api/addSession/sendFile?UserType=admin&FileUploadID=${uploadId}${file.query ?? ''}`,
    file.body,
    file.type,
    admin.token,
  );
}

/** Sends the files under one FileUploadID, then adds the session with them, as the Add Session dialog does. */
export async function addSessionWith(t: TestApp, admin: Session, files: UploadFile[], body: Record<string, unknown>) {
  const uploadId = newUploadId();
  for (const file of files) {
    const sent = await stage(t, admin, uploadId, file);
    if (sent.status !== 200) throw new Error(`sendFile failed: ${String(sent.status)} ${JSON.stringify(sent.body)}`);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/addSession',
    payload: { ...body, FileUploadID: uploadId },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  return { status: res.statusCode, body: JSON.parse(res.payload) as Record<string, unknown> };
}
