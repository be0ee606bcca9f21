import type { Kysely, Migration } from 'kysely';
import { addTextColumnOnce } from './addColumnOnce.ts';

/**
 * A generated PDF is downloaded under the name of what it shows, the patient's given id and the session numbers
 * (downloadNames.ts), as every export is, not under the report's internal id. Reports made before have none and are
 * gone within a day (EXPIRED_REPORT_KEEP_SECONDS).
 */
export const reportNamesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await addTextColumnOnce(db, 'reports', 'pdf_name');
  },
};
