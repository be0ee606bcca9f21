import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cuttingProxy } from './support/cuttingProxy.ts';
import { apiClient, type Session } from './support/client.ts';
import { addStagedSession, newUploadId, sessionBody, storedVideo } from './support/sessionFlows.ts';
import { mp4Container, tempDataDir } from './support/sessions.ts';
import { freshBucket, objectsIn } from './support/storageKinds.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Bucket = Awaited<ReturnType<typeof freshBucket>>;

/** Every file under a folder, by its path below it. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(dir, f)).isFile())
    : [];

const STORES = ['local', 's3'] as const;

// A stock tus client (tus-js-client, from Node) uploads through a real socket, is cut off, and resumes.
describe.each(DATABASE_KINDS.flatMap((db) => STORES.map((store) => [db, store] as const)))(
  'tus-js-client uploads (%s, %s store)',
  (kind, store) => {
    let t: TestApp;
    let bucket: Bucket | undefined;
    let admin: Session;
    let endpoint: string;
    let port: number;
    let dataDir: string;
    beforeAll(async () => {
      bucket = store === 's3' ? await freshBucket() : undefined;
      dataDir = tempDataDir();
      t = await startTestApp(kind, { DATA_DIR: dataDir, ...(bucket?.env ?? {}) });
      admin = await apiClient(t.app).login('admin');
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      port = address.port;
      endpoint = `http://127.0.0.1:${String(port)}/api/uploads`;
    });
    afterAll(async () => {
      await t.close();
      await bucket?.drop();
    });

    it('uploads a video, is cut off mid-PATCH, resumes from the offset HEAD gives, and the file is staged', async () => {
      const video = mp4Container(12 * 2 ** 20);
      const fileUploadId = newUploadId();
      const options = () => ({
        endpoint,
        headers: { Authorization: `Bearer ${admin.token}` },
        metadata: { FileUploadID: fileUploadId, FileName: 'walk.mp4', VideoKind: 'Unblurred' },
        retryDelays: null,
        storeFingerprintForResuming: false,
      });

      // First try: one PATCH for the whole file, through a connection that drops after 60% of it.
      const proxy = await cuttingProxy(port);
      const first = new tus.Upload(video, {
        ...options(),
        endpoint: `http://127.0.0.1:${String(proxy.port)}/api/uploads`,
        onUploadUrlAvailable: () => proxy.cutAfter(Math.floor(video.length * 0.6)),
      });
      const failure = await new Promise<Error>((resolve, reject) => {
        first.options.onError = resolve;
        first.options.onSuccess = () => reject(new Error('The cut upload finished'));
        first.start();
      });
      await proxy.close();
      expect(failure.message).toMatch(/PATCH/);
      const url = first.url?.replace(`:${String(proxy.port)}/`, `:${String(port)}/`);
      expect(url).toMatch(/\/api\/uploads\/[0-9a-f]{32}$/);

      if (bucket !== undefined) {
        // With S3 the upload's bytes are in the bucket, none under the instance's data folder.
        expect(filesUnder(path.join(dataDir, 'files'))).toEqual([]);
        await expect.poll(async () => (await objectsIn(bucket?.settings ?? never())).join()).toContain('uploads/');
      }

      // Second try: a new client resumes the same upload; its first PATCH starts where HEAD said the server stands.
      const offsets: number[] = [];
      let heard = -1;
      const answer = await new Promise<string>((resolve, reject) => {
        const resumed = new tus.Upload(video, {
          ...options(),
          uploadUrl: url,
          onAfterResponse: (request, response) => {
            if (request.getMethod() === 'HEAD') heard = Number(response.getHeader('Upload-Offset'));
            if (request.getMethod() === 'PATCH') offsets.push(Number(request.getHeader('Upload-Offset')));
          },
          onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
          onError: reject,
        });
        resumed.start();
      });
      expect(heard).toBeGreaterThan(0);
      expect(offsets[0]).toBe(heard);
      expect(JSON.parse(answer)).toMatchObject({ complete: true, Kind: 'video', FileUploadID: fileUploadId });

      const api = apiClient(t.app);
      const [patient, clinician] = await Promise.all([api.login('patient'), api.login('clinician')]);
      const added = await addStagedSession(
        t,
        admin,
        sessionBody(patient.id, clinician.id, {
          SessionNumber: 77,
          FileUploadID: fileUploadId,
          VideoUploadTypeOptions: 'Unblurred',
        }),
      );
      expect(added.status).toBe(200);
      const stored = await storedVideo(t, admin.token, added.body);
      expect(stored.raw.equals(video)).toBe(true);
      // The stored SHA-256 (the ETag) is the content's, whether counted as the bytes arrived or read back after the cut.
      expect(stored.headers.etag).toBe(`"${createHash('sha256').update(video).digest('hex')}"`);
      if (bucket !== undefined) {
        // Staged and committed: nothing of the upload is left in the bucket either.
        expect((await objectsIn(bucket.settings)).filter((name) => name.includes('uploads/'))).toEqual([]);
      }
    });
  },
);

function never(): never {
  throw new Error('no bucket');
}
