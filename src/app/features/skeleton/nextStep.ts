/** What Next does (README): the next walk of this recording, then the next sub-session of the session, then nothing. */
export type NextStep = { kind: 'walk'; index: number } | { kind: 'subSession' } | { kind: 'none' };

export function nextStep(walkIndex: number, walkCount: number, hasNextSubSession: boolean): NextStep {
  if (walkIndex + 1 < walkCount) return { kind: 'walk', index: walkIndex + 1 };
  return hasNextSubSession ? { kind: 'subSession' } : { kind: 'none' };
}

export function nextTip(step: NextStep, walkCount: number, nextSubSessionLabel: string | undefined): string {
  switch (step.kind) {
    case 'walk':
      return `Next: walk ${step.index + 1} of ${walkCount} in this recording`;
    case 'subSession':
      return `Next: the next recording of this session (${nextSubSessionLabel ?? 'next sub-session'})`;
    case 'none':
      return 'Next: this is the last walk of the last recording known for this session';
  }
}
