import { Button } from '#app/components/ui/Button';
import { Card } from '#app/components/ui/Card';
import { DataTable, type DataColumn } from '#app/components/ui/DataTable';
import { DeleteIcon } from '#app/components/ui/icons';
import { RowActionButton } from '#app/components/ui/RowAction';
import { formatFileSize } from '#app/lib/pwa/fileSize';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { OFFLINE_FILE_LABELS } from './offlineTargets.ts';
import { useOfflineStorage, type KeptFileRow } from './useOfflineStorage.ts';
import './offline.css';

const fileLabel = (f: KeptFileRow) => `${OFFLINE_FILE_LABELS[f.kind]} of ${f.sessionLabel}`;

/** /{type}/offline: the session files kept on this device (docs/design.md Data flow 6), their size and the quota used. */
export function OfflineStorageScreen() {
  useDocumentTitle('Offline Storage');
  const { query, files: labelledFiles, remove, removeAll } = useOfflineStorage();
  const columns: DataColumn<KeptFileRow>[] = [
    { id: 'session', name: 'Session', render: (f) => f.sessionLabel, isRowHeader: true },
    { id: 'file', name: 'File', render: (f) => OFFLINE_FILE_LABELS[f.kind] },
    { id: 'size', name: 'Size', render: (f) => formatFileSize(f.bytes) },
    {
      id: 'actions',
      name: 'Actions',
      kind: 'actions',
      render: (f) => (
        <RowActionButton
          label="Remove"
          name={`Remove ${fileLabel(f)}`}
          icon={<DeleteIcon size={20} />}
          onPress={() => void remove(f.key)}
        />
      ),
    },
  ];
  const files = labelledFiles ?? [];
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  return (
    <Card width="wide">
      <h1>Offline Storage</h1>
      <p>
        Session files you opened in the skeleton viewer or chose to keep offline stay on this device until you remove
        them or log out.
      </p>
      {query.isPending && <p role="status">Loading...</p>}
      {query.data && (
        <>
          <dl className="offline-storage__facts">
            <dt>Kept files</dt>
            <dd>{`${String(files.length)} (${formatFileSize(total)})`}</dd>
            <dt>Storage used on this device</dt>
            <dd>{`${formatFileSize(query.data.use.usage)} of ${formatFileSize(query.data.use.quota)}`}</dd>
            <dt>Persistent storage</dt>
            <dd>{query.data.use.persisted ? 'Yes' : 'No — the browser may clear these files when space runs low'}</dd>
          </dl>
          <DataTable
            label="Files kept offline"
            columns={columns}
            rows={files}
            rowId={(f) => f.key}
            rowLabel={fileLabel}
            emptyText="No files are kept offline."
          />
          <div className="actions">
            <Button variant="danger" isDisabled={files.length === 0} onPress={() => void removeAll()}>
              Remove all
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
