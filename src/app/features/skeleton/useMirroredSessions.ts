import { useQuery } from '@tanstack/react-query';
import type { Session } from '#shared/sessions/session';
import { mirrorDb } from '#app/lib/mirror/db';

/**
 * The sub-sessions of one session as mirrored on this device (read once; works offline). Empty until the session
 * browser has synced the list: the viewer then simply does not know a next sub-session.
 */
export function useMirroredSessions(sessionId: string): Session[] {
  const query = useQuery({
    queryKey: ['skeletonViewer', 'mirroredSessions', sessionId],
    queryFn: async () => {
      try {
        return await mirrorDb()
          .sessions.filter((s) => s.SessionID === sessionId)
          .toArray();
      } catch {
        return [];
      }
    },
    staleTime: 60_000,
  });
  return query.data ?? [];
}
