import type { Kysely, Migration } from 'kysely';
import { addTextColumnOnce } from './addColumnOnce.ts';

/**
 * Files made from a staged upload when it arrived (converted joint data, computed metrics) are staged beside it,
 * so that committing it reads and parses nothing again: `derived_from` names the slot of the upload they were made
 * from (null for the upload itself) and `origin` how they were made.
 */
export const stagedDerivationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await addTextColumnOnce(db, 'upload_staging', 'derived_from');
    await addTextColumnOnce(db, 'upload_staging', 'origin');
  },
};
