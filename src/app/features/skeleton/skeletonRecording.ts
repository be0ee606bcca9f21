import type { ReadRecording } from '#shared/formats/convertRecording';
import { FORMAT_NAMES, type ImportFormat } from '#shared/formats/importedRecording';
import { kinectV1Skeleton } from '#shared/formats/kinectV1Skeleton';
import { recogniseFormat } from '#shared/formats/recogniseFormat';
import type { GaitEvents } from '#shared/gait/gaitResult';
import { parseJointDataBytes, parseScannedJointData, type JointRecording } from '#shared/gait/jointDataFile';
import type { PlateEvent } from '#shared/gait/plateEvents';
import { storedEvents, type StoredBoutEvents } from '#shared/gait/storedEvents';
import { ArrivingFile } from './arrivingFile.ts';
import { figureShape, type FigureShape } from './skeletonJoints.ts';
import { bodyScale, holdUntrackedJoints, measureBody, pelvisCentre, type SceneTransform } from './skeletonScale.ts';

/** One walking bout ("Step" of the joint data file), ready to draw. */
export type SkeletonWalk = {
  /** Seconds since the start of the recording. */
  times: Float64Array;
  /**
   * The engine's 20 joints in metres, untracked joints held (holdUntrackedJoints): frame f, joint j, axis a at
   * f * 60 + j * 3 + a.
   */
  positions: Float32Array;
  /**
   * The file's own skeleton (FigureShape.jointCount joints per frame) at its own frame times, likewise: what is
   * drawn. For a joint data file these are the arrays above.
   */
  figure: { times: Float64Array; positions: Float32Array };
  /** Metres to scene units for both, applied to each drawn pose (writePose): the engine body's scale, floor, centre. */
  scene: SceneTransform;
  /** Heel strikes and toe offs (the stored analysis's, or the engine's), or why there are none for this walk. */
  events: GaitEvents | null;
  eventsNote: string | null;
  /** The trial's force plate events within this walk (C3D trials with plates); empty for other recordings. */
  plateEvents: PlateEvent[];
};

export type SkeletonRecording = {
  walks: SkeletonWalk[];
  /** Metres the drawn body stands for, as measured (for the scale note). */
  bodyHeightM: number;
  shape: FigureShape;
  /** The format the file was recorded in, as named to users. */
  format: ImportFormat;
  formatName: string;
};

export type PreparedRecording =
  | {
      ok: true;
      recording: SkeletonRecording;
      parseMs: number;
      analysisMs: number;
      /** Where the events came from: the metrics file stored at upload, or the engine run here. */
      eventsFrom: 'stored' | 'engine';
      /** Milliseconds the worker scanned the file's pieces as they downloaded, before the last came (not in parseMs). */
      scannedWhileDownloadingMs: number;
      /** When the preparation started and ended, in milliseconds since the epoch (comparable across threads). */
      startedAt: number;
      finishedAt: number;
    }
  | { ok: false; error: string };

/**
 * What the worker does with the downloaded file, any recording format the portal reads (recognised by content):
 * read it as the server converted it at upload (readRecording), take the gait events, hold untracked joints, and
 * measure the engine body's scale, floor and centre, which each drawn pose is taken to scene units with (the file's
 * own skeleton too). The events are those of the metrics file the server stored from the same joint data at upload
 * (`metricsText`) when it is the running engine's; only without one does the worker run the engine (unless `events`
 * is false: the worker's warm-up). A gait engine failure leaves playback working.
 *
 * The other formats' importers and the gait engine are loaded only when a file needs them (a joint data file with
 * its stored metrics needs neither), so that the worker's own code is small and starts sooner. `file` is the whole
 * file's bytes, or the file as it downloaded, whose joint data frames were mostly read as they came.
 */
export async function prepareRecording(
  file: Uint8Array | ArrivingFile,
  metricsText: string | null = null,
  { events = true }: { events?: boolean } = {},
): Promise<PreparedRecording> {
  const started = performance.now();
  const read = await readForViewer(file);
  if (!read.ok) return read;
  const parsedAt = performance.now();
  const { recording, skeleton, format } = read.read;
  const { bouts } = recording;
  const stored = metricsText === null ? null : storedEvents(metricsText, bouts.length);
  // Before the joints are held: the engine reads the recording as stored.
  const analysis =
    stored !== null ? { bouts: stored, failure: '' } : events ? await analyse(recording) : { bouts: [], failure: '' };
  const jointCount = skeleton.jointNames.length;
  const shown = new Uint8Array(jointCount);
  // The joint data file is its own skeleton: one array per bout, held once.
  const own = new Set(skeleton.bouts.map((bout) => bout.positions));
  for (const bout of skeleton.bouts) holdUntrackedJoints(bout.positions, jointCount, shown);
  for (const bout of bouts) if (!own.has(bout.positions)) holdUntrackedJoints(bout.positions);
  const shape = figureShape(skeleton, shown);
  const body = measureBody(bouts);
  const scale = bodyScale(body.heightM);
  const floorY = Number.isFinite(body.floorY) ? body.floorY : 0;
  const walks = bouts.map((bout, i): SkeletonWalk => {
    const result = analysis.bouts[i];
    const figure = skeleton.bouts[i] ?? bout;
    const drawn = { times: figure.times, positions: figure.positions };
    const scene = { scale, floorY, centre: pelvisCentre(bout.positions) };
    const [first = 0, last = 0] = [bout.times[0], bout.times[bout.times.length - 1]];
    const plateEvents = (recording.plateEvents ?? []).filter((e) => e.time >= first && e.time <= last);
    const walk = { times: bout.times, positions: bout.positions, figure: drawn, scene, plateEvents };
    if (result?.status === 'ok') return { ...walk, events: result.events, eventsNote: null };
    return { ...walk, events: null, eventsNote: result?.reason ?? analysis.failure };
  });
  return {
    ok: true,
    recording: { walks, bodyHeightM: body.heightM, shape, format, formatName: FORMAT_NAMES[format] },
    parseMs: parsedAt - started,
    analysisMs: performance.now() - parsedAt,
    eventsFrom: stored === null ? 'engine' : 'stored',
    scannedWhileDownloadingMs: file instanceof ArrivingFile ? file.scanMs : 0,
    startedAt: performance.timeOrigin + started,
    finishedAt: performance.timeOrigin + performance.now(),
  };
}

/**
 * readRecording's answer (convertRecording.ts) for the same bytes. A joint data file is read here as readRecording
 * reads it, from its bytes, without loading the other formats' importers.
 */
async function readForViewer(
  file: Uint8Array | ArrivingFile,
): Promise<{ ok: true; read: ReadRecording } | { ok: false; error: string }> {
  // Bouts scanned as the file came: it opens with {"Steps": and holds nothing but the usual layout's keys and
  // numbers, which recogniseFormat calls a joint data file too.
  const scanned = file instanceof ArrivingFile ? file.scannedBouts() : undefined;
  const bytes = file instanceof ArrivingFile ? file.bytes() : file;
  if (scanned === undefined) {
    const recognised = recogniseFormat(bytes);
    if (!recognised.ok) return recognised;
    if (recognised.format !== 'jointData') {
      const { readRecording } = await import('#shared/formats/convertRecording');
      return readRecording(bytes);
    }
  }
  const parsed = scanned === undefined ? parseJointDataBytes(bytes) : parseScannedJointData(scanned);
  if (!parsed.ok) return parsed;
  const { recording } = parsed;
  return { ok: true, read: { format: 'jointData', recording, skeleton: kinectV1Skeleton(recording) } };
}

/** The events only: the viewer draws no joint angles, so the engine leaves them out (the same events, sooner). */
async function analyse(recording: JointRecording): Promise<{ bouts: readonly StoredBoutEvents[]; failure: string }> {
  try {
    const { computeGaitMetrics } = await import('#shared/gait/gaitMetrics');
    const { bouts } = computeGaitMetrics(recording, { jointAngles: false });
    return { bouts, failure: 'Gait events could not be computed.' };
  } catch {
    return { bouts: [], failure: 'Gait events could not be computed for this recording.' };
  }
}

/** The typed arrays to hand over without copying (postMessage transfer list), each buffer once. */
export function transferables(recording: SkeletonRecording): ArrayBuffer[] {
  const buffers = recording.walks.flatMap((walk) => [
    walk.times.buffer,
    walk.positions.buffer,
    walk.figure.times.buffer,
    walk.figure.positions.buffer,
  ]);
  const { shape } = recording;
  buffers.push(shape.shown.buffer, shape.boneJoints.buffer);
  return [...new Set(buffers)].filter((b) => b instanceof ArrayBuffer);
}
