import type { Session } from '#shared/sessions/session';
import { canProduceReport, patientNameAndGivenId } from '#shared/sessions/session';

/** A closed range of session (or sub-session) numbers. */
export type NumberRange = readonly [number, number];

export type SessionFilter = {
  /** UniquePatientIDs; a session of any of them matches. */
  patientIds: readonly string[];
  clinicianIds: readonly string[];
  /** null: the whole range the data spans, so the filter stays open while new sessions arrive. */
  sessionNumbers: NumberRange | null;
  subSessionNumbers: NumberRange | null;
  /** docs/spec.md §2's two checkboxes: sessions with data to generate a report from, and sessions without it. */
  withReportData: boolean;
  withoutReportData: boolean;
  /** The search box: every word must be in the patient's name or id, the test or the clinician's name. */
  search: string;
};

export const NO_SESSION_FILTER: SessionFilter = {
  patientIds: [],
  clinicianIds: [],
  sessionNumbers: null,
  subSessionNumbers: null,
  withReportData: true,
  withoutReportData: true,
  search: '',
};

/** The filter a `?patient=` link opens with (patient browser's View Sessions, docs/spec.md §2). */
export const filterForPatient = (patientId: string | undefined): SessionFilter =>
  patientId ? { ...NO_SESSION_FILTER, patientIds: [patientId] } : NO_SESSION_FILTER;

/** The search box's words, lower-cased; none for a blank search. */
export const searchWords = (search: string): string[] => search.toLowerCase().split(/\s+/).filter(Boolean);

/** What a session's search words are looked for in, lower-cased (one text per patient, clinician and test). */
export const patientSearchText = (s: Session) => `${patientNameAndGivenId(s)} ${s.UniquePatientID}`.toLowerCase();
export const clinicianSearchText = (s: Session) => s.ClinicianName.toLowerCase();
export const testSearchText = (s: Session) => s.TestName.toLowerCase();

const matchesSearch = (s: Session, words: readonly string[]) => {
  const texts = [patientSearchText(s), clinicianSearchText(s), testSearchText(s)];
  return words.every((word) => texts.some((text) => text.includes(word)));
};

/** How many of the panel's filters are set, shown in its title (the search box is not one of them). */
export function activeFilterCount(filter: SessionFilter): number {
  return [
    filter.patientIds.length > 0,
    filter.clinicianIds.length > 0,
    filter.sessionNumbers !== null,
    filter.subSessionNumbers !== null,
    !filter.withReportData,
    !filter.withoutReportData,
  ].filter(Boolean).length;
}

const within = (value: number, range: NumberRange | null) => range === null || (value >= range[0] && value <= range[1]);

/**
 * The sessions a filter keeps, in the given (sorted) order. One flat loop with set lookups: it runs over up to
 * 100,000 mirrored sessions per change and must fit in a frame (docs/design.md budgets).
 */
export function filterSessions(rows: readonly Session[], filter: SessionFilter): readonly Session[] {
  const words = searchWords(filter.search);
  if (activeFilterCount(filter) === 0 && words.length === 0) return rows;
  const patients = filter.patientIds.length > 0 ? new Set(filter.patientIds) : null;
  const clinicians = filter.clinicianIds.length > 0 ? new Set(filter.clinicianIds) : null;
  const { sessionNumbers, subSessionNumbers, withReportData, withoutReportData } = filter;
  const kept: Session[] = [];
  for (const session of rows) {
    if (patients && !patients.has(session.UniquePatientID)) continue;
    if (clinicians && !clinicians.has(session.ClinicianID)) continue;
    if (!within(session.SessionNumber, sessionNumbers) || !within(session.SubSessionNumber, subSessionNumbers))
      continue;
    if (!(canProduceReport(session) ? withReportData : withoutReportData)) continue;
    if (words.length > 0 && !matchesSearch(session, words)) continue;
    kept.push(session);
  }
  return kept;
}
