import { convertRecording } from '#shared/formats/convertRecording';
import { FORMAT_NAMES, type ImportFormat } from '#shared/formats/importedRecording';
import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import type { GaitEvents } from '#shared/gait/gaitResult';
import type { JointRecording } from '#shared/gait/jointDataFile';
import { storedEvents, type StoredBoutEvents } from '#shared/gait/storedEvents';
import { figureShape, type FigureShape } from './skeletonJoints.ts';
import {
  bodyScale,
  holdUntrackedJoints,
  measureBody,
  pelvisCentre,
  toSceneUnits,
  trackedJoints,
} from './skeletonScale.ts';

/** One walking bout ("Step" of the joint data file), ready to draw. */
export type SkeletonWalk = {
  /** Seconds since the start of the recording. */
  times: Float64Array;
  /** The engine's 20 joints in scene units (see toSceneUnits): frame f, joint j, axis a at f * 60 + j * 3 + a. */
  positions: Float32Array;
  /**
   * The file's own skeleton in the same scene units (FigureShape.jointCount joints per frame) at its own frame
   * times: what is drawn. For a joint data file these are the arrays above.
   */
  figure: { times: Float64Array; positions: Float32Array };
  /** Heel strikes and toe offs (the stored analysis's, or the engine's), or why there are none for this walk. */
  events: GaitEvents | null;
  eventsNote: string | null;
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
    }
  | { ok: false; error: string };

/**
 * What the worker does with the downloaded file, any recording format the portal reads (recognised by content):
 * convert it as the server did at upload (convertRecording), take the gait events, then convert the engine's joints
 * and the file's own skeleton to scene units in place, both with the engine body's scale, floor and centre. The
 * events are those of the metrics file the server stored from the same joint data at upload (`metricsText`) when it
 * is the running engine's; only without one does the worker run the engine, in metres, before scaling (unless
 * `events` is false: the worker's warm-up). A gait engine failure leaves playback working.
 */
export function prepareRecording(
  bytes: Uint8Array,
  metricsText: string | null = null,
  { events = true }: { events?: boolean } = {},
): PreparedRecording {
  const started = performance.now();
  // The worker reads one file and ends: its code runs cold, where the native JSON.parse beats the scanner.
  const conversion = convertRecording(bytes, 'json');
  if (!conversion.ok) return { ok: false, error: conversion.error };
  const parsedAt = performance.now();
  const { recording, skeleton, format } = conversion.converted;
  const { bouts } = recording;
  const stored = metricsText === null ? null : storedEvents(metricsText, bouts.length);
  const analysis =
    stored !== null ? { bouts: stored, failure: '' } : events ? analyse(recording) : { bouts: [], failure: '' };
  const jointCount = skeleton.jointNames.length;
  const shape = figureShape(skeleton, trackedJoints(skeleton.bouts, jointCount));
  const figures = bouts.map((bout, i) => {
    const own = skeleton.bouts[i];
    // The joint data file is its own skeleton: one array, held and scaled once.
    return own === undefined || own.positions === bout.positions ? bout : own;
  });
  for (const bout of bouts) holdUntrackedJoints(bout.positions);
  for (const [i, figure] of figures.entries())
    if (figure !== bouts[i]) holdUntrackedJoints(figure.positions, jointCount);
  const body = measureBody(bouts);
  const scale = bodyScale(body.heightM);
  const floorY = Number.isFinite(body.floorY) ? body.floorY : 0;
  for (const [i, bout] of bouts.entries()) {
    const centre = pelvisCentre(bout.positions);
    const figure = figures[i];
    if (figure && figure !== bout) toSceneUnits(figure.positions, scale, floorY, centre);
    toSceneUnits(bout.positions, scale, floorY, centre);
  }
  const walks = bouts.map((bout, i): SkeletonWalk => {
    const result = analysis.bouts[i];
    const figure = figures[i] ?? bout;
    const drawn = { times: figure.times, positions: figure.positions };
    if (result?.status === 'ok') return { ...bout, figure: drawn, events: result.events, eventsNote: null };
    return { ...bout, figure: drawn, events: null, eventsNote: result?.reason ?? analysis.failure };
  });
  return {
    ok: true,
    recording: { walks, bodyHeightM: body.heightM, shape, format, formatName: FORMAT_NAMES[format] },
    parseMs: parsedAt - started,
    analysisMs: performance.now() - parsedAt,
    eventsFrom: stored === null ? 'engine' : 'stored',
  };
}

/** The events only: the viewer draws no joint angles, so the engine leaves them out (the same events, sooner). */
function analyse(recording: JointRecording): { bouts: readonly StoredBoutEvents[]; failure: string } {
  try {
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
