import type { BoutAnalysis } from './gaitResult.ts';

/**
 * What a clinician should be told about a walk, each once: the recording's warnings (its import), then those of each
 * analysed bout (a treadmill, a walk that was not level, …), as a report shows them.
 */
export function walkWarnings(recording: readonly string[], bouts: readonly BoutAnalysis[]): string[] {
  return [...new Set([...recording, ...bouts.flatMap((b) => (b.status === 'ok' ? b.warnings : []))])];
}
