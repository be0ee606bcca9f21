import { NORMATIVE_RANGES } from '../gait/normativeRanges.ts';
import type { NormKey } from './reportMetrics.ts';
import type { NormativeRanges } from './reportModel.ts';

/** The engine's adult reference ranges (src/shared/gait/normativeRanges.ts) as a report prints them, with their sources. */
export const REPORT_NORMS: NormativeRanges = Object.fromEntries(
  (Object.keys(NORMATIVE_RANGES) as NormKey[]).map((key) => {
    const range = NORMATIVE_RANGES[key];
    return [key, { low: range.low, high: range.high, sources: range.sources }];
  }),
);
