import type { AuditOutcomeName } from '#shared/audit/auditActions';

/** The audit log's filters as the screen holds them: typed text, a chosen action and outcome, local calendar days. */
export type AuditFilters = {
  person: string;
  patient: string;
  action: string | null;
  outcome: AuditOutcomeName | null;
  /** ISO dates (YYYY-MM-DD) in the device's time zone, both days included. */
  from: string | null;
  to: string | null;
};

export const NO_AUDIT_FILTERS: AuditFilters = {
  person: '',
  patient: '',
  action: null,
  outcome: null,
  from: null,
  to: null,
};

/** The filters as the auditEvents and auditEventsCsv calls take them. */
export type AuditQuery = {
  Person?: string;
  Patient?: string;
  Action?: string;
  Outcome?: AuditOutcomeName;
  From?: string;
  To?: string;
};

export const FROM_AFTER_TO = 'The From date is after the To date.';

/** The start of a local calendar day, `days` later, as the UTC instant the server compares. */
function localDayStart(isoDate: string, days = 0): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(year, month - 1, day + days).toISOString();
}

/**
 * The query for the filters: text trimmed, empty fields left out, and the days as the instants that bound them in
 * the device's time zone (From its first moment, To the first moment of the next day, excluded).
 */
export function auditQueryOf(filters: AuditFilters): { query: AuditQuery } | { problem: string } {
  if (filters.from !== null && filters.to !== null && filters.from > filters.to) return { problem: FROM_AFTER_TO };
  const person = filters.person.trim();
  const patient = filters.patient.trim();
  return {
    query: {
      ...(person === '' ? {} : { Person: person }),
      ...(patient === '' ? {} : { Patient: patient }),
      ...(filters.action === null ? {} : { Action: filters.action }),
      ...(filters.outcome === null ? {} : { Outcome: filters.outcome }),
      ...(filters.from === null ? {} : { From: localDayStart(filters.from) }),
      ...(filters.to === null ? {} : { To: localDayStart(filters.to, 1) }),
    },
  };
}

/** How many filters are set, for the panel's title ('Filters (2)'). */
export function activeAuditFilterCount(filters: AuditFilters): number {
  const { person, patient, ...chosen } = filters;
  return [person, patient].filter((text) => text.trim() !== '').length + Object.values(chosen).filter(Boolean).length;
}
