import type { BoutSignals } from './boutSignals.ts';
import type { Cycle, Step } from './cycleMetrics.ts';
import { addCycleCurves, curveSums } from './cycleCurves.ts';
import type { SideSamples } from './gaitSummary.ts';
import type { SideAngles } from './jointAngles.ts';

/**
 * A side's cycles and steps, its stride lengths (this cycle's two steps) and its joint angle curves (empty without
 * angles).
 */
export function sideSamples(
  cycles: Cycle[],
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
  for (const cycle of cycles) {
    const own = ownByStrike.get(cycle.end);
    while (o < otherSteps.length && (otherSteps[o]?.strike ?? Infinity) <= cycle.start) o++;
    const candidate = otherSteps[o];
    const other = candidate !== undefined && candidate.strike < cycle.end ? candidate.length : null;
    if (own != null && other != null) strideLengths.push(own + other);
    if (angles === undefined) continue;
    addCycleCurves(knee, hip, angles, times, n, cycle.start, cycle.end);
  }
  return { steps, cycles, strideLengths, knee, hip };
}
