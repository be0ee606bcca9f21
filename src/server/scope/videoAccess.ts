import type { AuthUser } from '#server/auth/tokens';
import type { Db } from '#server/db/connect';
import { isReleased } from '#shared/sessions/blurJobs';
import type { SubSessionId } from '#shared/ids/ids';

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

/**
 * Whether a recording's blurred video may be played by a user who may not watch the unblurred one (fail closed,
 * docs/blurring.md): a blurred video a person uploaded is theirs to vouch for; one a blurring job made only once a
 * reviewer confirmed that job's output. 'awaitsReview' when the recording has an unblurred video but no released
 * blurred one, 'none' when it has no video at all.
 */
export async function blurredVideoRelease(
  db: Db,
  subSessionId: SubSessionId,
): Promise<'released' | 'awaitsReview' | 'none'> {
  const files = await db
    .selectFrom('session_files')
    .select(['kind', 'storage_key', 'origin'])
    .where('sub_session_id', '=', subSessionId)
    .where('kind', 'in', ['video', 'blurredVideo'])
    .execute();
  const blurred = files.find((f) => f.kind === 'blurredVideo');
  if (blurred !== undefined) {
    if (blurred.origin !== 'blurred') return 'released';
    const job = await db
      .selectFrom('blur_jobs')
      .select('review')
      .where('output_key', '=', blurred.storage_key)
      .where('sub_session_id', '=', subSessionId)
      .executeTakeFirst();
    if (job !== undefined && isReleased(job.review)) return 'released';
    return 'awaitsReview';
  }
  return files.length > 0 ? 'awaitsReview' : 'none';
}
