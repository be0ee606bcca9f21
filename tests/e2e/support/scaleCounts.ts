import Database from 'better-sqlite3';
import { join } from 'node:path';

/** What the administrator's session browser must show for the scale server's data, counted from its database. */
export type ScaleCounts = { rows: number; withReportData: number };

/**
 * Counts the scale server's sub-sessions (one table row each) and those a report can be made from (joint data or
 * gait metrics stored), straight from its SQLite file: an oracle apart from the server's list and the app's mirror.
 */
export function countScaleRows(dataDir: string): ScaleCounts {
  const database = new Database(join(dataDir, 'gait-portal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const live = `from sub_sessions s join sessions se on se.id = s.session_id
      join patients p on p.id = se.patient_id where s.deleted_at is null and p.deleted_at is null`;
    const count = (query: string) => (database.prepare(query).get() as { n: number }).n;
    return {
      rows: count(`select count(*) as n ${live}`),
      withReportData: count(
        `select count(*) as n ${live} and exists (select 1 from session_files f
          where f.sub_session_id = s.id and f.kind in ('jointData', 'gaitMetrics'))`,
      ),
    };
  } finally {
    database.close();
  }
}
