import { useQuery } from '@tanstack/react-query';
import type { UserType } from '#shared/auth/userTypes';
import { getCall } from '#app/lib/apiCall';
import { useMirroredSessions } from './useMirroredSessions.ts';
import { viewedSession, type FetchedSession, type ViewedSession } from './viewedSession.ts';

/**
 * The viewed session's sub-sessions (names, test, the original recording, the next sub-session): from the mirror,
 * or from the server while the mirror does not hold the session (a link opened before the first sync).
 */
export function useViewedSession(type: UserType, sessionId: string): ViewedSession {
  const mirrored = useMirroredSessions(sessionId);
  const query = useQuery({
    queryKey: ['session', sessionId, type],
    queryFn: async () => (await getCall('session', { id: sessionId, UserType: type })).sessions,
    enabled: mirrored.length === 0,
  });
  const fetched: FetchedSession =
    query.status === 'success' ? { status: 'success', sessions: query.data } : { status: query.status };
  return viewedSession(mirrored, fetched);
}
