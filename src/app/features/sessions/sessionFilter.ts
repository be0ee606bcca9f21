import type { Session } from '#shared/sessions/session';
import { canProduceReport } from '#shared/sessions/session';

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
};

export const NO_SESSION_FILTER: SessionFilter = {
  patientIds: [],
  clinicianIds: [],
  sessionNumbers: null,
  subSessionNumbers: null,
  withReportData: true,
  withoutReportData: true,
};

/** The filter a `?patient=` link opens with (patient browser's View Sessions, docs/spec.md §2). */
export const filterForPatient = (patientId: string | undefined): SessionFilter =>
  patientId ? { ...NO_SESSION_FILTER, patientIds: [patientId] } : NO_SESSION_FILTER;

/** How many of the panel's filters are set, shown in its title. */
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
  if (activeFilterCount(filter) === 0) return rows;
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
    kept.push(session);
  }
  return kept;
}
