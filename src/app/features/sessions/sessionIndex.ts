import type { Option, TreeOption } from '#app/components/ui/options';
import { compareValues, type SortValue, type TableSort } from '#app/components/ui/tableData';
import { PAUSE_EVERY, sortSliced, type SlicedWork } from '#app/lib/timeSlice';
import { canProduceReport, patientNameAndGivenId, type Session } from '#shared/sessions/session';
import { CLINIC_BRANCH_PREFIX, tellNamesakesApart } from './filterChoices.ts';
import {
  activeFilterCount,
  clinicianSearchText,
  patientSearchText,
  searchWords,
  testSearchText,
  type SessionFilter,
} from './sessionFilter.ts';
import { sessionSortValue } from './sessionSort.ts';
import { numberBounds, type NumberBounds } from './sliderBounds.ts';

/**
 * The session browser's rows, sorted, with what its filters test laid out per row in typed arrays, and the filter
 * choices the rows offer. Built in slices (buildSessionIndex) when the rows or the order change, so that a filter
 * change is one tight loop over numbers and a sync of 100,000 rows never blocks the page.
 */
export type SessionIndex = {
  rows: readonly Session[];
  /** Per sorted row: its patient's and clinician's position in `patientIds` / `clinicianIds`. */
  patientOf: Int32Array;
  clinicianOf: Int32Array;
  patientIds: readonly string[];
  clinicianIds: readonly string[];
  /** Per sorted row: its test's position in `testTexts`. */
  testOf: Int32Array;
  /** What the search box looks in, lower-cased, one per patient, clinician and test (by the positions above). */
  patientTexts: readonly string[];
  clinicianTexts: readonly string[];
  testTexts: readonly string[];
  sessionNumbers: Int32Array;
  subSessionNumbers: Int32Array;
  /** 1 when the row has data to generate a report from. */
  reportable: Uint8Array;
  bounds: NumberBounds;
  patientTree: TreeOption[];
  clinicianOptions: Option[];
};

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
const isEmpty = (value: SortValue) => value === null || value === undefined || value === '' || Number.isNaN(value);

/**
 * The rows in the table's order, as sortRows orders them (empty cells last in both directions, stable), without a
 * comparator over every row: the distinct values are ranked once (a pausable sort), then row indices are sorted as
 * plain numbers (rank × n + index), which the engine does natively in a few milliseconds for 100,000 rows.
 */
function* sortedOrder(rows: readonly Session[], sort: TableSort): SlicedWork<Session[]> {
  const n = rows.length;
  const values = new Array<SortValue>(n);
  const distinct = new Set<SortValue>();
  for (let i = 0; i < n; i++) {
    const value = sessionSortValue(rows[i] as Session, sort.column);
    values[i] = value;
    if (!isEmpty(value)) distinct.add(value);
    if (i % PAUSE_EVERY === 0) yield;
  }
  const ordered = yield* sortSliced([...distinct], compareValues);
  const rankOf = new Map<SortValue, number>();
  let rank = -1;
  ordered.forEach((value, i) => {
    // Values the collator finds equal ('a', 'A') share a rank, so their rows keep their order as in sortRows.
    if (i === 0 || compareValues(ordered[i - 1], value) !== 0) rank++;
    rankOf.set(value, rank);
  });
  yield;
  const top = rank;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = rankOf.get(values[i]);
    // Empty cells rank after every value in both directions.
    const shown = r === undefined ? top + 1 : sort.direction === 'ascending' ? r : top - r;
    keys[i] = shown * n + i;
    if (i % PAUSE_EVERY === 0) yield;
  }
  keys.sort();
  yield;
  const sorted = new Array<Session>(n);
  for (let i = 0; i < n; i++) sorted[i] = rows[(keys[i] as number) % n] as Session;
  return sorted;
}

function* choices(rows: readonly Session[], extra: readonly { id: string; label: string }[]) {
  const patientIds = new Map<string, number>();
  const clinicianIds = new Map<string, number>();
  const testIds = new Map<string, number>();
  const patientTexts: string[] = [];
  const clinicianTexts: string[] = [];
  const patientLeaves: { id: string; label: string; clinic: string }[] = [];
  const clinicians: Option[] = [];
  const patientOf = new Int32Array(rows.length);
  const clinicianOf = new Int32Array(rows.length);
  const testOf = new Int32Array(rows.length);
  const sessionNumbers = new Int32Array(rows.length);
  const subSessionNumbers = new Int32Array(rows.length);
  const reportable = new Uint8Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const session = rows[i] as Session;
    let patient = patientIds.get(session.UniquePatientID);
    if (patient === undefined) {
      patient = patientIds.size;
      patientIds.set(session.UniquePatientID, patient);
      patientTexts.push(patientSearchText(session));
      // The patient sits under the clinic of the first session seen: a tree item can appear only once.
      patientLeaves.push({
        id: session.UniquePatientID,
        label: patientNameAndGivenId(session),
        clinic: session.ClinicName,
      });
    }
    let clinician = clinicianIds.get(session.ClinicianID);
    if (clinician === undefined) {
      clinician = clinicianIds.size;
      clinicianIds.set(session.ClinicianID, clinician);
      clinicianTexts.push(clinicianSearchText(session));
      clinicians.push({ id: session.ClinicianID, label: session.ClinicianName });
    }
    const testText = testSearchText(session);
    let test = testIds.get(testText);
    if (test === undefined) {
      test = testIds.size;
      testIds.set(testText, test);
    }
    testOf[i] = test;
    patientOf[i] = patient;
    clinicianOf[i] = clinician;
    sessionNumbers[i] = session.SessionNumber;
    subSessionNumbers[i] = session.SubSessionNumber;
    reportable[i] = canProduceReport(session) ? 1 : 0;
    if (i % PAUSE_EVERY === 0) yield;
  }
  for (const patient of extra)
    if (!patientIds.has(patient.id)) patientLeaves.push({ id: patient.id, label: patient.label, clinic: '' });
  const leaves = yield* sortSliced(patientLeaves, byLabel);
  const clinics = new Map<string, TreeOption[]>();
  for (const { id, label, clinic } of leaves) {
    const branch = clinics.get(clinic) ?? [];
    branch.push({ id, label });
    clinics.set(clinic, branch);
  }
  const patientTree = [...clinics]
    .map(([clinic, children]) => ({ id: `${CLINIC_BRANCH_PREFIX}${clinic}`, label: clinic || 'No clinic', children }))
    .sort(byLabel);
  return {
    patientOf,
    clinicianOf,
    patientIds: [...patientIds.keys()],
    clinicianIds: [...clinicianIds.keys()],
    testOf,
    patientTexts,
    clinicianTexts,
    testTexts: [...testIds.keys()],
    sessionNumbers,
    subSessionNumbers,
    reportable,
    patientTree,
    clinicianOptions: yield* sortSliced(tellNamesakesApart(clinicians, rows), byLabel),
  };
}

/**
 * Builds the index of `rows` in `sort` order; `extra` names patients without a listed session (a ?patient= link)
 * in the patient filter's tree.
 */
export function* buildSessionIndex(
  rows: readonly Session[],
  sort: TableSort,
  extra: readonly { id: string; label: string }[] = [],
): SlicedWork<SessionIndex> {
  const sorted = yield* sortedOrder(rows, sort);
  const facts = yield* choices(sorted, extra);
  return { rows: sorted, bounds: numberBounds(sorted), ...facts };
}

const inRange = (value: number, range: readonly [number, number] | null) =>
  range === null || (value >= range[0] && value <= range[1]);

/** Per word, which of the texts hold it (1) or not (0): the search tests each patient, clinician and test once. */
const holding = (texts: readonly string[], words: readonly string[]) =>
  words.map((word) => Uint8Array.from(texts, (text) => (text.includes(word) ? 1 : 0)));

/** The sorted rows a filter keeps: the same rows as filterSessions, from the index's arrays. */
export function filterIndex(index: SessionIndex, filter: SessionFilter): readonly Session[] {
  const words = searchWords(filter.search);
  if (activeFilterCount(filter) === 0 && words.length === 0) return index.rows;
  const inPatient = holding(index.patientTexts, words);
  const inClinician = holding(index.clinicianTexts, words);
  const inTest = holding(index.testTexts, words);
  const found = (i: number) => {
    for (let w = 0; w < words.length; w++) {
      if (inPatient[w]?.[index.patientOf[i] as number] === 1) continue;
      if (inClinician[w]?.[index.clinicianOf[i] as number] === 1) continue;
      if (inTest[w]?.[index.testOf[i] as number] === 1) continue;
      return false;
    }
    return true;
  };
  const pick = (ids: readonly string[], chosen: readonly string[]) => {
    if (chosen.length === 0) return null;
    const wanted = new Set(chosen);
    return Uint8Array.from(ids, (id) => (wanted.has(id) ? 1 : 0));
  };
  const patients = pick(index.patientIds, filter.patientIds);
  const clinicians = pick(index.clinicianIds, filter.clinicianIds);
  const { sessionNumbers, subSessionNumbers, withReportData, withoutReportData } = filter;
  // Positions first, then an array of the exact length: growing one by push at 100,000 rows copied it again and
  // again, and the garbage (large arrays go straight to the old generation) set off a full collection every few
  // filter changes, several milliseconds each in a CPU profile of the built app.
  const positions = new Uint32Array(index.rows.length);
  let count = 0;
  for (let i = 0; i < index.rows.length; i++) {
    if (patients && patients[index.patientOf[i] as number] === 0) continue;
    if (clinicians && clinicians[index.clinicianOf[i] as number] === 0) continue;
    if (!inRange(index.sessionNumbers[i] as number, sessionNumbers)) continue;
    if (!inRange(index.subSessionNumbers[i] as number, subSessionNumbers)) continue;
    if (!(index.reportable[i] === 1 ? withReportData : withoutReportData)) continue;
    if (words.length > 0 && !found(i)) continue;
    positions[count++] = i;
  }
  const kept = new Array<Session>(count);
  for (let k = 0; k < count; k++) kept[k] = index.rows[positions[k] as number] as Session;
  return kept;
}
