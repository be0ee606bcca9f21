import Dexie, { type Table } from 'dexie';
import type { StoredLogin } from '#app/lib/storedLogin';
import { loginStore } from '#app/lib/storedLogin';
import type { MirroredPatient } from './lists.ts';
import type { Clinic } from '#shared/records/clinic';
import type { Clinician } from '#shared/records/clinician';
import type { Session } from '#shared/sessions/session';

export type SyncMeta = { serverTime: string };

/**
 * queued: waits to be sent; sending: claimed by one sender (a lease, see outboxState.ts); failed: the server refused
 * it (error holds its message); conflict: 409, `current` holds the server's record beside our body.
 */
export type OutboxState = 'queued' | 'sending' | 'failed' | 'conflict';

/** A file a queued Add Session sends first; IndexedDB keeps the Blob itself, so the file survives a reload offline. */
export type QueuedFile = { name: string; blob: Blob; videoKind?: 'Blurred' | 'Unblurred' };

/** The files of a 'session-upload' entry, keyed by the entry's seq (its idempotency key may change, its seq not). */
export type QueuedUpload = { seq: number; files: QueuedFile[] };

/** A write waiting for the server's confirmation (DESIGN.md Data flow 3). */
export type OutboxEntry = {
  /** 'session-upload': the files in `uploads` are sent (resumably) before the call itself. */
  kind?: 'session-upload';
  /** Percent of the files' bytes the server has confirmed, for the outbox page. */
  progress?: number;
  seq?: number;
  /** The Idempotency-Key: a replay of the same entry is never applied twice. */
  id: string;
  call: string;
  body: Record<string, unknown>;
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

export class MirrorDb extends Dexie {
  patients!: Table<MirroredPatient, string>;
  clinicians!: Table<Clinician, string>;
  clinics!: Table<Clinic, string>;
  sessions!: Table<Session, string>;
  /** Keyed by list name (out of line): the serverTime the list was last synced to. */
  meta!: Table<SyncMeta, string>;
  outbox!: Table<OutboxEntry, number>;
  uploads!: Table<QueuedUpload, number>;

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
  return db.transaction('rw', db.outbox, db.uploads, async () => {
    await db.outbox.delete(seq);
    await db.uploads.delete(seq);
  });
}

export function closeMirrorDb(): void {
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
