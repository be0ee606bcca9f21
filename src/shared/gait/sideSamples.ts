import type { BoutSignals } from './boutSignals.ts';
import type { Step } from './cycleMetrics.ts';
import type { GaitCycles } from './gaitCycles.ts';
import { addCycleCurves, curveSums } from './cycleCurves.ts';
import type { SideSamples } from './gaitSummary.ts';
import type { SideAngles } from './jointAngles.ts';

/**
 * A side's cycles and steps, its stride lengths (this cycle's two steps) and its joint angle curves (empty without
 * angles).
 */
export function sideSamples(
  cycles: GaitCycles,
  steps: Step[],
  otherSteps: Step[],
  angles: SideAngles | undefined,
  { times, n }: BoutSignals,
): SideSamples {
  const strideLengths: number[] = [];
  const knee = curveSums();
  const hip = curveSums();
  const ownByStrike = new Map(steps.map((s) => [s.strike, s.length]));
  let o = 0;
  for (let c = 0; c < cycles.count; c++) {
    const start = cycles.start[c] ?? 0;
    const end = cycles.end[c] ?? 0;
    const own = ownByStrike.get(end);
    while (o < otherSteps.length && (otherSteps[o]?.strike ?? Infinity) <= start) o++;
    const candidate = otherSteps[o];
    const other = candidate !== undefined && candidate.strike < end ? candidate.length : null;
    if (own != null && other != null) strideLengths.push(own + other);
    if (angles === undefined) continue;
    addCycleCurves(knee, hip, angles, times, n, start, end);
  }
  return { steps, cycles, strideLengths, knee, hip };
}
