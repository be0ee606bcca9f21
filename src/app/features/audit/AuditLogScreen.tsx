import { useMemo, useState } from 'react';
import { MESSAGES } from '#shared/messages';
import { Button } from '#app/components/ui/Button';
import { Card } from '#app/components/ui/Card';
import { DataTable } from '#app/components/ui/DataTable';
import { notify } from '#app/components/ui/Toast';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { auditExportErrorMessage, downloadAuditCsv } from './api/downloadAuditCsv.ts';
import { useAuditEvents } from './api/getAuditEvents.ts';
import { auditColumns, auditTime } from './auditColumns.tsx';
import { AuditEventDetails } from './AuditEventDetails.tsx';
import { auditQueryOf, NO_AUDIT_FILTERS } from './auditFilters.ts';
import { AuditFiltersPanel } from './AuditFiltersPanel.tsx';
import { actorName } from './auditText.ts';
import { readerTimeZone } from './readerTimeZone.ts';
import { useSettledValue } from './useSettledValue.ts';
import './audit.css';

const COLUMNS = auditColumns();

/**
 * /admin/audit-log: the trail as a table an auditor can work with (README 'Deliberate deviations'; docs/spec.md §2
 * shows it as text). The server filters, pages and names; the device shows local times and exports the view.
 */
export function AuditLogScreen() {
  useDocumentTitle('Audit Log');
  const [filters, setFilters] = useState(NO_AUDIT_FILTERS);
  // By its text, so that an unchanged query (a re-render) keeps the same settled value and cache entry.
  const asked = useSettledValue(JSON.stringify(auditQueryOf(filters)), 400);
  const parsed = useMemo(() => JSON.parse(asked) as ReturnType<typeof auditQueryOf>, [asked]);
  const query = 'query' in parsed ? parsed.query : undefined;
  const log = useAuditEvents(query);
  const rows = useMemo(() => log.data?.pages.flatMap((page) => page.events) ?? [], [log.data]);
  const [isExporting, setExporting] = useState(false);

  const exportCsv = async () => {
    if (query === undefined) return;
    setExporting(true);
    try {
      notify(`Saved ${await downloadAuditCsv(query)}`, 'success');
    } catch (error) {
      notify(await auditExportErrorMessage(error), 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card width="wide" className="audit-log">
      <div className="list-header">
        <h1>Audit Log</h1>
        <Button variant="secondary" isDisabled={isExporting || query === undefined} onPress={() => void exportCsv()}>
          {isExporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      <p>Times are in this device&apos;s time zone ({readerTimeZone()}).</p>
      <AuditFiltersPanel filters={filters} onChange={setFilters} />
      {'problem' in parsed && (
        <p className="form-error" role="alert">
          {parsed.problem}
        </p>
      )}
      {log.isPending && query !== undefined && <p role="status">Loading...</p>}
      {log.isError && !log.isFetchNextPageError && (
        <p className="form-error" role="alert">
          {MESSAGES.someError}
        </p>
      )}
      {log.isSuccess && (
        <>
          <p role="status" className="audit-count">
            {log.isPlaceholderData ? 'Loading...' : `Showing ${String(rows.length)} entries, newest first.`}
          </p>
          <DataTable
            className="audit-table"
            hasAreaLayout
            isPaged={false}
            label="Audit log"
            columns={COLUMNS}
            rows={rows}
            rowId={(event) => String(event.ID)}
            rowLabel={(event) => `entry ${String(event.ID)}, ${actorName(event)} at ${auditTime(event)}`}
            emptyText={
              query !== undefined && Object.keys(query).length > 0 ? 'No Data Matching Filter Found.' : 'No Data Found.'
            }
            resetPageOn={asked}
            renderDetail={(event) => <AuditEventDetails event={event} />}
          />
          {log.isFetchNextPageError && (
            <p className="form-error" role="alert">
              {MESSAGES.someError}
            </p>
          )}
          {log.hasNextPage && (
            <div className="actions">
              <Button variant="secondary" isDisabled={log.isFetchingNextPage} onPress={() => void log.fetchNextPage()}>
                {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
