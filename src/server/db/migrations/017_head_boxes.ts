import type { Kysely, Migration } from 'kysely';
import { addTextColumnOnce } from './addColumnOnce.ts';

/**
 * The heads a blurring job found (docs/blurring.md): compact JSON per frame, kept on the job so that the review can
 * draw what was filled; null for a whole-frame blur.
 */
export const headBoxesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await addTextColumnOnce(db, 'blur_jobs', 'head_boxes');
  },
};
