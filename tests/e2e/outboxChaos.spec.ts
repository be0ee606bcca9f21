import { expect, test, type Route } from '@playwright/test';
import { seededRandom } from '#shared/random';
import { OutboxPage, PatientApi, type PatientRecord } from './pages/OutboxPage.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { logInAs } from './support/logIn.ts';

// Chaos run: 1,000 queued writes drained by the real client outbox against the real server, while the
// network drops on a seeded schedule — before the server sees a request, and after it applied one (answer lost).
const ADDS = 800;
const EDITS = 200;
const SEED = 20261122;

// A trace of 1,500 intercepted requests would cost more than the run it records.
test.use({ trace: 'off' });

test('1,000 queued writes under a dropping network are each applied exactly once', async ({ page, request }) => {
  test.setTimeout(180_000);
  await logInAs(page, DEMO_ACCOUNTS.clinic);
  const outbox = new OutboxPage(page, 'clinic');
  const api = new PatientApi(request, await outbox.accessToken(), 'clinic');
  const run = String(Date.now()).slice(-7);

  const edited: PatientRecord[] = [];
  for (let i = 0; i < EDITS; i += 20) {
    const batch = Array.from({ length: Math.min(20, EDITS - i) }, (_, j) =>
      api.add(`CHE-${run}-${String(i + j)}`, `Chaos${run}`),
    );
    edited.push(...(await Promise.all(batch)));
  }

  const random = seededRandom(SEED).uniform;
  const counts = { requests: 0, abortedBefore: 0, abortedAfter: 0, delivered: 0 };
  const keys = new Set<string>();
  let downFor = 0;
  const chaos = async (route: Route) => {
    counts.requests += 1;
    keys.add(route.request().headers()['idempotency-key'] ?? '');
    // Now and then the link goes down for a few requests in a row; otherwise single requests drop.
    if (downFor === 0 && random() < 0.02) downFor = 1 + Math.floor(random() * 8);
    const roll = random();
    if (downFor > 0 || roll < 0.08) {
      downFor = Math.max(0, downFor - 1);
      counts.abortedBefore += 1;
      return route.abort('internetdisconnected');
    }
    if (roll < 0.16) {
      // The server applies it, the answer never arrives: only the idempotency key prevents a second apply.
      await route.fetch();
      counts.abortedAfter += 1;
      return route.abort('connectionreset');
    }
    counts.delivered += 1;
    return route.continue();
  };
  await page.route(/\/api\/(addPatient|updatePatient)$/, chaos);

  const entries = [
    ...edited.map((patient, i) => ({
      call: 'updatePatient',
      recordKey: patient.UniquePatientID,
      body: {
        UserType: 'clinic',
        ID: patient.UniquePatientID,
        GivenPatientID: patient.GivenPatientID,
        DateModified: patient.DateModified,
        Forename: 'Outbox',
        Surname: patient.Surname,
        DOB: '1980-01-02',
        Height: 170,
        Weight: 70,
        Notes: `edit ${String(i)}`,
      },
    })),
    ...Array.from({ length: ADDS }, (_, i) => {
      const id = crypto.randomUUID();
      return {
        call: 'addPatient',
        recordKey: id,
        body: {
          UserType: 'clinic',
          UniquePatientID: id,
          ID: `CHA-${run}-${String(i)}`,
          Forename: 'Chaos',
          Surname: `Chaos${run}`,
          DOB: '1980-01-02',
          Height: 170,
          Weight: 70,
          Notes: `add ${String(i)}`,
        },
      };
    }),
  ];
  const started = Date.now();
  await outbox.queueRaw(...entries);

  // The page-side drain stops at each drop; `online` wakes it, as the browser does on reconnecting.
  await expect
    .poll(
      async () => {
        await outbox.fireOnline();
        return outbox.waitingCount();
      },
      { timeout: 150_000, intervals: [100] },
    )
    .toBe(0);
  const leftOver = await outbox.storedStates();
  const seconds = (Date.now() - started) / 1000;

  const onServer = (await api.list()).filter((patient) => patient.Surname === `Chaos${run}`);
  const added = onServer.filter((patient) => String(patient.GivenPatientID).startsWith(`CHA-${run}-`));
  const givenIds = new Set(added.map((patient) => String(patient.GivenPatientID)));
  const editedNow = new Map(onServer.map((patient) => [patient.UniquePatientID, patient]));
  const editsApplied = edited.filter(
    (patient, i) => editedNow.get(patient.UniquePatientID)?.Notes === `edit ${String(i)}`,
  ).length;
  console.log(
    `outbox chaos: ${String(added.length)} adds + ${String(editsApplied)} edits applied of ${String(entries.length)}; ` +
      `${String(counts.requests)} requests for ${String(keys.size)} keys (${String(counts.requests - keys.size)} retries), ` +
      `aborted before the server ${String(counts.abortedBefore)}, after it applied ${String(counts.abortedAfter)}, ` +
      `delivered ${String(counts.delivered)}; ${seconds.toFixed(1)} s`,
  );
  // Exactly once: every add exists once (a second apply of an add would be a 409, left failed in the outbox; a
  // second apply of an edit would be a stale-version 409, left as a conflict), and nothing is left behind.
  expect(leftOver).toEqual({});
  expect(added).toHaveLength(ADDS);
  expect(givenIds.size).toBe(ADDS);
  expect(editsApplied).toBe(EDITS);
  expect(keys.size).toBe(entries.length);
});
