import type { GaitMetrics } from '../gait/gaitResult.ts';
import type { Slice } from './svgCharts.ts';

/** Colours shared by the HTML and PDF pie charts: stance/support dark, swing light; left blue, right orange. */
export const PHASE_COLOURS = {
  stance: '#0b5c7a',
  swing: '#8cc5d9',
  double: '#4a4a4a',
  left: '#2f6fbf',
  right: '#e07b24',
} as const;

const mean = (a: number, b: number) => (a + b) / 2;

/** Stance and swing as shares of the gait cycle, averaged over both feet. */
export function phaseSlices(m: GaitMetrics): Slice[] {
  return [
    { label: 'Stance', value: mean(m.left.stancePercent, m.right.stancePercent), colour: PHASE_COLOURS.stance },
    { label: 'Swing', value: mean(m.left.swingPercent, m.right.swingPercent), colour: PHASE_COLOURS.swing },
  ];
}

/** One gait cycle split into double support and each foot's single support (they add up to the whole cycle). */
export function supportSlices(m: GaitMetrics): Slice[] {
  return [
    { label: 'Double support', value: m.doubleSupportPercent, colour: PHASE_COLOURS.double },
    { label: 'Single support, left', value: m.left.singleSupportPercent, colour: PHASE_COLOURS.left },
    { label: 'Single support, right', value: m.right.singleSupportPercent, colour: PHASE_COLOURS.right },
  ];
}
