import { analyseBout } from './boutAnalysis.ts';
import {
  GAIT_ENGINE_VERSION,
  GAIT_METHOD,
  type BoutAnalysis,
  type GaitAnalysis,
  type GaitOptions,
} from './gaitResult.ts';
import type { JointRecording } from './jointDataFile.ts';
import { summariseWalk, type WalkSamples } from './gaitSummary.ts';
import { withGaitWorkspace } from './gaitWorkspace.ts';

/**
 * The gait metrics engine: speed, cadence, phases, step and stride measures, symmetry, variability and sagittal
 * knee and hip flexion, per walking bout and for the whole session, with the heel strikes and toe offs they come
 * from. Runs in the browser and on the server alike; method and definitions in docs/gait-metrics.md. With the
 * walker's height (metres) it also gives speed normalised to height.
 */
export function computeGaitMetrics(recording: JointRecording, options: GaitOptions = {}): GaitAnalysis {
  return withGaitWorkspace(() => analyseRecording(recording, options));
}

function analyseRecording(recording: JointRecording, options: GaitOptions): GaitAnalysis {
  const about = { engineVersion: GAIT_ENGINE_VERSION, method: GAIT_METHOD };
  const heightM =
    options.heightM !== undefined && options.heightM > 0.3 && options.heightM < 3 ? options.heightM : undefined;
  const results = recording.bouts.map((bout, i) =>
    analyseBout(bout, i + 1, { heightM, jointAngles: options.jointAngles }),
  );
  const bouts = results.map((r) => finiteOrInsufficient(r.analysis));
  const analysed = results.flatMap((r, i): WalkSamples[] =>
    bouts[i]?.status === 'ok' && r.samples !== null ? [r.samples] : [],
  );
  if (analysed.length === 0) {
    const reasons = bouts.flatMap((b) => (b.status === 'insufficient-data' ? [`step ${b.bout}: ${b.reason}`] : []));
    const reason =
      reasons.length === 0
        ? 'The recording holds no walking bouts.'
        : `No walking bout could be analysed (${reasons.join('; ')})`;
    return { ...about, status: 'insufficient-data', reason, bouts };
  }
  // One bout is its own session: no need to summarise it twice.
  const only = bouts.length === 1 && bouts[0]?.status === 'ok' ? bouts[0].metrics : undefined;
  return { ...about, status: 'ok', session: only ?? summariseWalk(analysed, heightM), bouts };
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
