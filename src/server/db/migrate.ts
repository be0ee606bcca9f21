import { Migrator, type Migration } from 'kysely';
import type { DbHandle, DbKind } from './connect.ts';
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
import { auditFileMigration, requireAuditTable } from './migrations/011_audit_file.ts';
import { recordingCountsMigration } from './migrations/012_recording_counts.ts';
import { reportNamesMigration } from './migrations/013_report_names.ts';
import { idempotencyRequestMigration } from './migrations/014_idempotency_request.ts';
import { blurJobsMigration } from './migrations/015_blur_jobs.ts';
import { poseJobsMigration } from './migrations/016_pose_jobs.ts';
import { headBoxesMigration } from './migrations/017_head_boxes.ts';
import { stagedDerivationsMigration } from './migrations/018_staged_derivations.ts';
import { poseFloorMarksMigration } from './migrations/019_pose_floor_marks.ts';

/** The same migrations run on SQLite and PostgreSQL, in name order. */
export function migrations(kind: DbKind): Record<string, Migration> {
  return {
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
    '011_audit_file': auditFileMigration(kind),
    '012_recording_counts': recordingCountsMigration,
    '013_report_names': reportNamesMigration,
    '014_idempotency_request': idempotencyRequestMigration,
    '015_blur_jobs': blurJobsMigration,
    '016_pose_jobs': poseJobsMigration,
    '017_head_boxes': headBoxesMigration,
    '018_staged_derivations': stagedDerivationsMigration,
    '019_pose_floor_marks': poseFloorMarksMigration,
  };
}

/** Runs every migration not yet run, at every start; on SQLite the trail's own file must then hold the trail. */
export async function migrateToLatest({ db, kind, auditFile }: DbHandle): Promise<void> {
  const all = migrations(kind);
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(all) } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  if (kind === 'sqlite') await requireAuditTable(db, auditFile ?? ':memory:');
}
