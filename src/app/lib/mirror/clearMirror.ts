import { clearOfflineFiles } from '#app/lib/pwa/offlineFiles';
import type { StoredLogin } from '#app/lib/storedLogin';
import { closeMirrorDb, deleteMirrorDb } from './db.ts';
import { forgetMirrorRows } from './mirrorRows.ts';

/** A deletion blocked by some stuck connection must not keep the user from logging out. */
const DELETE_WAIT_MS = 5_000;

/** Logout: the user's records and outbox leave this device (a shared ward tablet must not keep them). */
export async function clearMirror(login: Pick<StoredLogin, 'loginType' | 'id'>): Promise<void> {
  forgetMirrorRows();
  await Promise.race([
    Promise.all([deleteMirrorDb(login).catch(() => undefined), clearOfflineFiles().catch(() => undefined)]),
    new Promise<void>((resolve) => setTimeout(resolve, DELETE_WAIT_MS)),
  ]);
}

/**
 * A forced logout (the token died): drop the rows from memory but keep the database, so writes still queued in
 * the outbox survive until the same user logs in again.
 */
export function releaseMirror(): void {
  forgetMirrorRows();
  closeMirrorDb();
  // Cache Storage is not per login: the next user of a shared tablet must not be served these recordings.
  void clearOfflineFiles().catch(() => undefined);
}
