import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LIMIT_MAX } from '#shared/records/paging';
import type { apiClient, Session } from './support/client.ts';
import { allPages, pagingApp } from './support/paging.ts';
import { DATABASE_KINDS, type TestApp } from './support/testApp.ts';
import { asSessionId, asSubSessionId } from '#shared/ids/ids';

type Row = Record<string, unknown>;

/** Recordings written straight to the database (no files): a visit of two walks for each patient in turn. */
async function recordings(
  t: TestApp,
  patients: string[],
  clinicianId: string,
  count: number,
  firstNumber: number,
): Promise<void> {
  const { db } = t.deps.database;
  const now = t.deps.clock().toISOString();
  for (let i = 0; i < count / 2; i++) {
    const session = {
      id: asSessionId(randomUUID()),
      patient_id: patients[i % patients.length] ?? '',
      session_number: firstNumber + i,
    };
    await db
      .insertInto('sessions')
      .values({ ...session, created_at: now })
      .execute();
    const walk = (n: number) => ({
      id: asSubSessionId(randomUUID()),
      session_id: session.id,
      sub_session_number: n,
      date_time: now,
      clinician_id: clinicianId,
      test_id: 'TUG',
      date_modified: now,
    });
    await db
      .insertInto('sub_sessions')
      .values([walk(1), walk(2)])
      .execute();
  }
}

/**
 * The demo patients' visits: 40 walks over the first patients by id (random ids, so the clinics they fall in vary),
 * then 12 over three patients of the demo clinician's own clinic, so that the clinician's list always spans several
 * patients and pages whatever the seed drew.
 */
async function demoRecordings(t: TestApp, clinicianId: string): Promise<void> {
  const { db } = t.deps.database;
  const everyone = await db.selectFrom('patients').select('id').orderBy('id').execute();
  const anyClinician = await db.selectFrom('clinicians').select('id').orderBy('id').executeTakeFirstOrThrow();
  await recordings(
    t,
    everyone.map((p) => p.id),
    anyClinician.id,
    40,
    100,
  );
  const own = await db
    .selectFrom('patient_clinics')
    .innerJoin('clinician_clinics', 'clinician_clinics.clinic_id', 'patient_clinics.clinic_id')
    .select('patient_clinics.patient_id as id')
    .where('clinician_clinics.clinician_id', '=', clinicianId)
    .orderBy('patient_clinics.patient_id')
    .limit(3)
    .execute();
  if (own.length < 2) throw new Error("the demo clinician's clinic has fewer than two patients");
  await recordings(
    t,
    own.map((p) => p.id),
    clinicianId,
    12,
    200,
  );
}
type Page = { sessions: Row[]; deleted: Row[]; serverTime: string; nextCursor: string | null };

describe.each(DATABASE_KINDS)('sessions a page at a time (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: Session, clinic: Session;
  beforeAll(async () => {
    ({ t, api, admin, clinic } = await pagingApp(kind));
    await demoRecordings(t, (await api.login('clinician')).id);
  });
  afterAll(() => t.close());

  async function page(who: Session, query: Record<string, string>): Promise<Page> {
    const res = await api.get(`/api/sessions?${new URLSearchParams(query).toString()}`, who.token);
    expect(res.status).toBe(200);
    const body = res.body as Page;
    // The header repeats the body's cursor (absent on the last page): the app asks for the next page by it.
    expect(res.headers['next-cursor']).toBe(body.nextCursor ?? undefined);
    return body;
  }

  /** Every page of a listing, as the app's sync follows them. */
  const walk = (who: Session, query: Record<string, string>, between?: () => Promise<void>) =>
    allPages((q) => page(who, q), query, between);

  const ids = (pages: Page[]) => pages.flatMap((p) => p.sessions.map((s) => String(s.SubSessionID)));

  it('answers the whole list in pages of at most limit rows, each row once, every page with the first serverTime', async () => {
    const whole = await page(admin, { limit: String(PAGE_LIMIT_MAX) });
    expect(whole.nextCursor).toBeNull();
    expect(whole.sessions.length).toBeGreaterThan(20);
    const pages = await walk(admin, { limit: '7' }, () => Promise.resolve(t.advanceClock(1)));
    expect(pages.length).toBe(Math.ceil(whole.sessions.length / 7));
    for (const p of pages) expect(p.sessions.length).toBeLessThanOrEqual(7);
    expect(new Set(pages.map((p) => p.serverTime)).size).toBe(1);
    expect(ids(pages)).toEqual([...ids([whole])].sort());
    expect(pages.at(-1)?.nextCursor).toBeNull();
  });

  it("pages a clinic's list inside its scope", async () => {
    const whole = await page(clinic, { limit: String(PAGE_LIMIT_MAX) });
    const pages = await walk(clinic, { limit: '3' });
    expect(ids(pages).sort()).toEqual(ids([whole]).sort());
    const everyone = ids([await page(admin, { limit: String(PAGE_LIMIT_MAX) })]);
    expect(ids(pages).length).toBeLessThan(everyone.length);
  });

  it("pages exactly a clinic's own patients' sessions, the patients read from the database's links", async () => {
    // Not from the scope the listing itself uses: a scope that picked the wrong patients would page them just as
    // consistently (PostgreSQL's windowed pages write the scope in a form of their own).
    const { db } = t.deps.database;
    const links = await db
      .selectFrom('patient_clinics')
      .select('patient_id')
      .where('clinic_id', '=', clinic.id)
      .execute();
    const own = new Set(links.map((link) => link.patient_id));
    const everyone = await page(admin, { limit: String(PAGE_LIMIT_MAX) });
    const expected = everyone.sessions.filter((s) => own.has(String(s.UniquePatientID)));
    expect(expected.length).toBeGreaterThan(2);
    const pages = await walk(clinic, { limit: '3' });
    expect(ids(pages).sort()).toEqual(ids([{ ...everyone, sessions: expected }]).sort());
  });

  it("pages a clinician's list by patient, then recording: each row once, a patient's recordings together", async () => {
    const clinician = await api.login('clinician');
    const whole = await page(clinician, { limit: String(PAGE_LIMIT_MAX) });
    const pages = await walk(clinician, { limit: '3' });
    expect(ids(pages)).toEqual(ids([whole]));
    expect(new Set(ids(pages)).size).toBe(whole.sessions.length);
    const patients = pages.flatMap((p) => p.sessions.map((s) => String(s.UniquePatientID)));
    expect(new Set(patients).size).toBeGreaterThan(1);
    // Each patient's recordings form one run: the key is (patient, recording).
    const runs = patients.filter((id, i) => i === 0 || patients[i - 1] !== id);
    expect(runs).toEqual([...new Set(patients)]);
  });

  it("pages a clinician's list past patients without recordings (windows of the scope with no rows)", async () => {
    const clinician = await api.login('clinician');
    const { db } = t.deps.database;
    const link = await db
      .selectFrom('clinician_clinics')
      .select('clinic_id')
      .where('clinician_id', '=', clinician.id)
      .executeTakeFirstOrThrow();
    // Patients who sort first and last in the clinic, none with a recording: a page reads the scope a window of
    // patients at a time, so the first windows hold no rows and the page must go on to the next.
    const empty = ['00000000-0000-4000-8000-00000000000', 'ffffffff-ffff-4fff-8fff-fffffffffff'].flatMap((stem) =>
      [1, 2, 3, 4, 5].map((n) => `${stem}${String(n)}`),
    );
    const now = t.deps.clock().toISOString();
    await db
      .insertInto('patients')
      .values(
        empty.map((id) => ({
          ...{ id, given_patient_id: id, forename: '', surname: '', email: '', password_hint: '' },
          ...{ group_name: 'Patients', sex: '', height_cm: 0, weight_kg: 0, notes: '', application: 'x' },
          ...{ read_only: 0, date_modified: now },
        })),
      )
      .execute();
    await db
      .insertInto('patient_clinics')
      .values(empty.map((id) => ({ patient_id: id, clinic_id: link.clinic_id })))
      .execute();
    const whole = await page(clinician, { limit: String(PAGE_LIMIT_MAX) });
    expect(whole.sessions.length).toBeGreaterThan(2);
    for (const limit of ['1', '2']) {
      const pages = await walk(clinician, { limit });
      expect(ids(pages)).toEqual(ids([whole]));
      expect(pages.at(-1)?.nextCursor).toBeNull();
    }
  });

  it('misses nothing changed while a client pages: the next delta from the first serverTime has it', async () => {
    const full = await page(admin, { limit: String(PAGE_LIMIT_MAX) });
    const [first, second] = full.sessions.map((s) => s);
    let removed: Row | undefined;
    const pages = await walk(admin, { limit: '5' }, async () => {
      if (removed !== undefined) return;
      t.advanceClock(1);
      // The last row in key order is removed while the client is still on the first pages.
      const last = [...full.sessions]
        .sort((a, b) => String(a.SubSessionID).localeCompare(String(b.SubSessionID)))
        .at(-1);
      const res = await api.post(
        '/api/removeSession',
        { SessionID: last?.SessionID, SubSessionID: last?.SubSessionID },
        admin.token,
      );
      expect(res.status).toBe(200);
      removed = last;
    });
    expect(ids(pages)).not.toContain(removed?.SubSessionID);
    t.advanceClock(1);
    const delta = await walk(admin, { modifiedSince: pages[0]?.serverTime ?? '', limit: '5' });
    expect(delta.flatMap((p) => p.deleted.map((d) => d.id))).toEqual([removed?.SubSessionID]);
    expect(first).toBeDefined();
    expect(second).toBeDefined();
  });

  it('pages the tombstones of a delta after its rows', async () => {
    const since = (await page(admin, { limit: '1' })).serverTime;
    const full = await page(admin, { limit: String(PAGE_LIMIT_MAX) });
    t.advanceClock(1);
    const gone = full.sessions.slice(0, 4);
    for (const s of gone) {
      const res = await api.post(
        '/api/removeSession',
        { SessionID: s.SessionID, SubSessionID: s.SubSessionID },
        admin.token,
      );
      expect(res.status).toBe(200);
    }
    const pages = await walk(admin, { modifiedSince: since, limit: '3' });
    expect(pages.length).toBe(2);
    expect(pages.flatMap((p) => p.sessions)).toEqual([]);
    expect(pages.flatMap((p) => p.deleted.map((d) => d.id)).sort()).toEqual(gone.map((s) => s.SubSessionID).sort());
  });

  it('audits every page it answers, naming the patients the page showed', async () => {
    const before = await t.deps.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'sessions.list')
      .execute();
    const pages = await walk(clinic, { limit: '4' });
    await t.deps.audit.flush();
    const after = await t.deps.database.db
      .selectFrom('audit_log')
      .select(['target', 'user_id'])
      .where('action', '=', 'sessions.list')
      .orderBy('id')
      .execute();
    const rows = after.slice(before.length);
    expect(rows).toHaveLength(pages.length);
    for (const [i, p] of pages.entries()) {
      for (const s of p.sessions) expect(rows[i]?.target).toContain(String(s.UniquePatientID));
    }
  });

  it('refuses a limit out of range and a cursor it did not make', async () => {
    for (const query of [
      `limit=${String(PAGE_LIMIT_MAX + 1)}`,
      'limit=0',
      'limit=abc',
      'cursor=not-a-cursor',
      `cursor=${Buffer.from('["x","rows",""]').toString('base64url')}`,
    ]) {
      const res = await api.get(`/api/sessions?${query}`, admin.token);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });
});
