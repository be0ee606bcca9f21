import { auditActionLabel } from '#shared/audit/auditActions';
import type { AuditEventRow } from '#shared/audit/auditEvents';
import type { DataColumn } from '#app/components/ui/DataTable';
import { formatDateTime } from '#app/lib/dateTime';
import { actorName, outcomeLabel, readableTarget, recordName, roleLabel } from './auditText.ts';

export const auditTime = (event: AuditEventRow) => formatDateTime(event.At, undefined, { seconds: true });

/** A name with the id it stands for on hover; the row's details show the ids to every reader (AuditEventDetails). */
function Named({ name, id }: { name: string; id: string }) {
  return (
    <span className="audit-name" title={`ID: ${id}`}>
      {name}
    </span>
  );
}

function Records({ event }: { event: AuditEventRow }) {
  if (event.Records.length === 0) return <span className="audit-muted">{readableTarget(event.Target)}</span>;
  return (
    <ul className="audit-records">
      {event.Records.map((record) => (
        <li key={`${record.Kind}:${record.ID}`}>
          <Named name={recordName(record)} id={record.ID} />
        </li>
      ))}
      {event.MoreRecords > 0 && <li className="audit-muted">and {event.MoreRecords} more</li>}
    </ul>
  );
}

/** The audit log's columns, newest first as the server pages them (no sorting: a page is a slice of the trail). */
export function auditColumns(): DataColumn<AuditEventRow>[] {
  return [
    {
      id: 'time',
      name: 'Time',
      isRowHeader: true,
      render: (e) => (
        <time dateTime={e.At} title={`${e.At} (UTC)`}>
          {auditTime(e)}
        </time>
      ),
    },
    {
      id: 'person',
      name: 'Person',
      render: (e) => (
        <>
          <Named name={actorName(e)} id={e.Actor.ID} />
          <span className="audit-muted"> · {roleLabel(e.Actor.Role)}</span>
        </>
      ),
    },
    { id: 'action', name: 'Action', render: (e) => auditActionLabel(e.Action) },
    { id: 'records', name: 'Records', render: (e) => <Records event={e} /> },
    {
      id: 'outcome',
      name: 'Outcome',
      render: (e) => <span className={`audit-outcome audit-outcome--${e.Outcome}`}>{outcomeLabel(e.Outcome)}</span>,
    },
    { id: 'address', name: 'Address', render: (e) => e.Address },
  ];
}
