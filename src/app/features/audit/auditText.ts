import { AUDIT_OUTCOMES, AUDIT_ROLES } from '#shared/audit/auditActions';
import type { AuditEventRow, AuditRecord } from '#shared/audit/auditEvents';

/** What each kind of record is called where the server could not name it. */
const KIND_LABELS: Record<string, string> = {
  patient: 'Patient',
  clinician: 'Clinician',
  clinic: 'Clinic',
  admin: 'Administrator',
  session: 'Session',
  subSession: 'Session',
  report: 'Report',
  upload: 'Upload',
};

export const roleLabel = (role: string) => AUDIT_ROLES[role] ?? role;
export const outcomeLabel = (outcome: string) => (AUDIT_OUTCOMES as Record<string, string>)[outcome] ?? outcome;

/** Who acted, by name; a caller the server cannot name (a mistyped username at login) by what it stored. */
export const actorName = (event: AuditEventRow) => event.Actor.Name ?? `Unknown (${event.Actor.ID})`;

/** A record by name, or by its kind and id when it has none (an upload, a report, a record never stored). */
export const recordName = (record: AuditRecord) =>
  record.Label ?? `${KIND_LABELS[record.Kind] ?? record.Kind} ${record.ID}`;

/** The records' names as one line, for a row's label and a card. */
export function recordsText(event: AuditEventRow): string {
  const names = event.Records.map(recordName);
  if (event.MoreRecords > 0) names.push(`and ${String(event.MoreRecords)} more`);
  return names.join('; ');
}

/** A target that names no record, as typed: the filters of a read of the log are stored URI-encoded, word by word. */
export function readableTarget(target: string): string {
  return target
    .split(' ')
    .map((word) => {
      try {
        return decodeURIComponent(word);
      } catch {
        return word;
      }
    })
    .join(' ');
}
