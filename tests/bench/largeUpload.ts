import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { startBenchServer } from './benchServer.ts';

const PORT = 8193;
const MEDIA_BYTES = 1024 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 7);
/** docs/design.md budgets: server memory grows at most 64 MB; throughput at least 0.8× a plain file copy. */
const MEMORY_BUDGET_MB = 64;

const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

/** A 1 GiB MP4 (ftyp, moov, then the media data) streamed from one reused 1 MiB buffer. */
function mp4Stream(): Readable {
  const ftyp = box(
    'ftyp',
    Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.alloc(4), Buffer.from('isommp41', 'latin1')]),
  );
  const moov = box('moov', box('mvhd', Buffer.alloc(100)));
  const mdatHead = Buffer.alloc(8);
  mdatHead.writeUInt32BE(8 + MEDIA_BYTES);
  mdatHead.write('mdat', 4, 'latin1');
  return Readable.from(
    (function* () {
      yield Buffer.concat([ftyp, moov, mdatHead]);
      for (let sent = 0; sent < MEDIA_BYTES; sent += CHUNK.length) yield CHUNK;
    })(),
  );
}

const rssMb = (pid: number) => {
  const line = fs
    .readFileSync(`/proc/${String(pid)}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D/g, '') ?? 0) / 1024;
};

async function logIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/adminLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo-admin', password: 'Demo-Gait-2026' }),
  });
  const body = (await res.json()) as { Data: { AccessToken: string } };
  return body.Data.AccessToken;
}

function upload(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/api/addSession/sendFile?UserType=admin&FileUploadID=bench-${String(Date.now())}&VideoKind=Unblurred`,
      {
        method: 'POST',
        headers: { 'content-type': 'video/mp4', authorization: `Bearer ${token}` },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    mp4Stream().pipe(request);
  });
}

/** Streams a 1 GiB video to addSession/sendFile: the server's peak memory growth and its throughput against a plain file copy. */
export async function benchLargeUpload(): Promise<void> {
  const copyTarget = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gait-copy-')), 'copy.mp4');
  const copyStart = performance.now();
  await pipeline(mp4Stream(), fs.createWriteStream(copyTarget, { flush: true }));
  const copySeconds = (performance.now() - copyStart) / 1000;
  fs.rmSync(path.dirname(copyTarget), { recursive: true, force: true });

  const server = await startBenchServer(PORT);
  try {
    const token = await logIn(server.url);
    const before = rssMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 25);
    const start = performance.now();
    const status = await upload(server.url, token);
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    const gib = MEDIA_BYTES / 1024 ** 3;
    console.log(
      `upload of a 1 GiB video: HTTP ${String(status)} in ${seconds.toFixed(2)} s (${((gib * 1024) / seconds).toFixed(0)} MiB/s)`,
    );
    console.log(
      `server memory: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, growth ${(peak - before).toFixed(0)} MB (budget ${String(MEMORY_BUDGET_MB)} MB)`,
    );
    console.log(
      `baseline, plain streamed file copy of the same bytes: ${copySeconds.toFixed(2)} s (${((gib * 1024) / copySeconds).toFixed(0)} MiB/s)`,
    );
    console.log(`ratio throughput upload/copy: ${(copySeconds / seconds).toFixed(2)} (budget ≥ 0.8)`);
  } finally {
    await server.stop();
  }
}
