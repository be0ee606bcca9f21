import { useState } from 'react';
import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { formatDateTime } from '#app/lib/dateTime';
import type { OutboxEntry } from '#app/lib/mirror/db';
import { keepMine, keepServers } from '#app/lib/mirror/outboxActions';
import { conflictFields } from './conflictFields.ts';
import { describeEntry } from './describeEntry.ts';

export type ConflictDialogProps = { entry: OutboxEntry; onClose: () => void };

/**
 * A 409 from the outbox: someone changed the record after this edit started (docs/design.md Data flow 3). Both versions
 * side by side, differences marked; the user decides, nothing clinical is overwritten silently.
 */
export function ConflictDialog({ entry, onClose }: ConflictDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = entry.current ?? {};
  const fields = conflictFields(entry.body, current);
  const changedAt = typeof current.DateModified === 'string' ? formatDateTime(current.DateModified) : 'recently';
  const seq = entry.seq;

  const resolve = (action: (seq: number) => Promise<void>) => {
    if (seq === undefined) return;
    setBusy(true);
    action(seq).then(onClose, (failure: unknown) => {
      setBusy(false);
      setError(failure instanceof Error ? failure.message : String(failure));
    });
  };

  return (
    <Dialog title="Resolve conflict" isOpen onOpenChange={(open) => !open && onClose()}>
      {() => (
        <>
          <p>
            <strong>{describeEntry(entry)}</strong>: the record was changed on the server ({changedAt}) after your edit
            started. Choose which version to keep.
          </p>
          <table className="conflict-table">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Your edit</th>
                <th scope="col">Server&apos;s current record</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((row) => (
                <tr key={row.field} className={row.differs ? 'conflict-table__differs' : undefined}>
                  <th scope="row">
                    {row.field}
                    {row.differs && <span className="visually-hidden"> (differs)</span>}
                  </th>
                  <td>{row.mine}</td>
                  <td>{row.theirs}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div role="alert" className="form-error">
            {error}
          </div>
          <div className="actions">
            <Button onPress={() => resolve(keepMine)} isPending={busy}>
              Keep mine
            </Button>
            <Button variant="secondary" onPress={() => resolve(keepServers)} isDisabled={busy}>
              Keep the server&apos;s
            </Button>
            <Button variant="quiet" onPress={onClose} isDisabled={busy}>
              Cancel
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
