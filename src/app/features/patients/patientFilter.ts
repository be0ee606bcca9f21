import type { MirroredPatient } from '#app/lib/mirror/lists';
import { factsOf, type PatientFacts } from './patientFacts.ts';
import { MS_PER_YEAR } from './patientText.ts';

/** docs/spec.md §2/§9: the age slider runs 0 to 100, and 100 means '100+' (no upper bound). */
export const AGE_MIN = 0;
export const AGE_MAX = 100;

export type PatientFilter = {
  search: string;
  /** ICD and ICF codes; a patient with any of them matches. */
  codes: readonly string[];
  clinicIds: readonly string[];
  clinicianIds: readonly string[];
  /** null: any; '' : Not Specified. */
  sex: string | null;
  age: readonly [number, number];
};

export const NO_FILTER: PatientFilter = {
  search: '',
  codes: [],
  clinicIds: [],
  clinicianIds: [],
  sex: null,
  age: [AGE_MIN, AGE_MAX],
};

export const formatAge = (age: number): string => (age >= AGE_MAX ? `${String(AGE_MAX)}+` : String(age));

const isAgeLimited = (age: PatientFilter['age']) => age[0] !== AGE_MIN || age[1] !== AGE_MAX;

/** How many filters of the panel are set (the search box is counted apart). */
export function activeFilterCount(filter: PatientFilter): number {
  return [
    filter.codes.length > 0,
    filter.clinicIds.length > 0,
    filter.clinicianIds.length > 0,
    filter.sex !== null,
    isAgeLimited(filter.age),
  ].filter(Boolean).length;
}

/** The sorted patients with their facts side by side, built once per change of rows or order. */
export type PatientIndex = { rows: readonly MirroredPatient[]; facts: readonly PatientFacts[] };

export function indexPatients(rows: readonly MirroredPatient[]): PatientIndex {
  return { rows, facts: rows.map(factsOf) };
}

/** Whether a ',a,b,' list holds any of the needles (',a,'); a plain loop, as it runs per record. */
function hasAny(list: string, needles: readonly string[]): boolean {
  for (const needle of needles) if (list.includes(needle)) return true;
  return false;
}

function hasAll(text: string, words: readonly string[]): boolean {
  for (const word of words) if (!text.includes(word)) return false;
  return true;
}

const needles = (items: readonly string[]) => items.map((item) => `,${item},`);

type Matches = { positions: number[]; rows: MirroredPatient[] };

/**
 * The patients a filter keeps and their positions in the index, looking only at `candidates` when given.
 * A patient without a date of birth has no age, so an age range other than the full one leaves it out.
 */
function match(index: PatientIndex, filter: PatientFilter, now: number, candidates?: readonly number[]): Matches {
  const words = filter.search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const codes = needles(filter.codes);
  const clinics = needles(filter.clinicIds);
  const clinicians = needles(filter.clinicianIds);
  const { sex } = filter;
  const ageLimited = isAgeLimited(filter.age);
  // Born on or before latestBirth → at least the minimum age; born after earliestBirth → at most the maximum.
  const latestBirth = now - filter.age[0] * MS_PER_YEAR;
  const earliestBirth = filter.age[1] >= AGE_MAX ? -Infinity : now - (filter.age[1] + 1) * MS_PER_YEAR;
  const matches: Matches = { positions: [], rows: [] };
  const count = candidates ? candidates.length : index.rows.length;
  // One flat loop without a callback per record: this runs up to 100,000 times per filter change.
  for (let k = 0; k < count; k++) {
    const i = candidates ? (candidates[k] ?? 0) : k;
    const facts = index.facts[i];
    const patient = index.rows[i];
    if (!facts || !patient) continue;
    if (sex !== null && patient.Sex !== sex) continue;
    if (ageLimited && (facts.birth === undefined || facts.birth > latestBirth || facts.birth <= earliestBirth))
      continue;
    if (codes.length > 0 && !hasAny(facts.codes, codes)) continue;
    if (clinics.length > 0 && !hasAny(facts.clinicIds, clinics)) continue;
    if (clinicians.length > 0 && !hasAny(facts.clinicianIds, clinicians)) continue;
    if (!hasAll(facts.searchText, words)) continue;
    matches.positions.push(i);
    matches.rows.push(patient);
  }
  return matches;
}

/** A list filter keeps any of its items, so an empty one (no filter) is widest and any choice narrows it. */
const narrowsList = (previous: readonly string[], next: readonly string[]) =>
  previous.length === 0 || (previous.length === next.length && previous.every((v, i) => v === next[i]));

/**
 * Whether `next` can only keep patients `previous` kept: the search only grew at its end (typing; every word of
 * the longer search contains the matching word of the shorter one), and each panel filter is the same or newly set,
 * or the age range shrank.
 */
export function narrows(previous: PatientFilter, next: PatientFilter): boolean {
  return (
    next.search.toLocaleLowerCase().startsWith(previous.search.toLocaleLowerCase()) &&
    (previous.sex === null || next.sex === previous.sex) &&
    next.age[0] >= previous.age[0] &&
    next.age[1] <= previous.age[1] &&
    narrowsList(previous.codes, next.codes) &&
    narrowsList(previous.clinicIds, next.clinicIds) &&
    narrowsList(previous.clinicianIds, next.clinicianIds)
  );
}

/**
 * Filters an index, keeping its order (sort once, filter per keystroke). A change that can only narrow the result
 * (typing on, setting another filter) looks only at the patients the previous one kept.
 */
export class PatientFilterer {
  private last: { index: PatientIndex; filter: PatientFilter; now: number; positions: number[] } | undefined;

  run(index: PatientIndex, filter: PatientFilter, now: number): readonly MirroredPatient[] {
    if (filter.search.trim() === '' && activeFilterCount(filter) === 0) {
      this.last = undefined;
      return index.rows;
    }
    const last = this.last;
    const reusable =
      last !== undefined &&
      last.index === index &&
      (last.now === now || !isAgeLimited(filter.age)) &&
      narrows(last.filter, filter);
    const { positions, rows } = match(index, filter, now, reusable ? last.positions : undefined);
    this.last = { index, filter, now, positions };
    return rows;
  }
}

/** One-off filtering of a list (tests, small lists). */
export function filterPatients(
  rows: readonly MirroredPatient[],
  filter: PatientFilter,
  now: number,
): readonly MirroredPatient[] {
  return new PatientFilterer().run(indexPatients(rows), filter, now);
}
