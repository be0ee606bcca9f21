import { useState } from 'react';
import { Button } from '#app/components/ui/Button';
import { Card } from '#app/components/ui/Card';
import { formatDateTime } from '#app/lib/dateTime';
import type { OutboxEntry } from '#app/lib/mirror/db';
import { discardEntry, retryEntry } from '#app/lib/mirror/outboxActions';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog';
import { ConflictDialog } from './ConflictDialog.tsx';
import { describeEntry, describeState } from './describeEntry.ts';
import { useOffline, useOutboxEntries } from './useOutbox.ts';

/** /{type}/outbox: every change not yet confirmed by the server, with what the user can do about each. */
export function OutboxScreen() {
  useDocumentTitle('Unsent Changes');
  const entries = useOutboxEntries();
  const offline = useOffline();
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const [resolving, setResolving] = useState<OutboxEntry | null>(null);
  // Resolved from the live list, so the dialog closes by itself if another tab resolved it.
  const conflict = resolving && entries?.find((entry) => entry.seq === resolving.seq && entry.state === 'conflict');

  return (
    <Card width="wide">
      <h1>Unsent Changes</h1>
      {entries === undefined && <p role="status">Loading...</p>}
      {entries?.length === 0 && <p>Every change has reached the server.</p>}
      {offline && entries !== undefined && entries.length > 0 && (
        <p role="status">You are offline. Queued changes are sent when the connection returns.</p>
      )}
      {entries !== undefined && entries.length > 0 && (
        <table className="outbox-table" aria-label="Unsent changes">
          <thead>
            <tr>
              <th scope="col">Change</th>
              <th scope="col">Made</th>
              <th scope="col">State</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.seq} className={`outbox-table__row outbox-table__row--${entry.state}`}>
                <th scope="row">{describeEntry(entry)}</th>
                <td>{formatDateTime(entry.createdAt)}</td>
                <td>{describeState(entry)}</td>
                <td className="outbox-table__actions">
                  {entry.state === 'conflict' && <Button onPress={() => setResolving(entry)}>Resolve</Button>}
                  {(entry.state === 'failed' || entry.state === 'queued') && (
                    <Button variant="secondary" onPress={() => entry.seq !== undefined && void retryEntry(entry.seq)}>
                      Retry
                    </Button>
                  )}
                  <Button variant="danger" isDisabled={entry.state === 'sending'} onPress={() => setDiscarding(entry)}>
                    Discard
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        title="Discard change"
        isOpen={discarding !== null}
        onOpenChange={(open) => !open && setDiscarding(null)}
        confirmLabel="Discard"
        onConfirm={() => discarding?.seq !== undefined && void discardEntry(discarding.seq)}
      >
        <p>{discarding && `Discard "${describeEntry(discarding)}"? It will never be sent.`}</p>
      </ConfirmDialog>
      {conflict && <ConflictDialog entry={conflict} onClose={() => setResolving(null)} />}
    </Card>
  );
}
