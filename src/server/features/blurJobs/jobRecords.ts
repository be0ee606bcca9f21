import { z } from 'zod';
import { blurRegionSchema, type BlurJob } from '#shared/sessions/blurJobs';
import { headBoxesSchema } from '#shared/sessions/headBoxes';
import type { AuthUser } from '#server/auth/tokens';
import type { Db } from '#server/db/connect';
import type { BlurJobTable } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import { recordingInScope } from '#server/scope/recordingInScope';

const storedRegions = z.array(blurRegionSchema);

/** A job as the API shows it. The row's state and review are written only from the shared lists' values. */
export function blurJobRecord(row: BlurJobTable): BlurJob {
  return {
    JobID: row.id,
    SubSessionID: row.sub_session_id,
    Method: row.method as BlurJob['Method'],
    State: row.state as BlurJob['State'],
    Progress: row.progress,
    Attempts: row.attempts,
    Error: row.error,
    Review: row.review as BlurJob['Review'],
    ReviewedBy: row.reviewed_by,
    ReviewedAt: row.reviewed_at,
    Regions: row.regions === null ? [] : storedRegions.parse(JSON.parse(row.regions)),
    HeadBoxes: row.head_boxes === null ? null : headBoxesSchema.parse(JSON.parse(row.head_boxes)),
    CreatedAt: row.created_at,
    UpdatedAt: row.updated_at,
  };
}

/** A job of a recording in the user's scope; any other, or none, is the same 404. */
export async function scopedBlurJob(db: Db, user: AuthUser, jobId: string): Promise<BlurJobTable> {
  const job = await db.selectFrom('blur_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
  if (job === undefined || !(await recordingInScope(db, user, job.sub_session_id))) {
    throw notFound('Blurring job not found');
  }
  return job;
}
