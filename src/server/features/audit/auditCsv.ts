import { auditActionLabel, AUDIT_OUTCOMES, AUDIT_ROLES } from '#shared/audit/auditActions';
import type { AuditEventRow } from '#shared/audit/auditEvents';
import { csvText } from '#shared/exports/csvText';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in a time zone: one order for every reader, as a spreadsheet sorts it. */
function zonedTime(zone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (iso) => {
    const part = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
    const n = (type: string) => pad(Number(part[type] ?? 0));
    return `${part.year ?? ''}-${n('month')}-${n('day')} ${n('hour')}:${n('minute')}:${n('second')}`;
  };
}

const recordText = (row: AuditEventRow) => {
  const named = row.Records.map((r) => r.Label ?? `${r.Kind} ${r.ID}`);
  return [...named, ...(row.MoreRecords > 0 ? [`and ${String(row.MoreRecords)} more`] : [])].join('; ');
};

/**
 * The entries as CSV (csvText: RFC 4180, formula-like cells neutralised, since names, usernames and targets are
 * typed by people): names beside the ids they stand for, and local times beside UTC when the reader's zone is known.
 */
export function auditCsv(rows: readonly AuditEventRow[], timeZone: string | undefined): string {
  const local = timeZone === undefined ? undefined : zonedTime(timeZone);
  const header = [
    'Entry',
    'Time (UTC)',
    ...(timeZone === undefined ? [] : [`Time (${timeZone})`]),
    'Person',
    'Person ID',
    'Role',
    'Action',
    'Action code',
    'Records',
    'Record IDs',
    'Outcome',
    'Address',
    'Target',
  ];
  return csvText(
    header,
    rows.map((row) => [
      row.ID,
      row.At,
      ...(local === undefined ? [] : [local(row.At)]),
      row.Actor.Name ?? '',
      row.Actor.ID,
      AUDIT_ROLES[row.Actor.Role] ?? row.Actor.Role,
      auditActionLabel(row.Action),
      row.Action,
      recordText(row),
      row.Records.map((r) => `${r.Kind}:${r.ID}`).join(' '),
      (AUDIT_OUTCOMES as Record<string, string>)[row.Outcome] ?? row.Outcome,
      row.Address,
      row.Target,
    ]),
  );
}
