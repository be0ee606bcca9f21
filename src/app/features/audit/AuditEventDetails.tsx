import type { AuditEventRow } from '#shared/audit/auditEvents';
import { actorName, recordName } from './auditText.ts';

/** An entry's ids and stored text, for every reader: the names above stand for these. */
export function AuditEventDetails({ event }: { event: AuditEventRow }) {
  return (
    <dl className="audit-details">
      <div>
        <dt>Entry</dt>
        <dd>{event.ID}</dd>
      </div>
      <div>
        <dt>Time (UTC)</dt>
        <dd>{event.At}</dd>
      </div>
      <div>
        <dt>{actorName(event)}</dt>
        <dd>ID: {event.Actor.ID}</dd>
      </div>
      {event.Records.map((record) => (
        <div key={`${record.Kind}:${record.ID}`}>
          <dt>{recordName(record)}</dt>
          <dd>ID: {record.ID}</dd>
        </div>
      ))}
      <div>
        <dt>Action code</dt>
        <dd>{event.Action}</dd>
      </div>
      <div>
        <dt>Stored target</dt>
        <dd>{event.Target}</dd>
      </div>
    </dl>
  );
}
