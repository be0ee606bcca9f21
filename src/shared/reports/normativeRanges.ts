import type { NormativeRanges } from './reportModel.ts';

const PERRY = 'Perry & Burnfield, Gait Analysis: Normal and Pathological Function, 2nd ed. (2010)';
const HOLLMAN = 'Hollman et al., Gait Posture 34:111–118 (2011)';

/**
 * Adult reference ranges for self-selected walking, printed beside each value. Broad on purpose: they mark a value
 * worth a second look, not a diagnosis; age, height and pathology move them.
 * - Speed: comfortable gait speed of adults aged 20–79 (Bohannon & Andrews, Physiotherapy 97:182–189, 2011).
 * - Cadence and step length: healthy adults (Hollman et al. 2011; Perry & Burnfield 2010).
 * - Phases: stance about 60 % and swing 40 % of the cycle, double support about 20 % in total, single support about
 *   40 % per foot (Perry & Burnfield 2010).
 */
export const REPORT_NORMS: NormativeRanges = {
  speed: { low: 1.1, high: 1.5, source: 'Bohannon & Andrews, Physiotherapy 97:182–189 (2011)' },
  cadence: { low: 100, high: 125, source: HOLLMAN },
  stepLength: { low: 0.55, high: 0.8, source: HOLLMAN },
  stancePercent: { low: 58, high: 62, source: PERRY },
  swingPercent: { low: 38, high: 42, source: PERRY },
  doubleSupportPercent: { low: 16, high: 24, source: PERRY },
  singleSupportPercent: { low: 38, high: 42, source: PERRY },
};
