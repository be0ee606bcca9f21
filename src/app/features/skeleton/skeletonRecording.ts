import { computeGaitMetrics } from '#shared/gait/gaitMetrics';
import type { GaitEvents } from '#shared/gait/gaitResult';
import { parseJointData } from '#shared/gait/jointDataFile';
import { bodyScale, holdUntrackedJoints, measureBody, toSceneUnits } from './skeletonScale.ts';

/** One walking bout ("Step" of the joint data file), ready to draw. */
export type SkeletonWalk = {
  /** Seconds since the start of the recording. */
  times: Float64Array;
  /** Scene units (see toSceneUnits): frame f, joint j, axis a at f * 60 + j * 3 + a. */
  positions: Float32Array;
  /** Heel strikes and toe offs from the gait engine, or why there are none for this walk. */
  events: GaitEvents | null;
  eventsNote: string | null;
};

export type SkeletonRecording = {
  walks: SkeletonWalk[];
  /** Metres the drawn body stands for, as measured (for the scale note). */
  bodyHeightM: number;
};

export type PreparedRecording =
  { ok: true; recording: SkeletonRecording; parseMs: number; analysisMs: number } | { ok: false; error: string };

/**
 * What the worker does with the downloaded text: parse and validate it (the parser's message is shown as is), find
 * the gait events in metres, then convert to scene units in place. A gait engine failure leaves playback working.
 */
export function prepareRecording(text: string): PreparedRecording {
  const started = performance.now();
  const parsed = parseJointData(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const parsedAt = performance.now();
  const { bouts } = parsed.recording;
  const analysis = analyse(parsed.recording);
  for (const bout of bouts) holdUntrackedJoints(bout.positions);
  const body = measureBody(bouts);
  const scale = bodyScale(body.heightM);
  for (const bout of bouts) toSceneUnits(bout.positions, scale, Number.isFinite(body.floorY) ? body.floorY : 0);
  const walks = bouts.map((bout, i): SkeletonWalk => {
    const result = analysis.bouts[i];
    if (result?.status === 'ok') return { ...bout, events: result.events, eventsNote: null };
    return { ...bout, events: null, eventsNote: result?.reason ?? analysis.failure };
  });
  return {
    ok: true,
    recording: { walks, bodyHeightM: body.heightM },
    parseMs: parsedAt - started,
    analysisMs: performance.now() - parsedAt,
  };
}

function analyse(recording: Parameters<typeof computeGaitMetrics>[0]) {
  try {
    return { bouts: computeGaitMetrics(recording).bouts, failure: 'Gait events could not be computed.' };
  } catch {
    return { bouts: [], failure: 'Gait events could not be computed for this recording.' };
  }
}

/** The typed arrays to hand over without copying (postMessage transfer list). */
export function transferables(recording: SkeletonRecording): ArrayBuffer[] {
  return recording.walks
    .flatMap((walk) => [walk.times.buffer, walk.positions.buffer])
    .filter((b) => b instanceof ArrayBuffer);
}
