import type { Session } from './client.ts';
import { download, sendRaw } from './sessions.ts';
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
  return addStagedSession(t, admin, { ...body, FileUploadID: uploadId });
}

/** Adds a session with the files already sent under the body's FileUploadID (by sendFile or tus). */
export async function addStagedSession(t: TestApp, admin: Session, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/addSession',
    payload: body,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  return { status: res.statusCode, body: JSON.parse(res.payload) as Record<string, unknown> };
}

/** The unblurred video a session stores, as its download answers it (bytes and headers, the ETag among them). */
export async function storedVideo(t: TestApp, token: string, session: Record<string, unknown>) {
  const name = `${String(session.SessionID)}_${String(session.SubSessionID)}.SessionVideoFile_MP4.mp4`;
  return download(t, `/Internal/download/sessionData/${name}`, token);
}
