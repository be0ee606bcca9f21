import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import { Button } from '#app/components/ui/Button';
import { ButtonLink } from '#app/components/ui/ButtonLink';
import { startOutboxDrain } from '#app/lib/mirror/outboxTriggers';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog';
import { unsentText } from './describeEntry.ts';
import { useOffline, useUnsentCount } from './useOutbox.ts';
import { useWaitingSentNotice } from './useWaitingSentNotice.ts';

/**
 * The top bar's outbox corner: Offline, the unsent count (a link to the outbox page) and Logout, which asks first
 * while changes are unsent, because logging out deletes them with the mirror. Mounting it starts the drain.
 */
export function OutboxStatus({ type, userKey }: { type: UserType; userKey: string }) {
  const unsent = useUnsentCount();
  const offline = useOffline();
  const [isAsking, setAsking] = useState(false);
  const navigate = useNavigate();
  // Restarted per user: the drain sends the logged-in user's outbox with that user's token.
  useEffect(() => startOutboxDrain(), [userKey]);
  useWaitingSentNotice(userKey);

  return (
    <>
      {offline && (
        <span className="outbox-badge outbox-badge--offline" role="status">
          Offline
        </span>
      )}
      {unsent > 0 && (
        <ButtonLink href={`/${type}/outbox`} variant="quiet">
          {unsentText(unsent)}
        </ButtonLink>
      )}
      {unsent > 0 ? (
        <Button variant="quiet" onPress={() => setAsking(true)}>
          Logout
        </Button>
      ) : (
        <ButtonLink href="/logout" variant="quiet">
          Logout
        </ButtonLink>
      )}
      <ConfirmDialog
        title="Unsent changes"
        isOpen={isAsking}
        onOpenChange={setAsking}
        confirmLabel="Log out"
        onConfirm={() => void navigate({ to: '/logout' })}
      >
        <p>You have {unsentText(unsent)}. Log out anyway?</p>
        <p>They have not reached the server and will be deleted from this device.</p>
      </ConfirmDialog>
    </>
  );
}
