import { lazy, Suspense, useCallback, useMemo, useState, type ComponentType } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import type { Session } from '#shared/sessions/session';
import { Button } from '#app/components/ui/Button';
import { Card } from '#app/components/ui/Card';
import { useRowMenu } from '#app/components/ui/RowMenu';
import { notify } from '#app/components/ui/Toast';
import { SyncStatus } from '#app/components/SyncStatus';
import { useElevatedAccess } from '#app/lib/elevatedAccess';
import { listLoaded } from '#app/lib/listEmptyText';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import type { KeepOfflineDialogProps, SessionOverlay } from './SessionDialogs.tsx';
import { SessionFooter } from './SessionFooter.tsx';
import { sessionColumns } from './sessionColumns.tsx';
import { FilteredSessionTable } from './FilteredSessionTable.tsx';
import { checkReportSelection, selectedSessions, type SessionReportType } from './reportSelection.ts';
import { DEFAULT_SESSION_SORT } from './sessionSort.ts';
import { useSessionIndex } from './useSessionIndex.ts';
import { reportableHere } from './reportableHere.ts';
import { useSessionBrowserData } from './useSessionBrowserData.ts';
import { videoUnavailableReason } from './videoAccess.ts';
import './sessions.css';

// Loaded when a dialog is first opened, not before the list's first paint (see sessionRoutes.lazy.tsx).
const SessionDialogs = lazy(() => import('./SessionDialogs.tsx').then((m) => ({ default: m.SessionDialogs })));

export type SessionsScreenProps = {
  type: UserType;
  /** ?patient=<UniquePatientID> preselects the patient filter (docs/spec.md §2). */
  patientId?: string;
  /** The report and keep-offline dialogs belong to their own features; the route hands them in, loaded on demand. */
  ReportDialog: ComponentType<{ type: SessionReportType; sessions: readonly Session[]; onClose: () => void }>;
  KeepOfflineDialog: ComponentType<KeepOfflineDialogProps>;
  ExportDialog: ComponentType<{ sessions: readonly Session[]; onClose: () => void }>;
};

/** The session browser (docs/spec.md §2): filters, a sorted 25-per-page table with selection, report footer, admin files. */
export function SessionsScreen({
  type,
  patientId,
  ReportDialog,
  KeepOfflineDialog,
  ExportDialog,
}: SessionsScreenProps) {
  useDocumentTitle('Sessions');
  const [overlay, setOverlay] = useState<SessionOverlay | null>(null);
  const data = useSessionBrowserData(type, patientId, overlay?.kind === 'add');
  const { rows, ready } = data.sessions;
  const [sort, setSort] = useState(DEFAULT_SESSION_SORT);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [report, setReport] = useState<{ type: SessionReportType; sessions: Session[] } | null>(null);
  const [exporting, setExporting] = useState<readonly Session[] | null>(null);

  // Sorted and indexed once per change of rows or order, in slices (100,000 rows never block the page); a filter
  // change then is one loop over the index's numbers and renders one page of rows (FilteredSessionTable).
  const index = useSessionIndex(rows, sort, data.linkedPatient);
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
  const openAdd = useCallback(() => setOverlay({ kind: 'add' }), []);
  // The footer's handlers change with the selection only, so a filter change does not render its buttons again.
  const reportSelected = useCallback(
    (reportType: SessionReportType) => requestReport(reportType, selected),
    [requestReport, selected],
  );
  const downloadSelected = useCallback(() => setOverlay({ kind: 'download', sessions: selected }), [selected]);
  const exportSelected = useCallback(() => setExporting(selected), [selected]);
  const { elevated } = useElevatedAccess(useStoredLogin(), type === 'clinician');
  const rowMenu = useRowMenu();
  const columns = useMemo(
    () =>
      sessionColumns(
        type,
        {
          videoUnavailable: (session) => videoUnavailableReason(session, type, elevated),
          onReport: (session) => requestReport('session', [session]),
          onVideo: (session) => setOverlay({ kind: 'video', session }),
          onKeepOffline: (session) => setOverlay({ kind: 'keepOffline', session }),
          onFiles: (session) => setOverlay({ kind: 'files', subSessionId: session.SubSessionID }),
          onRecordVideo: (session) => setOverlay({ kind: 'recordVideo', session }),
          onDownload: (session) => setOverlay({ kind: 'download', sessions: [session] }),
          onExport: (session) => setExporting([session]),
        },
        rowMenu.open,
      ),
    [type, requestReport, elevated, rowMenu.open],
  );
  const heading = useMemo(
    () => (
      <>
        <h1>Sessions</h1>
        {type === 'admin' && <Button onPress={openAdd}>Add Session</Button>}
      </>
    ),
    [type, openAdd],
  );
  // Loaded once the first index of the mirrored rows is built (at once for an empty list).
  const isLoaded = listLoaded(ready && index !== undefined, rows.length, data.sync);

  return (
    <Card width="wide" className="list-screen">
      <FilteredSessionTable
        index={index}
        patientId={patientId}
        columns={columns}
        isLoaded={isLoaded}
        failed={data.sync.isError && rows.length === 0}
        hasRows={rows.length > 0}
        sort={sort}
        onSortChange={setSort}
        selectedIds={selectedIds}
        onSelectedChange={setSelectedIds}
        between={<SyncStatus query={data.sync} />}
        heading={heading}
      />
      {/* Only under a loaded list: shown above the loading rows, it would be pushed down when they arrive (CLS). */}
      {isLoaded && (
        <SessionFooter
          selectedCount={selected.length}
          onCreateReport={reportSelected}
          onDownload={type === 'admin' ? downloadSelected : undefined}
          onExport={exportSelected}
        />
      )}
      {rowMenu.menu}
      <Suspense>
        {exporting && <ExportDialog sessions={exporting} onClose={() => setExporting(null)} />}
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
      </Suspense>
    </Card>
  );
}
