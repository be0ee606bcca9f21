import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../connect.ts';

/**
 * The record tables' keys and change times, by table. Every column that is compared with, joined to or united with
 * another of them is here, so that none of those comparisons mixes two collations.
 */
const KEY_COLUMNS: Record<string, string[]> = {
  patients: ['id', 'date_modified', 'deleted_at'],
  clinicians: ['id', 'date_modified', 'deleted_at'],
  clinics: ['id', 'date_modified', 'deleted_at'],
  sessions: ['id', 'patient_id'],
  sub_sessions: ['id', 'session_id', 'clinician_id', 'date_modified', 'deleted_at'],
  session_files: ['sub_session_id'],
  patient_clinics: ['patient_id', 'clinic_id'],
  patient_clinicians: ['patient_id', 'clinician_id'],
  clinician_clinics: ['clinician_id', 'clinic_id'],
  clinician_clinic_exits: ['clinician_id', 'clinic_id', 'date_modified'],
};

/**
 * PostgreSQL compares text by the database's collation (often en_US.UTF-8 or C.UTF-8), through the C library's
 * strcoll and without abbreviated sort keys; SQLite compares bytes. Ids and ISO times need no language rules, so their
 * columns take the "C" collation: the paged lists sort and seek by plain byte comparison, with abbreviated sort
 * keys, and a list's order, and with it the cursor's `id >`, is the same on both databases. Only the
 * collation changes, so PostgreSQL rebuilds the indexes on these columns without rewriting the tables.
 */
export const binaryKeysMigration = (kind: DbKind): Migration => ({
  async up(db: Kysely<unknown>) {
    if (kind !== 'postgres') return;
    for (const [table, columns] of Object.entries(KEY_COLUMNS)) {
      const changes = columns.map((column) => sql`alter column ${sql.ref(column)} type text collate "C"`);
      await sql`alter table ${sql.table(table)} ${sql.join(changes)}`.execute(db);
    }
  },
});
