import { Migrator, type Migration } from 'kysely';
import type { DbHandle } from './connect.ts';
import { accountsMigration } from './migrations/001_accounts.ts';
import { idempotencyMigration } from './migrations/002_idempotency.ts';
import { sessionsMigration } from './migrations/003_sessions.ts';
import { reportsMigration } from './migrations/004_reports.ts';
import { uploadsMigration } from './migrations/005_uploads.ts';
import { loginThrottleMigration } from './migrations/006_login_throttle.ts';
import { clinicExitsMigration } from './migrations/007_clinic_exits.ts';
import { listPagingMigration } from './migrations/008_list_paging.ts';
import { binaryKeysMigration } from './migrations/009_binary_keys.ts';
import { scopeOrderMigration } from './migrations/010_scope_order.ts';

/** The same migrations run on SQLite and PostgreSQL, in name order, at every start. */
export async function migrateToLatest({ db, kind }: DbHandle): Promise<void> {
  const migrations: Record<string, Migration> = {
    '001_accounts': accountsMigration(kind),
    '002_idempotency': idempotencyMigration,
    '003_sessions': sessionsMigration,
    '004_reports': reportsMigration(kind),
    '005_uploads': uploadsMigration,
    '006_login_throttle': loginThrottleMigration,
    '007_clinic_exits': clinicExitsMigration,
    '008_list_paging': listPagingMigration,
    '009_binary_keys': binaryKeysMigration(kind),
    '010_scope_order': scopeOrderMigration,
  };
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
