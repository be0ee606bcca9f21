import { useState } from 'react';
import type { Session } from '#shared/sessions/session';
import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { addPendingKeeps } from '#app/lib/mirror/pendingKeeps';
import { sessionLabelList } from './notOnDevice.ts';

export type NotOnDeviceDialogProps = { sessions: readonly Session[]; onClose: () => void };

/**
 * Offline, a report needs the sessions' joint data on the device. When none of it is kept, this says so (rather
 * than 'Insufficient data') and offers to keep the sessions as soon as the network returns.
 */
export function NotOnDeviceDialog({ sessions, onClose }: NotOnDeviceDialogProps) {
  const [asked, setAsked] = useState(false);
  const many = sessions.length > 1;
  return (
    <Dialog title="Not on this device" isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <>
          <p>
            You are offline, and the data of {sessionLabelList(sessions)} is not kept on this device, so{' '}
            {many ? 'their' : 'its'} report cannot be made now.
          </p>
          {asked ? (
            <p role="status">
              {many ? 'They will be' : 'It will be'} kept on this device when the network returns; the report can then
              be made offline too.
            </p>
          ) : (
            <p>Keep {many ? 'them' : 'it'} on this device, and the report can be made without the network next time.</p>
          )}
          <div className="actions">
            {!asked && (
              <Button onPress={() => void addPendingKeeps(sessions).then(() => setAsked(true))}>
                Keep when back online
              </Button>
            )}
            <Button variant="secondary" onPress={close}>
              Close
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
