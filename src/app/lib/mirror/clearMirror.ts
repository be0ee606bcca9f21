import { clearOfflineFiles } from '#app/lib/pwa/offlineFiles';
import type { StoredLogin } from '#app/lib/storedLogin';
import { deleteVault, signOutVault } from '#app/lib/vault/openVault';
import { closeMirrorDb, deleteMirrorDb, MirrorDb, mirrorDbName } from './db.ts';
import { forgetMirrorRows } from './mirrorRows.ts';
import { SENDER_ID } from './outboxSender.ts';

type Account = Pick<StoredLogin, 'loginType' | 'id'>;

/** A deletion blocked by some stuck connection must not keep the user from logging out. */
const DELETE_WAIT_MS = 5_000;

const atMost = <T>(work: Promise<T>) =>
  Promise.race([work, new Promise<undefined>((resolve) => setTimeout(resolve, DELETE_WAIT_MS))]);

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
export async function releaseMirror(login: Account): Promise<number> {
  forgetMirrorRows();
  closeMirrorDb();
  const [waiting] = await Promise.all([
    atMost(wipeRecords(login).catch(() => 0)),
    atMost(clearOfflineFiles(login).catch(() => undefined)),
    atMost(signOutVault(login).catch(() => undefined)),
  ]);
  return waiting ?? 0;
}

/** Resolves to the number of unsent changes kept (the login pages say how many wait, endedSession.ts). */
async function wipeRecords(login: Account): Promise<number> {
  const db = new MirrorDb(mirrorDbName(login));
  try {
    return await db.transaction('rw', db.records, db.meta, db.kept, db.outbox, async () => {
      await db.records.clear();
      await db.meta.clear();
      await db.kept.clear();
      // The send that met the dead token is over: its claim goes, so the next login sends it at once.
      await db.outbox
        .filter((entry) => entry.state === 'sending' && entry.sender === SENDER_ID)
        .modify({ state: 'queued', sender: undefined, sendingSince: undefined });
      return db.outbox.count();
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
