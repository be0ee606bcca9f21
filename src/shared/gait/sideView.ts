import type { BoutAnalysis, FootMetrics, GaitAnalysis, GaitMetrics } from './gaitResult.ts';

/** Why a side view leaves measures out; stored beside the metrics so that a null is never read as zero. */
export const SIDE_VIEW_NOT_MEASURED =
  'Step width and frontal-plane measures are not available: a side-view video does not see across the walk.';

const foot = <T extends FootMetrics>(m: T): T => ({
  ...m,
  stepWidth: null,
  variability: { ...m.variability, stepWidthCv: null },
});

const walk = (m: GaitMetrics): GaitMetrics => ({
  ...foot(m),
  left: foot(m.left),
  right: foot(m.right),
  symmetry: { ...m.symmetry, stepWidth: null },
});

const bout = (b: BoutAnalysis): BoutAnalysis => (b.status === 'ok' ? { ...b, metrics: walk(b.metrics) } : b);

/**
 * The engine's answer with what a single side view cannot measure set to null: the video has no depth, so every
 * foot lies in one plane and a step width would read as zero. The engine applies it to every recording whose joint
 * data says it was seen from the side (`"View": "Side"`, docs/joint-data.md), so a later analysis (an export's, a new
 * engine's) leaves the same measures out.
 */
export function sideViewAnalysis(analysis: GaitAnalysis): GaitAnalysis {
  const bouts = analysis.bouts.map(bout);
  return analysis.status === 'ok' ? { ...analysis, bouts, session: walk(analysis.session) } : { ...analysis, bouts };
}
