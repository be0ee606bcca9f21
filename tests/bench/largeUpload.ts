import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FIRST_PATCH_BYTES, nextPatchBytes } from '../../src/app/lib/mirror/patchSize.ts';
import { serializeJointData } from '#shared/gait/jointDataFile';
import { walk } from '../api/support/sessions.ts';
import { startBenchServer } from './benchServer.ts';
import { benchRow } from './table.ts';

const PORT = Number(process.env.BENCH_SERVER_PORT ?? 8193);
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

/**
 * CPU seconds the process has used (user + system, all its threads), from /proc/<pid>/stat; with `mainThread`, only
 * its main thread's (the event loop; the rest is libuv's thread pool writing to disk, V8's helpers and workers).
 */
const cpuSeconds = (pid: number, mainThread = false) => {
  const stat = mainThread ? `/proc/${String(pid)}/task/${String(pid)}/stat` : `/proc/${String(pid)}/stat`;
  const fields = fs.readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
};
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim()) || 100;

async function logIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/adminLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo-admin', password: 'Demo-Gait-2026' }),
  });
  const body = (await res.json()) as { Data: { AccessToken: string } };
  return body.Data.AccessToken;
}

type Answer = { status: number; headers: http.IncomingHttpHeaders };

/** Sends `source` as the body of a request and resolves with the status and the answer's headers. */
function send(url: string, method: string, headers: Record<string, string>, source?: Readable): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    request.on('error', reject);
    if (source === undefined) request.end();
    else source.pipe(request);
  });
}

const sendFileUpload = (url: string, token: string, file: string) =>
  send(
    `${url}/api/addSession/sendFile?UserType=admin&FileUploadID=bench-${String(Date.now())}&VideoKind=Unblurred`,
    'POST',
    { 'content-type': 'video/mp4', authorization: `Bearer ${token}` },
    fs.createReadStream(file),
  );

/**
 * tus: the upload created, then PATCH after PATCH, each waiting for the server's answer (and so for its fsync) before
 * the next: the first of `first` bytes, each after it sized by `next` from the last one's size and time. As the app
 * sends it (src/app/lib/mirror/outboxUpload.ts) with its own FIRST_PATCH_BYTES and nextPatchBytes; as tus-js-client
 * sends it by default with one PATCH of the whole file (the app does not).
 */
async function tusPatches(
  url: string,
  token: string,
  file: string,
  first: number,
  next: (bytes: number, ms: number) => number,
) {
  const size = fs.statSync(file).size;
  const meta = (value: string) => Buffer.from(value).toString('base64');
  const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await send(`${url}/api/uploads`, 'POST', {
    ...auth,
    'upload-length': String(size),
    'upload-metadata': `FileUploadID ${meta(`bench-tus-${String(Date.now())}`)},FileName ${meta('walk.mp4')},VideoKind ${meta('Unblurred')}`,
  });
  let answer = created;
  const sizes: number[] = [];
  for (let offset = 0, patchBytes = first; offset < size; offset += sizes.at(-1) ?? 0) {
    const end = Math.min(size, offset + patchBytes);
    sizes.push(end - offset);
    const start = performance.now();
    answer = await send(
      `${url}${String(created.headers.location)}`,
      'PATCH',
      {
        ...auth,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
      fs.createReadStream(file, { start: offset, end: end - 1 }),
    );
    if (answer.status !== 204 && answer.status !== 200) break;
    patchBytes = next(patchBytes, performance.now() - start);
  }
  return {
    ...answer,
    note: `${String(sizes.length)} PATCH${sizes.length === 1 ? '' : 'es'}, the largest ${(Math.max(...sizes) / 2 ** 20).toFixed(0)} MiB`,
  };
}

/** The longest round trip of /healthz asked one after another while `work` runs (the server's event loop delay). */
async function longestHealthz(url: string, work: Promise<unknown>): Promise<number> {
  let done = false;
  void work.finally(() => (done = true));
  let longest = 0;
  do {
    const start = performance.now();
    await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
    longest = Math.max(longest, performance.now() - start);
  } while (!done);
  return longest;
}

/** A long valid joint data recording (about 43 MB), as tests/api/largeUpload.test.ts sends. */
function longRecording(): string {
  const bout = walk(7, 20).recording.bouts[0];
  if (bout === undefined) throw new Error('the walk has no bout');
  const bouts = Array.from({ length: 120 }, (_, k) => ({
    times: bout.times.map((t) => t + k * 25),
    positions: bout.positions,
  }));
  return serializeJointData({ bouts });
}

/**
 * cp + sync of the source next to it, in another process: what the disk gives a plain file copy right now. The
 * shell's `times` prints the CPU its children used (user, system), so the copy's CPU stands beside the server's.
 */
function plainCopy(source: string): { seconds: number; cpu: number } {
  const target = path.join(path.dirname(source), 'copy.mp4');
  const start = performance.now();
  const copied = spawnSync('sh', ['-c', 'cp "$0" "$1" && sync "$1" && times', source, target]);
  const seconds = (performance.now() - start) / 1000;
  fs.rmSync(target, { force: true });
  if (copied.status !== 0) throw new Error(`cp failed: ${copied.stderr.toString()}`);
  // The second line of `times` is the children's: "0m0.010000s 0m0.460000s".
  const children = copied.stdout.toString().trim().split('\n')[1] ?? '';
  const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
  return { seconds, cpu };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * A 1 GiB video sent with sendFile and with tus, against a plain file copy of the same bytes (cp and sync in another
 * process) with the server running, so that both see the same disk, cache and load. On a virtual machine one copy
 * can take twice as long as the next (its memory is reclaimed behind it), so the baseline is the median of three
 * copies taken before, between and after the uploads. Also the server's memory growth, and how long the server's event loop goes without a turn (the slowest
 * /healthz) while a 43 MB joint data file is analysed, against an idle server.
 */
export async function benchLargeUpload(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gait-copy-'));
  const source = path.join(dir, 'walk.mp4');
  await pipeline(mp4Stream(), fs.createWriteStream(source, { flush: true }));
  const gib = fs.statSync(source).size / 1024 ** 3;
  const rate = (seconds: number) => `${((gib * 1024) / seconds).toFixed(0)} MiB/s`;

  const server = await startBenchServer(PORT);
  try {
    const token = await logIn(server.url);
    const copies = [plainCopy(source)];
    const uploads: { name: string; seconds: number; status: number; growthMb: number; judged: boolean }[] = [];
    // The rows judged are the two ways the product takes a file; the others are printed for comparison.
    const kinds: [
      string,
      (url: string, token: string, file: string) => Promise<Answer & { note?: string }>,
      boolean,
    ][] = [
      ['sendFile', sendFileUpload, true],
      ['tus as the app sends it', (u, t, f) => tusPatches(u, t, f, FIRST_PATCH_BYTES, nextPatchBytes), true],
      ['tus, one PATCH (tus-js-client by default)', (u, t, f) => tusPatches(u, t, f, Infinity, (b) => b), false],
      [
        'tus, 1 MiB PATCHes (the app before 0.19)',
        (u, t, f) => tusPatches(u, t, f, FIRST_PATCH_BYTES, (b) => b),
        false,
      ],
    ];
    for (const [name, upload, judged] of kinds) {
      const before = rssMb(server.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 25);
      const start = performance.now();
      const cpuBefore = cpuSeconds(server.pid);
      const mainBefore = cpuSeconds(server.pid, true);
      const answer = await upload(server.url, token, source);
      const seconds = (performance.now() - start) / 1000;
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      const mainCpu = cpuSeconds(server.pid, true) - mainBefore;
      clearInterval(sampler);
      const note = answer.note === undefined ? '' : `; ${answer.note}`;
      console.log(`${name}: HTTP ${String(answer.status)} in ${seconds.toFixed(2)} s (${rate(seconds)})${note}`);
      // CPU time moves less with the load of a shared machine than the wall clock: it is what the server spent.
      console.log(
        `  server CPU time ${cpu.toFixed(2)} s (user + system, all threads), of which the event loop's thread ${mainCpu.toFixed(2)} s`,
      );
      console.log(`  server memory growth ${(peak - before).toFixed(0)} MB (budget ${String(MEMORY_BUDGET_MB)} MB)`);
      uploads.push({ name, seconds, status: answer.status, growthMb: peak - before, judged });
      copies.push(plainCopy(source));
    }
    const copySeconds = median(copies.map((c) => c.seconds));
    console.log(
      `baseline, cp + sync (median of ${String(copies.length)}, before, between and after the uploads): ${copySeconds.toFixed(2)} s (${rate(copySeconds)}) [${copies.map((c) => c.seconds.toFixed(2)).join(', ')}]; the copies' CPU [${copies.map((c) => c.cpu.toFixed(2)).join(', ')}] s (cp + sync; the kernel's writeback threads are counted in neither)`,
    );
    for (const upload of uploads) {
      const ratio = copySeconds / upload.seconds;
      console.log(`${upload.name}: ratio throughput upload/copy ${ratio.toFixed(2)} (goal ≥ 0.8)`);
      if (!upload.judged) continue;
      benchRow({
        measure: '1 GiB upload vs plain file copy',
        measured: `${upload.name}: ${upload.seconds.toFixed(2)} s, +${upload.growthMb.toFixed(0)} MB server memory`,
        baseline: `cp + sync ${copySeconds.toFixed(2)} s (median of ${String(copies.length)})`,
        ratio: `${ratio.toFixed(2)}×`,
        met: upload.status === 200 && ratio >= 0.8 && upload.growthMb <= MEMORY_BUDGET_MB,
      });
    }

    const idle = await longestHealthz(server.url, new Promise((resolve) => setTimeout(resolve, 2000)));
    const text = longRecording();
    const busy = await longestHealthz(
      server.url,
      send(
        `${server.url}/api/addSession/sendFile?UserType=admin&FileUploadID=bench-joints-${String(Date.now())}`,
        'POST',
        { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        Readable.from([Buffer.from(text)]),
      ),
    );
    console.log(
      `slowest /healthz while a ${(text.length / 1e6).toFixed(0)} MB joint data file is analysed: ${busy.toFixed(0)} ms; idle: ${idle.toFixed(0)} ms; ratio ${(busy / idle).toFixed(1)} (parsed on the event loop it was 420–530 ms)`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
