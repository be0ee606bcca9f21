import type { QueuedCall } from '#app/lib/apiCall';
import type { MirrorList } from './lists.ts';

/**
 * What an answer's status means for a change, the one rule every sender of changes follows (the outbox's
 * transitions in outboxState.ts, and a file sent at once). 'done': the server applied it (or had already, for a
 * replayed key). 'retry': not processed for a reason that may pass — the token expired (a new login renews it), a
 * timeout, throttling, a server error — so it is sent again later under the same key. 'failed': any other answer;
 * the server refused it and would refuse it again (validation, 403/404, a 409), so the user must act.
 */
export type OutboxOutcome = 'done' | 'failed' | 'retry';

export function outcomeOf(status: number): OutboxOutcome {
  if (status >= 200 && status < 300) return 'done';
  if (status === 401 || status === 408 || status === 429 || status >= 500) return 'retry';
  return 'failed';
}

/**
 * Lists a write can change. Clinic and clinician names are copied into patient records (ClinicNames, Clinicians),
 * so renaming one re-syncs the lists that show it.
 */
const CHANGED_LISTS: Partial<Record<QueuedCall, MirrorList[]>> = {
  addPatient: ['patients'],
  updatePatient: ['patients'],
  removePatient: ['patients'],
  addClinician: ['clinicians', 'patients'],
  updateClinician: ['clinicians', 'patients'],
  removeClinician: ['clinicians', 'patients'],
  addClinicianToClinic: ['clinicians', 'patients'],
  addClinic: ['clinics', 'clinicians', 'patients'],
  updateClinic: ['clinics', 'clinicians', 'patients'],
  removeClinic: ['clinics', 'clinicians', 'patients'],
  // A patient record carries its session count and latest session date (patient browser details).
  addSession: ['sessions', 'patients'],
  // The sub-session's DateModified and which files it has.
  uploadSessionFile: ['sessions'],
};

export function listsChangedBy(call: QueuedCall): MirrorList[] {
  return CHANGED_LISTS[call] ?? [];
}

/** A server answer body, as far as the client relies on it (docs/api-records.md). */
export type MutationAnswer = { error?: string; current?: unknown } & Record<string, unknown>;

export function asAnswer(body: unknown): MutationAnswer {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as MutationAnswer) : {};
}

/** The server refused the write, or could not process it; `body.current` holds the record on a 409 conflict. */
export class MutationError extends Error {
  constructor(
    readonly status: number,
    readonly body: MutationAnswer,
  ) {
    super(body.error ?? `The server answered ${String(status)}.`);
    this.name = 'MutationError';
  }
}

/** Not sent now (offline, or behind an earlier change of the record): it stays queued under its idempotency key. */
export class MutationNetworkError extends Error {
  constructor(
    readonly entryId: string,
    options?: { cause?: unknown },
  ) {
    super('Saved on this device. The change will be sent when the server can be reached.', options);
    this.name = 'MutationNetworkError';
  }
}
