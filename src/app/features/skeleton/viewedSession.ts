import type { Session } from '#shared/sessions/session';

/** What the viewer knows of the session it shows: its sub-sessions, and whether more is still to come. */
export type ViewedSession = { sessions: readonly Session[]; settled: boolean };

/** The server's answer for the session (GET /api/session), as the query holds it. */
export type FetchedSession =
  { status: 'pending' } | { status: 'success'; sessions: readonly Session[] } | { status: 'error' };

/**
 * The mirror's rows when it has the session (offline too); otherwise the server's, fetched because the page was
 * opened from a link before the lists synced. Settled once either answered: a session the server does not give
 * (offline, or gone) leaves the viewer to play the joint data file, as it would without names.
 */
export function viewedSession(mirrored: readonly Session[], fetched: FetchedSession): ViewedSession {
  if (mirrored.length > 0) return { sessions: mirrored, settled: true };
  if (fetched.status === 'success') return { sessions: fetched.sessions, settled: true };
  return { sessions: [], settled: fetched.status === 'error' };
}
