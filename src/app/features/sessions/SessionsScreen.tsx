import { useCallback, useDeferredValue, useMemo, useState, type ComponentType } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import type { Session } from '#shared/sessions/session';
import { Button } from '#app/components/ui/Button';
import { Card } from '#app/components/ui/Card';
import { DataTable } from '#app/components/ui/DataTable';
import { sortRows } from '#app/components/ui/tableData';
import { notify } from '#app/components/ui/Toast';
import { SyncStatus } from '#app/components/SyncStatus';
import { useElevatedAccess } from '#app/lib/elevatedAccess';
import { listEmptyText, listLoaded } from '#app/lib/listEmptyText';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { canProduceReport } from '#shared/sessions/session';
import { SessionDialogs, type KeepOfflineDialogComponent, type SessionOverlay } from './SessionDialogs.tsx';
import { SessionFiltersPanel } from './SessionFiltersPanel.tsx';
import { SessionFooter } from './SessionFooter.tsx';
import { sessionColumns, sessionLabel } from './sessionColumns.tsx';
import { filterForPatient, filterSessions, type SessionFilter } from './sessionFilter.ts';
import { checkReportSelection, selectedSessions, type SessionReportType } from './reportSelection.ts';
import { DEFAULT_SESSION_SORT, sessionSortValue } from './sessionSort.ts';
import { reportableHere } from './reportableHere.ts';
import { useSessionBrowserData } from './useSessionBrowserData.ts';
import { videoUnavailableReason } from './videoAccess.ts';
import './sessions.css';

export type SessionsScreenProps = {
  type: UserType;
  /** ?patient=<UniquePatientID> preselects the patient filter (docs/spec.md §2). */
  patientId?: string;
  /** The report and keep-offline dialogs belong to their own features; the route hands them in. */
  ReportDialog: ComponentType<{ type: SessionReportType; sessions: readonly Session[]; onClose: () => void }>;
  KeepOfflineDialog: KeepOfflineDialogComponent;
};

/** The session browser (docs/spec.md §2): filters, a sorted 25-per-page table with selection, report footer, admin files. */
export function SessionsScreen({ type, patientId, ReportDialog, KeepOfflineDialog }: SessionsScreenProps) {
  useDocumentTitle('Sessions');
  const data = useSessionBrowserData(type, patientId);
  const { rows, ready } = data.sessions;
  const [filter, setFilter] = useState<SessionFilter>(() => filterForPatient(patientId));
  const [sort, setSort] = useState(DEFAULT_SESSION_SORT);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [overlay, setOverlay] = useState<SessionOverlay | null>(null);
  const [report, setReport] = useState<{ type: SessionReportType; sessions: Session[] } | null>(null);

  // Sort the whole list once per change of rows or order; a filter change then only filters, in order.
  const sorted = useMemo(() => sortRows(rows, sort, sessionSortValue), [rows, sort]);
  const shownFilter = useDeferredValue(filter);
  const shown = useMemo(() => filterSessions(sorted, shownFilter), [sorted, shownFilter]);
  const selected = useMemo(() => selectedSessions(rows, selectedIds), [rows, selectedIds]);

  const requestReport = useCallback((reportType: SessionReportType, sessions: readonly Session[]) => {
    const check = checkReportSelection(reportType, sessions);
    if (!check.ok) return notify(check.message, 'error');
    // Offline a report is made on the device from kept joint data: without any, say so rather than fail.
    void reportableHere(check.sessions).then((here) =>
      here
        ? setReport({ type: reportType, sessions: check.sessions })
        : setOverlay({ kind: 'notOnDevice', sessions: check.sessions }),
    );
  }, []);
  const { elevated } = useElevatedAccess(useStoredLogin(), type === 'clinician');
  const columns = useMemo(
    () =>
      sessionColumns(type, {
        videoUnavailable: (session) => videoUnavailableReason(session, type, elevated),
        onReport: (session) => requestReport('session', [session]),
        onVideo: (session) => setOverlay({ kind: 'video', session }),
        onKeepOffline: (session) => setOverlay({ kind: 'keepOffline', session }),
        onFiles: (session) => setOverlay({ kind: 'files', subSessionId: session.SubSessionID }),
        onDownload: (session) => setOverlay({ kind: 'download', sessions: [session] }),
      }),
    [type, requestReport, elevated],
  );
  const isLoaded = listLoaded(ready, rows.length, data.sync);

  return (
    <Card width="wide">
      <div className="list-header">
        <h1>Sessions</h1>
        {type === 'admin' && <Button onPress={() => setOverlay({ kind: 'add' })}>Add Session</Button>}
      </div>
      <SessionFiltersPanel
        filter={filter}
        onChange={(change) => setFilter((old) => ({ ...old, ...change }))}
        patientTree={data.patientFilterTree}
        clinicianOptions={data.clinicianFilterOptions}
        bounds={data.bounds}
        defaultExpanded={patientId !== undefined}
      />
      <SyncStatus query={data.sync} />
      <DataTable
        className="sessions-table"
        label="Sessions"
        columns={columns}
        rows={isLoaded ? shown : []}
        rowId={(s) => s.SubSessionID}
        rowLabel={sessionLabel}
        emptyText={listEmptyText({
          ready: isLoaded,
          failed: data.sync.isError && rows.length === 0,
          searching: rows.length > 0,
        })}
        sort={sort}
        onSortChange={setSort}
        resetPageOn={shownFilter}
        selection={{ selectedIds, onChange: setSelectedIds, isSelectable: canProduceReport }}
        hasAreaLayout
      />
      {/* Only under a loaded list: shown above the loading rows, it would be pushed down when they arrive (CLS). */}
      {isLoaded && (
        <SessionFooter
          selectedCount={selected.length}
          onCreateReport={(reportType) => requestReport(reportType, selected)}
          onDownload={type === 'admin' ? () => setOverlay({ kind: 'download', sessions: selected }) : undefined}
        />
      )}
      {report && <ReportDialog type={report.type} sessions={report.sessions} onClose={() => setReport(null)} />}
      {overlay && (
        <SessionDialogs
          overlay={overlay}
          type={type}
          rows={rows}
          data={data}
          KeepOfflineDialog={KeepOfflineDialog}
          onClose={() => setOverlay(null)}
        />
      )}
    </Card>
  );
}
