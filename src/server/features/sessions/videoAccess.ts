import type { AuthUser } from '#server/auth/tokens';
import type { Db } from '#server/db/connect';

/**
 * docs/spec.md §6 video rule, enforced on the server: the blurred video is for everyone who may see the session; the
 * unblurred one only for admins and for clinicians whose account the admin gave ElevatedAccess.
 */
export async function mayWatchUnblurred(db: Db, user: AuthUser): Promise<boolean> {
  switch (user.role) {
    case 'admin':
      return true;
    case 'clinician': {
      const row = await db
        .selectFrom('clinicians')
        .select('elevated_access')
        .where('id', '=', user.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row?.elevated_access === 1;
    }
    case 'clinic':
    case 'patient':
      return false;
  }
}
