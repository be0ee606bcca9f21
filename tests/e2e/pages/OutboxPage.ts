import type { APIRequestContext, APIResponse, Locator, Page } from '@playwright/test';
import type { UserType } from '#shared/auth/userTypes';
import { MAIN_SERVER } from '../support/servers.ts';
import { allRows } from '../support/listPages.ts';

/** /{type}/outbox (Unsent Changes) and the top bar's outbox corner: Offline badge, unsent count, Logout. */
export class OutboxPage {
  readonly offlineBadge: Locator;
  readonly table: Locator;
  readonly conflictDialog: Locator;
  readonly confirmDialog: Locator;
  readonly logoutButton: Locator;

  constructor(
    readonly page: Page,
    readonly type: UserType,
  ) {
    const banner = page.getByRole('banner');
    this.offlineBadge = banner.getByRole('status').filter({ hasText: 'Offline' });
    this.logoutButton = banner.getByRole('button', { name: 'Logout' });
    this.table = page.getByRole('table', { name: 'Unsent changes' });
    this.conflictDialog = page.getByRole('dialog', { name: 'Resolve conflict' });
    this.confirmDialog = page.getByRole('dialog', { name: /Discard change|Unsent changes/ });
  }

  /** The top bar's 'N unsent change(s)' link; any count when none is given. */
  unsentLink(count?: number): Locator {
    const name =
      count === undefined ? /unsent change/ : count === 1 ? '1 unsent change' : `${String(count)} unsent changes`;
    return this.page.getByRole('banner').getByRole('link', { name });
  }

  async goto(): Promise<void> {
    await this.page.goto(`/${this.type}/outbox`);
  }

  row(text: string): Locator {
    return this.table.getByRole('row').filter({ hasText: text });
  }

  button(row: Locator, name: 'Retry' | 'Discard' | 'Resolve'): Locator {
    return row.getByRole('button', { name });
  }

  /** A conflict dialog row: field, my value, the server's value. */
  conflictRow(field: string): Locator {
    return this.conflictDialog
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${field}`) }) });
  }

  /**
   * Puts entries straight into the logged-in user's outbox, readable, as a release before the vault stored them, so a
   * test can queue what the form would not let through, or a thousand at once. The app's drainer seals them, then
   * sends them on its next trigger.
   */
  async queueRaw(...entries: QueuedWrite[]): Promise<void> {
    await this.page.evaluate(async (queued) => {
      const db = await openOutbox();
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('outbox', 'readwrite');
        for (const entry of queued) {
          tx.objectStore('outbox').add({
            ...entry,
            id: crypto.randomUUID(),
            state: 'queued',
            attempts: 0,
            createdAt: new Date().toISOString(),
          });
        }
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('write failed'));
      });
      db.close();

      function openOutbox(): Promise<IDBDatabase> {
        return new Promise((resolve, reject) => {
          const open = indexedDB.open(
            `gait-portal-${String(sessionStorage.getItem('login_type'))}-${String(sessionStorage.getItem('id'))}`,
          );
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error ?? new Error('open failed'));
        });
      }
    }, entries);
  }

  /** How many stored entries still wait to be sent (queued or sending), counted through the state index. */
  async waitingCount(): Promise<number> {
    return this.page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(
          `gait-portal-${String(sessionStorage.getItem('login_type'))}-${String(sessionStorage.getItem('id'))}`,
        );
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      const index = db.transaction('outbox').objectStore('outbox').index('state');
      const count = (state: string) =>
        new Promise<number>((resolve, reject) => {
          const request = index.count(IDBKeyRange.only(state));
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('count failed'));
        });
      const waiting = (await count('queued')) + (await count('sending'));
      db.close();
      return waiting;
    });
  }

  /** The states of the stored entries, e.g. { queued: 3, failed: 1 }, read beside the app. */
  async storedStates(): Promise<Record<string, number>> {
    return this.page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(
          `gait-portal-${String(sessionStorage.getItem('login_type'))}-${String(sessionStorage.getItem('id'))}`,
        );
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      const all = await new Promise<{ state: string }[]>((resolve, reject) => {
        const read = db.transaction('outbox').objectStore('outbox').getAll();
        read.onsuccess = () => resolve(read.result as { state: string }[]);
        read.onerror = () => reject(read.error ?? new Error('read failed'));
      });
      db.close();
      const states: Record<string, number> = {};
      for (const entry of all) states[entry.state] = (states[entry.state] ?? 0) + 1;
      return states;
    });
  }

  /** Wakes the page-side drainer the way the browser does on reconnecting. */
  async fireOnline(): Promise<void> {
    await this.page.evaluate(() => window.dispatchEvent(new Event('online')));
  }

  /**
   * Resolves once the drain started so far has finished: the app drains under the Web Lock 'gait-outbox', and a
   * request for it queued now is granted only after the ones before it (first come, first served).
   */
  async drained(): Promise<void> {
    await this.page.evaluate(() => navigator.locks.request('gait-outbox', () => undefined));
  }

  async accessToken(): Promise<string> {
    return this.page.evaluate(() => sessionStorage.getItem('access_token') ?? '');
  }
}

export type QueuedWrite = { call: string; body: Record<string, unknown>; recordKey?: string };

export type PatientRecord = Record<string, unknown> & {
  UniquePatientID: string;
  DateModified: string;
  Notes: string | null;
};

/** The records API as another device would call it (docs/api-records.md), outside the page's cut network. */
export class PatientApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
    private readonly type: UserType,
    private readonly server = MAIN_SERVER,
  ) {}

  private headers(idempotent = false) {
    return { Authorization: `Bearer ${this.token}`, ...(idempotent ? { 'Idempotency-Key': crypto.randomUUID() } : {}) };
  }

  async get(id: string): Promise<PatientRecord> {
    const answer = await this.request.get(`${this.server}/api/patient`, {
      params: { PatientID: id, UserType: this.type },
      headers: this.headers(),
    });
    const body = (await answer.json()) as { patients: PatientRecord[] };
    const [patient] = body.patients;
    if (!patient) throw new Error(`no patient ${id}`);
    return patient;
  }

  async list(): Promise<PatientRecord[]> {
    return allRows<PatientRecord>(this.request, `${this.server}/api/patients`, 'patients', {
      params: { UserType: this.type },
      headers: this.headers(),
    });
  }

  /**
   * A fresh patient of the caller's clinic, so each test edits its own record. A clinician names the clinic (the
   * first of their own); a clinic's patients are its own.
   */
  async add(givenId: string, surname: string): Promise<PatientRecord> {
    const id = crypto.randomUUID();
    const body = {
      UserType: this.type,
      UniquePatientID: id,
      ID: givenId,
      Forename: 'Outbox',
      Surname: surname,
      DOB: '1980-01-02',
      Height: 170,
      Weight: 70,
      ...(this.type === 'clinician' ? { ClinicIDs: await this.firstClinicId() } : {}),
    };
    const answer = await this.request.post(`${this.server}/api/addPatient`, {
      data: body,
      headers: this.headers(true),
    });
    if (!answer.ok()) throw new Error(`addPatient ${String(answer.status())}: ${await answer.text()}`);
    return this.get(id);
  }

  private async firstClinicId(): Promise<string> {
    const [clinic] = await allRows<{ ClinicID: string }>(this.request, `${this.server}/api/clinics`, 'clinics', {
      params: { UserType: this.type },
      headers: this.headers(),
    });
    if (!clinic) throw new Error(`the ${this.type} has no clinic`);
    return clinic.ClinicID;
  }

  /** An edit of the record as `patient` was, sent under a given Idempotency-Key; the answer as it came. */
  /** Sends a body the app sent, byte for byte, under the key it sent it with. */
  async resend(body: string, idempotencyKey: string): Promise<APIResponse> {
    return this.request.post(`${this.server}/api/updatePatient`, {
      data: body,
      headers: {
        Authorization: `Bearer ${this.token}`,
        'Idempotency-Key': idempotencyKey,
        'Content-Type': 'application/json',
      },
    });
  }

  async update(patient: PatientRecord, changes: Record<string, unknown>): Promise<PatientRecord> {
    const body = {
      UserType: this.type,
      ID: patient.UniquePatientID,
      GivenPatientID: patient.GivenPatientID,
      DateModified: patient.DateModified,
      ...changes,
    };
    const answer = await this.request.post(`${this.server}/api/updatePatient`, {
      data: body,
      headers: this.headers(true),
    });
    if (!answer.ok()) throw new Error(`updatePatient ${String(answer.status())}: ${await answer.text()}`);
    return this.get(patient.UniquePatientID);
  }
}
