import type { GaitMetrics } from '../gait/gaitResult.ts';
import { formatMetric } from './reportMetrics.ts';
import type { Slice } from './svgCharts.ts';

/** Colours shared by the HTML and PDF pie charts: stance/support dark, swing light; left blue, right orange. */
export const PHASE_COLOURS = {
  stance: '#0b5c7a',
  swing: '#8cc5d9',
  double: '#4a4a4a',
  left: '#2f6fbf',
  right: '#e07b24',
} as const;

/** Percentages of the cycle print with one decimal, in the table and in the charts' legends alike. */
const PERCENT = { decimals: 1 };
const slice = (label: string, value: number, colour: string): Slice => ({
  label,
  value,
  text: `${formatMetric(PERCENT, value)} %`,
  colour,
});

/** Stance and swing as shares of the gait cycle over both feet's cycles (the table's 'Stance phase' and 'Swing phase'). */
export function phaseSlices(m: GaitMetrics): Slice[] {
  return [slice('Stance', m.stancePercent, PHASE_COLOURS.stance), slice('Swing', m.swingPercent, PHASE_COLOURS.swing)];
}

/**
 * One gait cycle split into double support and each foot's single support. Each legend shows the table's value;
 * the three come from different cycles, so their sum can differ from 100 by a little, and the slices' angles are
 * their shares of that sum.
 */
export function supportSlices(m: GaitMetrics): Slice[] {
  return [
    slice('Double support', m.doubleSupportPercent, PHASE_COLOURS.double),
    // A foot with no complete stride in a short pass has no single support: its slice is left out, its legend '—'.
    slice('Single support, left', m.left.singleSupportPercent ?? Number.NaN, PHASE_COLOURS.left),
    slice('Single support, right', m.right.singleSupportPercent ?? Number.NaN, PHASE_COLOURS.right),
  ];
}
