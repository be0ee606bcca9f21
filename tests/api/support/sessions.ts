import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import { serializeJointData } from '#shared/gait/jointDataFile';
import { writeClinicFormat } from '#shared/sessions/clinicFormatWriter';
import { METRICS_FORMAT, METRICS_FORMAT_VERSION } from '#shared/gait/metricsFileSchema';
import { engineMetricsFileText } from '#shared/sessions/storedMetricsFile';
import { steadyWalk } from '../../fixtures/steadyWalk.ts';
import type { TestApp } from './testApp.ts';

type Reply = { status: number; body: Record<string, unknown>; headers: Record<string, unknown>; raw: Buffer };

/** A fresh DATA_DIR per suite, so stored files never land in the working tree. */
export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'gait-files-'));
}

/** A short deterministic walk: the joint data file text and the recording. */
export function walk(seed = 7, durationS = 8) {
  const { recording } = steadyWalk(seed, durationS);
  return { recording, text: serializeJointData(recording) };
}

/** A long valid recording: one walk repeated as many bouts, about 1.1 MiB of joint data per minute recorded. */
export function longRecording(minutes: number): string {
  const bout = walk(7, 20).recording.bouts[0];
  if (bout === undefined) throw new Error('the walk has no bout');
  const bouts = Array.from({ length: minutes * 3 }, (_, k) => ({
    times: bout.times.map((t) => t + k * 25),
    positions: bout.positions,
  }));
  return serializeJointData({ bouts });
}

/** Whether the gait engine finds metrics in the walk, i.e. whether storing its joint data also stores metrics. */
export function engineAnalyses(seed = 7): boolean {
  return engineMetricsFileText(computeGaitMetrics(walk(seed).recording), new Date()) !== undefined;
}

/** A gait metrics file (docs/metrics-file.md) as another system would send it: whole-walk metrics, no bouts. */
export function metricsText(speed = 1.21): string {
  const side = {
    StepCount: 7,
    CycleCount: 6,
    StepLength_m: 0.67,
    StrideTime_s: 1.11,
    StancePercent: 61,
    SwingPercent: 39,
    DoubleSupportPercent: 22,
    SingleSupportPercent: 39,
  };
  const session = {
    ...side,
    StepCount: 14,
    CycleCount: 12,
    Speed_m_per_s: speed,
    Cadence_steps_per_min: 108,
    Distance_m: 9.4,
    Duration_s: 7.8,
    Left: { ...side, StepLength_m: 0.66 },
    Right: { ...side, StepLength_m: 0.68 },
  };
  return JSON.stringify({
    Format: METRICS_FORMAT,
    FormatVersion: METRICS_FORMAT_VERSION,
    EngineVersion: 'Test EMR 1.0',
    Method: 'Test EMR gait analysis',
    GeneratedAt: '2026-03-02T09:30:00.000Z',
    Status: 'ok',
    Session: session,
    Bouts: [],
  });
}

export function clinicJointsText(seed = 7): string {
  return writeClinicFormat({
    metadata: [['Exported-By', 'Test EMR 1.0']],
    data: { kind: 'jointData', recording: walk(seed).recording },
  });
}

export const CLINIC_METRICS_TEXT = [
  'GaitPortal Clinic Format 1.0',
  'Content: GaitMetrics',
  'Exported-By: Test EMR 1.0',
  '',
  '[Metrics]',
  'Speed;session;1.21;m/s',
  'Cadence;session;108;steps/min',
  'StancePercent;session;61;%',
  'SwingPercent;session;39;%',
  'DoubleSupportPercent;session;22;%',
  'SingleSupportPercent;session;78;%',
  'StepLength;session;0.67;m',
  'StepCount;session;14;count',
  'Distance;session;9.4;m',
  'StepLength;left;0.66;m',
  '',
].join('\n');

const box = (type: string, body: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

/** An MP4 container structure (ftyp, moov, mdat): enough for the server's content check, not a playable video. */
export function mp4Container(mediaBytes = 1000, brand = 'isom'): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.concat([Buffer.from(brand, 'latin1'), Buffer.alloc(4), Buffer.from('isommp41', 'latin1')]),
  );
  return Buffer.concat([ftyp, box('moov', box('mvhd', Buffer.alloc(100))), box('mdat', Buffer.alloc(mediaBytes, 7))]);
}

/** The raw upload the web client sends: the file as the body, with a content type. */
export async function sendRaw(
  t: TestApp,
  url: string,
  body: Buffer | string,
  contentType: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}`, ...headers },
  });
  return {
    status: res.statusCode,
    body: res.payload.startsWith('{') ? (JSON.parse(res.payload) as Record<string, unknown>) : {},
    headers: res.headers,
    raw: res.rawPayload,
  };
}

export async function download(
  t: TestApp,
  url: string,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
  });
  const isJson =
    String(res.headers['content-type'] ?? '').startsWith('application/json') && res.payload.startsWith('{"error"');
  return {
    status: res.statusCode,
    body: isJson ? (JSON.parse(res.payload) as Record<string, unknown>) : {},
    headers: res.headers,
    raw: res.rawPayload,
  };
}

/** Everything a refused upload must leave as it was: the session rows, the staged files and the files on disk. */
export async function sessionState(t: TestApp): Promise<Record<string, unknown>> {
  const { db } = t.deps.database;
  const files = await db
    .selectFrom('session_files')
    .select(['sub_session_id', 'kind', 'storage_key'])
    .orderBy('storage_key')
    .execute();
  const staged = await db
    .selectFrom('upload_staging')
    .select(['file_upload_id', 'slot', 'storage_key'])
    .orderBy('storage_key')
    .execute();
  const subSessions = await db
    .selectFrom('sub_sessions')
    .select(['id', 'date_modified', 'deleted_at'])
    .orderBy('id')
    .execute();
  return { files, staged, subSessions, onDisk: filesOnDisk(t.deps.config.storage.dir) };
}

export function filesOnDisk(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
}
