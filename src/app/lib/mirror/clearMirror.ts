import { clearOfflineFiles } from '#app/lib/pwa/offlineFiles';
import type { StoredLogin } from '#app/lib/storedLogin';
import { deleteVault, signOutVault } from '#app/lib/vault/openVault';
import { closeMirrorDb, deleteMirrorDb, MirrorDb, mirrorDbName } from './db.ts';
import { forgetMirrorRows } from './mirrorRows.ts';
import { SENDER_ID } from './outboxSender.ts';

type Account = Pick<StoredLogin, 'loginType' | 'id'>;

/** A deletion blocked by some stuck connection must not keep the user from logging out. */
const DELETE_WAIT_MS = 5_000;

const atMost = (work: Promise<unknown>) =>
  Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, DELETE_WAIT_MS))]);

/** Logout: the user's vault, records, outbox and kept files leave this device (a shared ward tablet keeps none). */
export async function clearMirror(login: Account): Promise<void> {
  forgetMirrorRows();
  await atMost(
    Promise.all([
      deleteMirrorDb(login).catch(() => undefined),
      clearOfflineFiles(login).catch(() => undefined),
      deleteVault(login).catch(() => undefined),
    ]),
  );
}

/**
 * A forced logout (the token died): the records and kept files leave the device, and the vault no longer opens
 * offline. Only the unsent changes stay, sealed: nobody without the password can read them, and the same user's
 * next online login sends them, so no clinical edit is lost to an expired token.
 */
export function releaseMirror(login: Account): void {
  forgetMirrorRows();
  closeMirrorDb();
  void atMost(
    Promise.all([
      wipeRecords(login).catch(() => undefined),
      clearOfflineFiles(login).catch(() => undefined),
      signOutVault(login).catch(() => undefined),
    ]),
  );
}

async function wipeRecords(login: Account): Promise<void> {
  const db = new MirrorDb(mirrorDbName(login));
  try {
    await db.transaction('rw', db.records, db.meta, db.kept, db.outbox, async () => {
      await db.records.clear();
      await db.meta.clear();
      await db.kept.clear();
      // The send that met the dead token is over: its claim goes, so the next login sends it at once.
      await db.outbox
        .filter((entry) => entry.state === 'sending' && entry.sender === SENDER_ID)
        .modify({ state: 'queued', sender: undefined, sendingSince: undefined });
    });
  } finally {
    db.close();
  }
}

/** A vault replaced at login (its password no longer opens it): whatever it sealed is unreadable, and goes. */
export async function wipeAccount(login: Account): Promise<void> {
  await atMost(
    Promise.all([deleteMirrorDb(login).catch(() => undefined), clearOfflineFiles(login).catch(() => undefined)]),
  );
}
