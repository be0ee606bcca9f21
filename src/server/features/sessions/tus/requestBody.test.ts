import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestBody } from './requestBody.ts';

/** A request body as the socket gives it: a readable stream of Buffers (all requestBody reads of a request). */
const fakeRequest = () => new PassThrough() as PassThrough & IncomingMessage;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('requestBody', () => {
  it('passes the socket chunks on as they are, without copying them', async () => {
    const req = fakeRequest();
    const sent = [Buffer.alloc(65536, 1), Buffer.alloc(65536, 2), Buffer.from('end')];
    const body = requestBody(req);
    for (const chunk of sent) req.write(chunk);
    req.end();
    const got = await readAll(body);
    // The very same memory, not an equal copy.
    expect(got.length === sent.length && got.every((part, k) => part.buffer === sent[k]?.buffer)).toBe(true);
    expect(Buffer.concat(got).equals(Buffer.concat(sent))).toBe(true);
  });

  it('pauses the socket while 1 MiB waits unread, and resumes it when read', async () => {
    const req = fakeRequest();
    const body = requestBody(req);
    for (let k = 0; k < 20; k++) req.write(Buffer.alloc(65536, k));
    await new Promise((resolve) => setImmediate(resolve));
    expect(req.isPaused()).toBe(true);
    req.end();
    const got = await readAll(body);
    expect(Buffer.concat(got).length).toBe(20 * 65536);
  });

  it('errors the stream when the request is cut before its end', async () => {
    const req = fakeRequest();
    const body = requestBody(req);
    req.write(Buffer.alloc(100));
    req.destroy(new Error('aborted'));
    await expect(readAll(body)).rejects.toThrow('aborted');
  });
});
