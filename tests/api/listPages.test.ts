import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LIMIT_MAX } from '#shared/records/paging';
import type { apiClient, Session } from './support/client.ts';
import { allPages, pagingApp } from './support/paging.ts';
import { clinicianRow, clinicRow, patientRow } from './support/tableRows.ts';
import { DATABASE_KINDS, type TestApp } from './support/testApp.ts';

type Row = Record<string, unknown>;
type Page = { rows: Row[]; deleted: Row[]; serverTime: string; nextCursor: string | null; body: Row };

const LISTS = [
  { list: 'patients', key: 'UniquePatientID', action: 'patients.list' },
  { list: 'clinicians', key: 'ClinicianID', action: 'clinicians.list' },
  { list: 'clinics', key: 'ClinicID', action: 'clinics.list' },
] as const;

/** Records written straight to the database, with no sessions or links that would stop their removal by the API. */
async function records(t: TestApp, clinicId: string, count: number): Promise<void> {
  const { db } = t.deps.database;
  const now = t.deps.clock().toISOString();
  for (let i = 0; i < count; i++) {
    const patient = patientRow(randomUUID(), now, {
      given_patient_id: `PG-${String(i)}`,
      forename: 'Page',
      surname: `Patient ${String(i)}`,
      dob: '1960-05-01',
      sex: 'Female',
      height_cm: 170,
      weight_kg: 70,
    });
    await db.insertInto('patients').values(patient).execute();
    await db.insertInto('patient_clinics').values({ patient_id: patient.id, clinic_id: clinicId }).execute();
    const clinician = clinicianRow(randomUUID(), now, { forename: 'Page', surname: `Clinician ${String(i)}` });
    await db.insertInto('clinicians').values(clinician).execute();
    await db.insertInto('clinician_clinics').values({ clinician_id: clinician.id, clinic_id: clinicId }).execute();
    await db
      .insertInto('clinics')
      .values(clinicRow(randomUUID(), now, { name: `Page Clinic ${String(i)}` }))
      .execute();
  }
}

describe.each(DATABASE_KINDS)('patients, clinicians and clinics a page at a time (%s)', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof apiClient>;
  let admin: Session, clinic: Session;
  beforeAll(async () => {
    ({ t, api, admin, clinic } = await pagingApp(kind));
    await records(t, clinic.id, 12);
  });
  afterAll(() => t.close());

  async function page(list: string, who: Session, query: Record<string, string>): Promise<Page> {
    const res = await api.get(`/api/${list}?${new URLSearchParams(query).toString()}`, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body;
    // The header repeats the body's cursor (absent on the last page): the app asks for the next page by it.
    expect(res.headers['next-cursor']).toBe(body.nextCursor ?? undefined);
    return {
      rows: body[list] as Row[],
      deleted: body.deleted as Row[],
      serverTime: String(body.serverTime),
      nextCursor: body.nextCursor as string | null,
      body,
    };
  }

  /** Every page of a listing, as the app's sync follows them. */
  const walk = (list: string, who: Session, query: Record<string, string>, between?: () => Promise<void>) =>
    allPages((q) => page(list, who, q), query, between);

  describe.each(LISTS)('$list', ({ list, key, action }) => {
    const ids = (pages: Page[]) => pages.flatMap((p) => p.rows.map((r) => String(r[key])));
    const everything = () => page(list, admin, { limit: String(PAGE_LIMIT_MAX) });

    it('answers the whole list in pages of at most limit rows, each row once, every page with the first serverTime', async () => {
      const whole = await everything();
      expect(whole.nextCursor).toBeNull();
      expect(whole.rows.length).toBeGreaterThan(12);
      const pages = await walk(list, admin, { limit: '5' }, () => Promise.resolve(t.advanceClock(1)));
      expect(pages.length).toBe(Math.ceil(whole.rows.length / 5));
      for (const p of pages) expect(p.rows.length).toBeLessThanOrEqual(5);
      expect(new Set(pages.map((p) => p.serverTime)).size).toBe(1);
      expect(ids(pages)).toEqual(ids([whole]));
      expect(new Set(ids(pages)).size).toBe(ids(pages).length);
    });

    it('gives a client that names no limit the default page: the whole list at this size, no next page', async () => {
      const old = await page(list, admin, {});
      expect(old.nextCursor).toBeNull();
      expect(ids([old])).toEqual(ids([await everything()]));
    });

    it('pages a clinic administrator inside its scope', async () => {
      const scoped = await page(list, clinic, { limit: String(PAGE_LIMIT_MAX) });
      const pages = await walk(list, clinic, { limit: '4' });
      expect(ids(pages)).toEqual(ids([scoped]));
      expect(ids(pages).length).toBeLessThan(ids([await everything()]).length);
    });

    it('audits every page it answers, naming the records the page showed', async () => {
      const { db } = t.deps.database;
      await t.deps.audit.flush();
      const before = await db.selectFrom('audit_log').select('id').where('action', '=', action).execute();
      const pages = await walk(list, admin, { limit: '6' });
      await t.deps.audit.flush();
      const after = await db
        .selectFrom('audit_log')
        .select('target')
        .where('action', '=', action)
        .orderBy('id')
        .execute();
      const rows = after.slice(before.length);
      expect(rows).toHaveLength(pages.length);
      for (const [i, p] of pages.entries()) {
        for (const id of ids([p])) expect(rows[i]?.target).toContain(id);
      }
    });
  });

  it('pages a delta: the changed records first, then the tombstones, and misses nothing removed while it paged', async () => {
    const since = (await page('patients', clinic, { limit: '1' })).serverTime;
    t.advanceClock(1);
    const mine = (await page('patients', clinic, { limit: String(PAGE_LIMIT_MAX) })).rows.filter(
      (p) => p.Forename === 'Page',
    );
    const [renamed, ...rest] = mine;
    const gone = rest.slice(0, 3);
    const update = {
      ID: renamed?.UniquePatientID,
      GivenPatientID: renamed?.GivenPatientID,
      DateModified: renamed?.DateModified,
      Forename: 'Paged',
      DOB: renamed?.DOB,
      Sex: renamed?.Sex,
      Height: renamed?.Height,
      Weight: renamed?.Weight,
      ClinicIDs: clinic.id,
    };
    const updated = await api.post('/api/updatePatient', update, clinic.token, { 'Idempotency-Key': randomUUID() });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    for (const p of gone) {
      const res = await api.post('/api/removePatient', { PatientID: p.UniquePatientID }, clinic.token, {
        'Idempotency-Key': randomUUID(),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    t.advanceClock(1);
    // Removed while the client is on the first page: not in this listing, but in the next delta.
    let late: Row | undefined = rest[3];
    const pages = await walk('patients', clinic, { modifiedSince: since, limit: '2' }, async () => {
      if (late === undefined) return;
      const res = await api.post('/api/removePatient', { PatientID: late.UniquePatientID }, clinic.token, {
        'Idempotency-Key': randomUUID(),
      });
      expect(res.status).toBe(200);
      gone.push(late);
      late = undefined;
    });
    const lateId = gone.at(-1)?.UniquePatientID;
    expect(pages.flatMap((p) => p.rows.map((r) => r.UniquePatientID))).toEqual([renamed?.UniquePatientID]);
    const tombstones = pages.flatMap((p) => p.deleted.map((d) => d.id));
    expect(tombstones).toEqual(expect.arrayContaining(gone.slice(0, 3).map((p) => p.UniquePatientID)));
    for (const [i, p] of pages.entries()) {
      if (p.deleted.length > 0) expect(pages.slice(i + 1).every((q) => q.rows.length === 0)).toBe(true);
    }
    t.advanceClock(1);
    const next = await walk('patients', clinic, { modifiedSince: pages[0]?.serverTime ?? '', limit: '2' });
    expect(next.flatMap((p) => p.deleted.map((d) => d.id))).toContain(lateId);
  });

  it('sends the code trees once, with the first page', async () => {
    const pages = await walk('patients', admin, { includeExtraInfo: 'true', limit: '5' });
    expect(pages.length).toBeGreaterThan(1);
    expect(Array.isArray(pages[0]?.body.ICD_Tree)).toBe(true);
    for (const p of pages.slice(1)) expect(p.body.ICD_Tree).toBeUndefined();
  });

  it("pages a clinic's patients past a run of removed ones (windows of the scope with no rows)", async () => {
    const { db } = t.deps.database;
    const inClinic = await db
      .selectFrom('patient_clinics')
      .select('patient_id')
      .where('clinic_id', '=', clinic.id)
      .orderBy('patient_id')
      .execute();
    // The clinic's first patients in id order, removed: a page reads the scope a window of patients at a time, so
    // the first window holds no rows and the page must go on to the next.
    const removed = inClinic.slice(0, 6).map((r) => r.patient_id);
    const now = t.deps.clock().toISOString();
    await db.updateTable('patients').set({ deleted_at: now, date_modified: now }).where('id', 'in', removed).execute();
    const whole = await page('patients', clinic, { limit: String(PAGE_LIMIT_MAX) });
    const shown = whole.rows.map((r) => String(r.UniquePatientID));
    expect(shown.length).toBeGreaterThan(2);
    expect(shown.filter((id) => removed.includes(id))).toEqual([]);
    for (const limit of ['1', '2']) {
      const pages = await walk('patients', clinic, { limit });
      expect(pages.flatMap((p) => p.rows.map((r) => String(r.UniquePatientID)))).toEqual(shown);
    }
  });

  it('refuses a limit out of range and a cursor it did not make', async () => {
    for (const list of ['patients', 'clinicians', 'clinics']) {
      for (const query of [`limit=${String(PAGE_LIMIT_MAX + 1)}`, 'limit=0', 'cursor=not-a-cursor']) {
        const res = await api.get(`/api/${list}?${query}`, admin.token);
        expect(res.status, `${list} ${query}`).toBe(400);
      }
    }
  });
});
