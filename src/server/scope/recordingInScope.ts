import type { AuthUser } from '#server/auth/tokens';
import type { Db } from '#server/db/connect';
import { scopedSubSessions } from '#server/records/sessionQuery';
import { patientScope } from './recordScope.ts';
import type { SubSessionId } from '#shared/ids/ids';

/** Whether the recording is one the user may see (its patient in scope, not removed). */
export async function recordingInScope(db: Db, user: AuthUser, subSessionId: SubSessionId): Promise<boolean> {
  const row = await scopedSubSessions(db, patientScope(db, user), { subSessionId }).select('ss.id').executeTakeFirst();
  return row !== undefined;
}
