import { useMemo } from 'react';
import { MESSAGES } from '#shared/messages';
import { Card } from '#app/components/ui/Card';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { useAuditLog } from './api/getAuditLog.ts';
import { localAuditLog, readerTimeZone } from './localAuditLog.ts';

/** docs/spec.md §2 /admin/audit-log: 'Loading...', then the text, monospace and horizontally scrollable. */
export function AuditLogScreen() {
  useDocumentTitle('Audit Log');
  const log = useAuditLog();
  const text = useMemo(() => (log.data === undefined ? '' : localAuditLog(log.data)), [log.data]);
  return (
    <Card width="wide">
      <h1>Audit Log</h1>
      {log.isPending && <p role="status">Loading...</p>}
      {log.isError && <p className="form-error">{MESSAGES.someError}</p>}
      {log.isSuccess && (
        <>
          <p>Times are in this device&apos;s time zone ({readerTimeZone()}).</p>
          {/* Focusable so that keyboard users can scroll the long lines sideways. */}
          <pre className="log-text" role="region" aria-label="Audit log" tabIndex={0}>
            {text}
          </pre>
        </>
      )}
    </Card>
  );
}
