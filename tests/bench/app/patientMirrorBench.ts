import { sortRows } from '#app/components/ui/tableData';
import { mirrorDb } from '#app/lib/mirror/db';
import { planDelta } from '#app/lib/mirror/delta';
import { recordKey, type MirroredPatient } from '#app/lib/mirror/lists';
import { RowStore } from '#app/lib/mirror/rowStore';
import { appendDelta, readList } from '#app/lib/mirror/sealedRecords';
import { vaultKey } from '#app/lib/vault/vaultKey';
import { indexPatients, NO_FILTER, PatientFilterer, type PatientFilter } from '#app/features/patients/patientFilter';
import { DEFAULT_PATIENT_SORT, patientSortValue } from '#app/features/patients/patientSort';
import { syntheticPatients } from './syntheticPatients.ts';

/** The filter changes a user makes in a row: typing a surname, then setting the panel's filters one by one. */
const FILTER_STEPS: { label: string; filter: PatientFilter }[] = [
  { label: "search 's'", filter: { ...NO_FILTER, search: 's' } },
  { label: "search 'sm'", filter: { ...NO_FILTER, search: 'sm' } },
  { label: "search 'smit'", filter: { ...NO_FILTER, search: 'smit' } },
  { label: "search 'smith'", filter: { ...NO_FILTER, search: 'smith' } },
  { label: 'sex Female', filter: { ...NO_FILTER, search: 'smith', sex: 'Female' } },
  { label: 'age 20–60', filter: { ...NO_FILTER, search: 'smith', sex: 'Female', age: [20, 60] } },
  { label: 'ICD G80.1, G20', filter: { ...NO_FILTER, codes: ['G80.1', 'G20'] } },
  { label: 'clinic 3', filter: { ...NO_FILTER, clinicIds: ['clinic-3'] } },
  { label: 'clear all', filter: NO_FILTER },
];

const RUNS = 5;

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const time = <T>(work: () => T): [T, number] => {
  const start = performance.now();
  const result = work();
  return [result, performance.now() - start];
};

export type BenchReport = {
  count: number;
  writeMs: number;
  loadMs: number;
  sortMs: number;
  indexMs: number;
  steps: { label: string; ms: number; rows: number }[];
  scratchMs: number[];
  baselineMs: number;
};

/** Fills the logged-in user's mirror with synthetic patients, then times the browser's in-memory path. */
async function run(count: number): Promise<BenchReport> {
  const db = mirrorDb();
  const records = syntheticPatients(count);
  const keyOf = (row: MirroredPatient) => recordKey('patients', row);
  // What a first full sync writes: sealed batches of a thousand, the first one a reset.
  let start = performance.now();
  const key = await vaultKey();
  for (const delta of planDelta(records, [], keyOf, true)) await appendDelta(db, 'patients', delta, key);
  const writeMs = performance.now() - start;

  // What useMirrorRows does once per list: one read of the sealed log, opened and replayed into memory.
  const store = new RowStore<MirroredPatient>(keyOf);
  start = performance.now();
  store.beginLoad();
  store.load((await readList(db, 'patients', keyOf)).rows);
  const { rows } = store.getSnapshot();
  const loadMs = performance.now() - start;

  // What the screen does once per change of rows or sort order: sort, and work out each record's facts.
  const [sorted, sortMs] = time(() => sortRows(rows, DEFAULT_PATIENT_SORT, patientSortValue));
  const [index, indexMs] = time(() => indexPatients(sorted));
  // Then per filter change, the screen's path: a filterer that last ran the previous step, so typing on or setting
  // another filter narrows the previous result. Each change is timed RUNS times and the median kept (GC noise).
  const now = Date.now();
  const steps = FILTER_STEPS.map(({ label, filter }, i) => {
    const previous = FILTER_STEPS[i - 1]?.filter ?? NO_FILTER;
    const runs = Array.from({ length: RUNS }, () => {
      const filterer = new PatientFilterer();
      filterer.run(index, previous, now);
      return time(() => filterer.run(index, filter, now));
    });
    return { label, ms: median(runs.map(([, ms]) => ms)), rows: runs[0]?.[0].length ?? 0 };
  });
  // The same changes from scratch, as if nothing could be reused.
  const scratchMs = FILTER_STEPS.map(({ filter }) =>
    median(Array.from({ length: RUNS }, () => time(() => new PatientFilterer().run(index, filter, now))[1])),
  );

  // Baseline: a bare Array.filter over the same 100k plain objects, in the same page and run.
  const plain = records.map((record) => ({ ...record }));
  const baselineMs = median(
    Array.from({ length: RUNS }, () => time(() => plain.filter((p) => p.Surname.toLowerCase().includes('smith')))[1]),
  );
  // Leave an empty, unsynced mirror: the next visit to the browser fetches the real list in full.
  await db.records.where('list').equals('patients').delete();
  await db.meta.delete('patients');
  return { count, writeMs, loadMs, sortMs, indexMs, steps, scratchMs, baselineMs };
}

declare global {
  // Augmenting the global Window needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    __gaitBench?: { patientMirror: (count: number) => Promise<BenchReport> };
  }
}

/** Installed by the bench build at start-up (main.tsx); the product build has none of it. */
export function installPatientMirrorBench(): void {
  window.__gaitBench = { patientMirror: run };
}
