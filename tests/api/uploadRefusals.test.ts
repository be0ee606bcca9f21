import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from './support/client.ts';
import { filesOnDisk, tempDataDir } from './support/sessions.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './support/testApp.ts';

type Answer = { status: number; body: string };

/**
 * Sends a body in chunks over a real socket, with no Content-Length (Transfer-Encoding: chunked), as a client
 * streaming a file it does not know the size of. inject() cannot show this: the refusal happens mid-stream.
 */
function sendChunked(port: number, path: string, token: string, chunks: number, chunkBytes: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'text/plain', authorization: `Bearer ${token}` },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    let sent = 0;
    const more = () => {
      // The server may answer and close while we still write: stop writing then, as a real client would.
      while (sent < chunks && !request.destroyed) {
        sent += 1;
        if (!request.write(Buffer.alloc(chunkBytes, 0x41))) {
          request.once('drain', more);
          return;
        }
      }
      request.end();
    };
    more();
  });
}

describe.each(DATABASE_KINDS)('an oversized upload without Content-Length (%s)', (kind) => {
  let t: TestApp;
  let admin: Session;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_DIR: tempDataDir(), MAX_TEXT_UPLOAD_BYTES: String(1024 * 1024) });
    admin = await apiClient(t.app).login('admin');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers 413, keeps nothing and is audited like any refusal', async () => {
    const answer = await sendChunked(
      port,
      '/api/addSession/sendFile?UserType=admin&FileUploadID=chunked-1',
      admin.token,
      48,
      64 * 1024,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: 'The file is too large: a text file may be at most 1 MiB.' });
    expect(filesOnDisk(t.deps.config.storage.dir)).toEqual([]);
    const rows = await t.deps.database.db
      .selectFrom('audit_log')
      .select(['outcome', 'address'])
      .where('action', '=', 'session.sendFile')
      .where('target', '=', 'upload:chunked-1')
      .execute();
    expect(rows).toEqual([{ outcome: 'failure', address: '127.0.0.1' }]);
    // The server is none the worse: the next call is answered as usual.
    expect((await apiClient(t.app).get('/api/tests', admin.token)).status).toBe(200);
  });
});
