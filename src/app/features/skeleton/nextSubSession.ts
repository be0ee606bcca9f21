import {
  bySessionThenSubSession,
  canWatchSkeleton,
  sessionAndSubSessionNumber,
  type Session,
} from '#shared/sessions/session';

/** The sub-session after this one in the same session (docs/spec.md §3 order) that has a joint data file to play. */
export function findNextSubSession(
  sessions: readonly Session[],
  sessionId: string,
  subSessionId: string,
): Session | null {
  const siblings = sessions.filter((s) => s.SessionID === sessionId).sort(bySessionThenSubSession);
  const here = siblings.findIndex((s) => s.SubSessionID === subSessionId);
  if (here < 0) return null;
  return siblings.slice(here + 1).find(canWatchSkeleton) ?? null;
}

export const subSessionLabel = (session: Session): string => `sub-session ${sessionAndSubSessionNumber(session)}`;
