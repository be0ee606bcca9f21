import Dexie, { type Table } from 'dexie';
import type { QueuedCall } from '#app/lib/apiCall';
import type { StoredLogin } from '#app/lib/storedLogin';
import { loginStore } from '#app/lib/storedLogin';
import { stopSyncWorker } from './syncWorkerClient.ts';

export type SyncMeta = { serverTime: string };

/**
 * queued: waits to be sent; sending: claimed by one sender (a lease, see outboxState.ts); failed: the server refused
 * it (error holds its message); conflict: 409, `current` holds the server's record beside our body.
 */
type OutboxState = 'queued' | 'sending' | 'failed' | 'conflict';

/** A file a queued Add Session or Upload Session File sends first, as the app hands it to the outbox. */
export type QueuedFile = { name: string; blob: Blob; videoKind?: 'Blurred' | 'Unblurred' };

/** A write waiting for the server's confirmation (docs/design.md Data flow 3), as the outbox code works with it. */
export type OutboxEntry = {
  /** 'session-upload': the files in `uploads` are sent (resumably) before the call itself. */
  kind?: 'session-upload';
  /** Percent of the files' bytes the server has confirmed, for the outbox page. */
  progress?: number;
  seq?: number;
  /** The Idempotency-Key: a replay of the same entry is never applied twice. */
  id: string;
  call: QueuedCall;
  body: Record<string, unknown>;
  /** What the change is about, in the user's words, when the body cannot say (the session a file replaces in). */
  subject?: string;
  recordKey?: string;
  state: OutboxState;
  error?: string;
  createdAt: string;
  /** Sends tried so far (entries stored before this field existed count as 0). */
  attempts?: number;
  /** When the current sender claimed it; a claim older than the lease belongs to a tab that died mid-send. */
  sendingSince?: string;
  /** The page that claimed it (outboxSender.ts): once that page is gone, the claim is void. */
  sender?: string;
  /** The server's record on a 409, kept so the conflict can be resolved later. */
  current?: Record<string, unknown>;
};

/**
 * An outbox entry as the device stores it: what the change says (its body, and the server's record after a
 * conflict) is sealed with the vault key; the bookkeeping the drainer needs stays readable.
 */
export type StoredOutboxEntry = Omit<OutboxEntry, 'body' | 'current' | 'subject'> & { sealed: Uint8Array };

/** One file of a queued Add Session: its bytes are sealed chunks in `uploadChunks`, its name and kind sealed here. */
export type StoredUploadFile = { fileId: string; size: number; sealedInfo: Uint8Array };

/** The files of a 'session-upload' entry, keyed by the entry's seq (its idempotency key may change, its seq not). */
export type StoredUpload = { seq: number; files: StoredUploadFile[] };

/** One sealed chunk of a queued file (the format of #shared/vault/sealedChunks). */
export type UploadChunk = { fileId: string; index: number; bytes: Uint8Array };

/**
 * The record lists are kept as a log of sealed deltas per list ({reset?, upserts, deletes}, a sync step each),
 * replayed in order when the list is read, and compacted into a few snapshot batches when the log grows long.
 * Sealing a batch costs one AES-GCM call where a row each would cost a thousand.
 */
export type SealedBatch = { seq?: number; list: string; sealed: Uint8Array };

export class MirrorDb extends Dexie {
  /** Sealed deltas of the mirrored lists (see SealedBatch). */
  records!: Table<SealedBatch, number>;
  /** Keyed by list name (out of line): the serverTime the list was last synced to. */
  meta!: Table<SyncMeta, string>;
  outbox!: Table<StoredOutboxEntry, number>;
  uploads!: Table<StoredUpload, number>;
  uploadChunks!: Table<UploadChunk, [string, number]>;
  /** Sealed copies of single answers the app shows offline (the account's own details), by name. */
  kept!: Table<Uint8Array, string>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      patients: 'UniquePatientID',
      clinicians: 'ClinicianID',
      clinics: 'ClinicID',
      meta: '',
      outbox: '++seq, &id, state, recordKey',
    });
    // Version 2 adds the session list; existing mirrors keep their rows and outbox (Dexie upgrades in place).
    this.version(2).stores({ sessions: 'SubSessionID' });
    // Version 3 keeps the files of queued Add Sessions beside their outbox entries.
    this.version(3).stores({ uploads: 'seq' });
    // Version 4 seals everything with the vault key: the readable record tables go (the lists sync again from
    // scratch into the sealed log); outbox entries and files stored readable are sealed at the next unlock.
    this.version(4)
      .stores({
        patients: null,
        clinicians: null,
        clinics: null,
        sessions: null,
        records: '++seq, list',
        uploadChunks: '[fileId+index]',
        kept: '',
      })
      .upgrade((tx) => tx.table('meta').clear());
  }
}

/** One database per login, so a shared tablet never mixes two users' records. */
export function mirrorDbName(login: Pick<StoredLogin, 'loginType' | 'id'>): string {
  return `gait-portal-${login.loginType}-${login.id}`;
}

let current: { db: MirrorDb; closingOnPurpose: boolean } | undefined;

function open(name: string): MirrorDb {
  const db = new MirrorDb(name);
  const handle = { db, closingOnPurpose: false };
  // Another tab deleting or upgrading the database closes ours on purpose: do not fight it.
  db.on('versionchange', () => {
    handle.closingOnPurpose = true;
  });
  // Safari drops IndexedDB connections (e.g. after the tab sleeps); reopen at once so live queries resume.
  db.on('close', () => {
    if (!handle.closingOnPurpose && current === handle) db.open().catch(() => undefined);
  });
  current = handle;
  return db;
}

/** The mirror of the logged-in user. Throws when nobody is logged in: records must never land in a shared store. */
export function mirrorDb(): MirrorDb {
  const login = loginStore.read();
  if (!login) throw new Error('No login: the record mirror is unavailable.');
  const name = mirrorDbName(login);
  if (current?.db.name === name) return current.db;
  if (current) closeMirrorDb();
  return open(name);
}

const isClosedError = (error: unknown) => error instanceof Error && error.name === Dexie.errnames.DatabaseClosed;

/**
 * Runs work on the mirror; Safari closes idle IndexedDB connections behind Dexie's back, so a DatabaseClosedError is
 * answered by reopening once and trying again (a second failure is real and propagates).
 */
export async function withMirrorDb<T>(work: (db: MirrorDb) => Promise<T>): Promise<T> {
  const db = mirrorDb();
  try {
    return await work(db);
  } catch (error) {
    if (!isClosedError(error) || current?.closingOnPurpose !== false) throw error;
    if (!db.isOpen()) await db.open();
    return work(db);
  }
}

/** An entry leaves the outbox together with any files it carried. */
export function removeOutboxEntry(db: MirrorDb, seq: number): Promise<void> {
  return db.transaction('rw', db.outbox, db.uploads, db.uploadChunks, async () => {
    const upload = await db.uploads.get(seq);
    await db.outbox.delete(seq);
    await db.uploads.delete(seq);
    for (const file of upload?.files ?? []) {
      await db.uploadChunks.where('[fileId+index]').between([file.fileId, 0], [file.fileId, Infinity]).delete();
    }
  });
}

export function closeMirrorDb(): void {
  // A sync still storing pages for this user stops with the connection (the worker holds the vault key meanwhile).
  stopSyncWorker();
  if (!current) return;
  current.closingOnPurpose = true;
  current.db.close();
  current = undefined;
}

/** Logout: the user's mirror (records and outbox) leaves this device. */
export async function deleteMirrorDb(login: Pick<StoredLogin, 'loginType' | 'id'>): Promise<void> {
  const name = mirrorDbName(login);
  if (current?.db.name === name) closeMirrorDb();
  await Dexie.delete(name);
}
