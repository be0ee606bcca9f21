import { analyseBout, type BoutResult } from './boutAnalysis.ts';
import {
  GAIT_ENGINE_VERSION,
  GAIT_METHOD,
  type BoutAnalysis,
  type GaitAnalysis,
  type GaitOptions,
} from './gaitResult.ts';
import type { JointBout, JointRecording } from './jointDataFile.ts';
import type { PlateEvent, UsedPlateEvent } from './plateEvents.ts';
import { summariseWalk, type WalkSamples } from './gaitSummary.ts';
import { withGaitWorkspace } from './gaitWorkspace.ts';
import { sideViewAnalysis } from './sideView.ts';

/**
 * The gait metrics engine: speed, cadence, phases, step and stride measures, symmetry, variability and sagittal
 * knee and hip flexion, per walking bout and for the whole session, with the heel strikes and toe offs they come
 * from. Runs in the browser and on the server alike; method and definitions in docs/gait-metrics.md. With the
 * walker's height (metres) it also gives speed normalised to height.
 */
export function computeGaitMetrics(recording: JointRecording, options: GaitOptions = {}): GaitAnalysis {
  const analysis = withGaitWorkspace(() => analyseRecording(recording, options));
  return recording.view === 'side' ? sideViewAnalysis(analysis) : analysis;
}

function analyseRecording(recording: JointRecording, options: GaitOptions): GaitAnalysis {
  const about = { engineVersion: GAIT_ENGINE_VERSION, method: GAIT_METHOD };
  const heightM =
    options.heightM !== undefined && options.heightM > 0.3 && options.heightM < 3 ? options.heightM : undefined;
  const results = recording.bouts.map((bout, i) =>
    analyseBout(bout, i + 1, { heightM, jointAngles: options.jointAngles }, plateEventsWithin(recording, bout)),
  );
  const bouts = results.map((r) => finiteOrInsufficient(r.analysis));
  const analysed = results.flatMap((r, i): WalkSamples[] =>
    bouts[i]?.status === 'ok' && r.samples !== null ? [r.samples] : [],
  );
  const plates = recording.plateEvents === undefined ? {} : { plateEvents: usedPlateEvents(recording, results, bouts) };
  if (analysed.length === 0) {
    const reasons = bouts.flatMap((b) => (b.status === 'insufficient-data' ? [`step ${b.bout}: ${b.reason}`] : []));
    const reason =
      reasons.length === 0
        ? 'The recording holds no walking bouts.'
        : `No walking bout could be analysed (${reasons.join('; ')})`;
    return { ...about, ...plates, status: 'insufficient-data', reason, bouts };
  }
  // One bout is its own session: no need to summarise it twice.
  const only = bouts.length === 1 && bouts[0]?.status === 'ok' ? bouts[0].metrics : undefined;
  return { ...about, ...plates, status: 'ok', session: only ?? summariseWalk(analysed, heightM), bouts };
}

/** The recording's force plate events that fall within the bout's frames; undefined for a trial without plates. */
function plateEventsWithin(recording: JointRecording, bout: JointBout): PlateEvent[] | undefined {
  const first = bout.times[0] ?? 0;
  const last = bout.times[bout.times.length - 1] ?? 0;
  return recording.plateEvents?.filter((e) => e.time >= first && e.time <= last);
}

/**
 * Every plate event of the recording as the analysis used it: with the kinematic event it replaced where its bout
 * was analysed, else with none (a bout that could not be analysed, or an event outside every bout).
 */
function usedPlateEvents(recording: JointRecording, results: BoutResult[], bouts: BoutAnalysis[]): UsedPlateEvent[] {
  const used = results.flatMap((r, i) => (bouts[i]?.status === 'ok' ? (r.plateEvents ?? []) : []));
  return (recording.plateEvents ?? []).map(
    (event) =>
      used.find((u) => u.side === event.side && u.kind === event.kind && u.time === event.time) ?? {
        ...event,
        kinematicTime: null,
      },
  );
}

/** The output must never carry NaN or Infinity into a report: such a bout is declared unanalysable instead. */
function finiteOrInsufficient(result: BoutAnalysis): BoutAnalysis {
  if (result.status === 'insufficient-data' || (allFinite(result.metrics) && allFinite(result.events))) return result;
  return {
    status: 'insufficient-data',
    bout: result.bout,
    reason: 'The recording is too irregular for reliable gait metrics.',
  };
}

function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(allFinite);
  return true;
}
