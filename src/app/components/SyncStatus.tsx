import type { UseQueryResult } from '@tanstack/react-query';
import { MESSAGES } from '#shared/messages';
import { Button } from '#app/components/ui/Button';

/**
 * A failed sync leaves the mirrored rows usable; the user learns they may be out of date and can try again.
 * While a sync runs nothing is shown: the list is already there.
 */
export function SyncStatus({ query }: { query: UseQueryResult }) {
  if (!query.isError) return null;
  return (
    <div role="alert" className="sync-status">
      <span>
        {query.data === undefined
          ? MESSAGES.someError
          : 'The list could not be brought up to date; it may be missing recent changes.'}
      </span>
      <Button variant="secondary" isPending={query.isFetching} onPress={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
