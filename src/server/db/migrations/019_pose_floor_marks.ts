import type { Kysely, Migration } from 'kysely';
import { addTextColumnOnce } from './addColumnOnce.ts';

/** A pose job may be scaled by two floor marks a clinician placed (JSON of #shared/sessions/poseJobs), or null. */
export const poseFloorMarksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await addTextColumnOnce(db, 'pose_jobs', 'floor_marks');
  },
};
