import { useMemo } from 'react';
import type { Session } from '#shared/sessions/session';
import { useMirrorRows } from '#app/lib/mirror/mirrorRows';

/**
 * The sub-sessions of one session as mirrored on this device (works offline). Empty until the session list has been
 * synced once: the viewer then simply does not know a next sub-session.
 */
export function useMirroredSessions(sessionId: string): Session[] {
  const { rows } = useMirrorRows('sessions');
  return useMemo(() => rows.filter((s) => s.SessionID === sessionId), [rows, sessionId]);
}
