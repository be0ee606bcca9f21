import type { Session } from '#shared/sessions/session';
import { keepsJointData } from '#app/lib/pwa/offlineFiles';
import { isOffline } from '#app/lib/mirror/reachability';

/** Whether a report can be attempted now: online always; offline when the device keeps joint data of a session. */
export async function reportableHere(sessions: readonly Session[]): Promise<boolean> {
  if (!isOffline()) return true;
  const kept = await Promise.all(sessions.map((s) => keepsJointData(s.SessionID, s.SubSessionID).catch(() => false)));
  return kept.some(Boolean);
}
