import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as analyserModule from '#server/analysis/sessionAnalyser';
import { apiClient, type Session } from './support/client.ts';
import { logInEveryRole } from './support/scope.ts';
import { addSessionWith, addStagedSession, newUploadId, sessionBody, stage } from './support/sessionFlows.ts';
import { filesOnDisk, metricsText, sessionState, tempDataDir, walk } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';
import { tusCreate, tusSend } from './support/tus.ts';

/**
 * Every key the analysis worker was given (each is one whole read and one parse), every whole read of storage, and
 * every file written to it.
 */
const seen = vi.hoisted(() => ({ analysed: [] as string[], readWhole: [] as string[], written: [] as string[] }));

vi.mock('#server/analysis/sessionAnalyser', async (original) => {
  const actual = await original<typeof analyserModule>();
  return {
    ...actual,
    createSessionAnalyser: (options: Parameters<typeof actual.createSessionAnalyser>[0]) => {
      const analyser = actual.createSessionAnalyser(options);
      return {
        ...analyser,
        analyse: (file: { key: string; size: number }) => {
          seen.analysed.push(file.key);
          return analyser.analyse(file);
        },
      };
    },
  };
});

vi.mock('#server/storage/openStorage', async (original) =>
  (await import('./support/countingStorage.ts')).countingStorage(await original(), seen.readWhole, seen.written),
);

const trc = readFileSync(new URL('../fixtures/formats/opencap-walk.trc', import.meta.url));

/**
 * An upload goes through one pipeline (docs/design.md, Pipelines): received → checked against the caller's scope →
 * inspected and converted once, in the worker → stored → committed. What the inspection made is kept with the
 * staged file, so committing it reads and parses nothing again.
 */
describe.each(DATABASE_KINDS)('the upload pipeline (%s)', (kind) => {
  let t: TestApp;
  let admin: Session, patient: Session, clinician: Session;
  let sessionNumber = 400;
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir() });
    ({ admin, patient, clinician } = await logInEveryRole(apiClient(t.app)));
  });
  afterAll(() => t.close());
  beforeEach(() => {
    seen.analysed.length = 0;
    seen.readWhole.length = 0;
    seen.written.length = 0;
  });

  const body = (options: Record<string, unknown>) =>
    sessionBody(patient.id, clinician.id, { SessionNumber: ++sessionNumber, ...options });
  const filesOf = async (subSessionId: unknown) =>
    ((await sessionState(t)).files as { sub_session_id: string; kind: string; storage_key: string }[]).filter(
      (f) => f.sub_session_id === subSessionId,
    );

  it('reads and parses a recording of another format once, from sendFile to addSession', async () => {
    const added = await addSessionWith(
      t,
      admin,
      [{ body: trc, type: 'text/plain' }],
      body({ FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
    );
    expect(added.status).toBe(200);
    const files = await filesOf(added.body.SubSessionID);
    expect(files.map((f) => f.kind).sort()).toEqual(['gaitMetrics', 'jointData', 'originalRecording']);
    const original = files.find((f) => f.kind === 'originalRecording')?.storage_key;
    expect(seen.analysed).toEqual([original]);
    expect(seen.readWhole).toEqual([]);
  });

  it('reads each file of a resumable upload once, and keeps the uploaded metrics over the computed ones', async () => {
    const uploadId = newUploadId();
    const joints = Buffer.from(walk(9).text);
    const created = await tusCreate(t, admin.token, joints.length, { FileUploadID: uploadId, FileName: 'walk.json' });
    expect((await tusSend(t, admin.token, created.url, joints, 0, 64 * 1024)).status).toBe(200);
    expect((await stage(t, admin, uploadId, { body: metricsText(1.05), type: 'application/json' })).status).toBe(200);
    const added = await addStagedSession(
      t,
      admin,
      body({ FileUploadTypeOptions: 'SharedFormat', FileUploadID: uploadId }),
    );
    expect(added.status).toBe(200);
    const files = await filesOf(added.body.SubSessionID);
    expect(files.map((f) => f.kind).sort()).toEqual(['gaitMetrics', 'jointData']);
    expect(seen.analysed.sort()).toEqual(files.map((f) => f.storage_key).sort());
    expect(seen.readWhole).toEqual([]);
    // The metrics computed when the joint data arrived gave way to the uploaded ones and left the disk with the commit.
    const onDisk = filesOnDisk(t.deps.config.storage.dir);
    const staged = (await sessionState(t)).staged as unknown[];
    expect(staged).toEqual([]);
    expect(onDisk.filter((name) => !name.endsWith('.part')).length).toBe(
      ((await sessionState(t)).files as unknown[]).length,
    );
  });

  it('replaces a file from staging without reading it again', async () => {
    const added = await addSessionWith(
      t,
      admin,
      [{ body: walk(3).text, type: 'application/json' }],
      body({ FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
    );
    const uploadId = newUploadId();
    expect((await stage(t, admin, uploadId, { body: trc, type: 'text/plain' })).status).toBe(200);
    seen.analysed.length = 0;
    const replaced = await t.app.inject({
      method: 'POST',
      url: `/api/uploadSessionFile?UserType=admin&SessionID=${String(added.body.SessionID)}&SubSessionID=${String(added.body.SubSessionID)}&SessionFileType=${encodeURIComponent('Joint Data File')}&FileUploadID=${uploadId}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(replaced.statusCode).toBe(200);
    expect((await filesOf(added.body.SubSessionID)).map((f) => f.kind).sort()).toEqual([
      'gaitMetrics',
      'jointData',
      'originalRecording',
    ]);
    expect(seen.analysed).toEqual([]);
    expect(seen.readWhole).toEqual([]);
  });

  it('asks for the files again when they were staged by a version that kept nothing beside them', async () => {
    const uploadId = newUploadId();
    expect((await stage(t, admin, uploadId, { body: walk(5).text, type: 'application/json' })).status).toBe(200);
    const { db } = t.deps.database;
    await db
      .deleteFrom('upload_staging')
      .where('file_upload_id', '=', uploadId)
      .where('derived_from', 'is not', null)
      .execute();
    await db.updateTable('upload_staging').set({ origin: null }).where('file_upload_id', '=', uploadId).execute();
    const before = await sessionState(t);
    expect(
      await addStagedSession(
        t,
        admin,
        body({ FileUploadTypeOptions: 'SharedFormatJointsOnly', FileUploadID: uploadId }),
      ),
    ).toMatchObject({
      status: 409,
      body: { error: 'The files of this FileUploadID were staged before the server was updated; send them again.' },
    });
    expect(await sessionState(t)).toEqual(before);
  });

  // Only the admin may replace a session's files (docs/spec.md §6: a clinic's call is 403 before anything), and the
  // admin sees every recording: what is left to check first is that the recording exists.
  it('finds the recording before the worker looks at a body', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/uploadSessionFile?UserType=admin&SessionID=00000000-0000-4000-8000-000000000000&SubSessionID=00000000-0000-4000-8000-000000000001&SessionFileType=${encodeURIComponent('Joint Data File')}`,
      payload: walk(4).text,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    });
    expect(refused.statusCode).toBe(404);
    expect(seen.analysed).toEqual([]);
  });

  it('refuses a body of the wrong type before making anything from it', async () => {
    const added = await addSessionWith(
      t,
      admin,
      [{ body: walk(3).text, type: 'application/json' }],
      body({ FileUploadTypeOptions: 'SharedFormatJointsOnly' }),
    );
    const before = await filesOf(added.body.SubSessionID);
    seen.written.length = 0;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/uploadSessionFile?UserType=admin&SessionID=${String(added.body.SessionID)}&SubSessionID=${String(added.body.SubSessionID)}&SessionFileType=${encodeURIComponent('Gait Metrics File')}`,
      payload: trc,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/plain' },
    });
    expect(refused.json()).toEqual({ error: 'The file is a recording, not a gait metrics file.' });
    // The body itself was streamed to storage before its content was known; the joint data and metrics the worker
    // made from it were not written.
    expect(seen.written).toHaveLength(1);
    expect(await filesOf(added.body.SubSessionID)).toEqual(before);
  });
});
