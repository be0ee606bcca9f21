import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MESSAGES } from '#shared/messages';
import { Card } from '#app/components/ui/Card';
import { formatDateTime } from '#app/lib/dateTime';
import { NotKeptOffline, type Copy } from '#app/lib/mirror/keptCopies';
import { useDocumentTitle } from '#app/lib/useDocumentTitle';

export type HomeCardProps = { title: string; children: ReactNode; actions?: ReactNode };

export function HomeCard({ title, children, actions }: HomeCardProps) {
  useDocumentTitle(title);
  return (
    <Card>
      <h1>{title}</h1>
      {children}
      {actions && <div className="actions">{actions}</div>}
    </Card>
  );
}

export type DetailRow = { label: string; value: string };

const NOT_KEPT_TEXT =
  'You are offline, and your details are not kept on this device yet: they show here once you have been online.';

/**
 * The logged-in account's own details, with loading and error states. Offline they come from the copy this device
 * keeps, with the day it was kept; without one, the page says that this needs the network.
 */
export function AccountDetails<T>({
  query,
  rows,
}: {
  query: UseQueryResult<Copy<T>>;
  rows: (record: T) => DetailRow[];
}) {
  if (query.isPending) return <p role="status">Loading...</p>;
  if (query.isError) {
    return query.error instanceof NotKeptOffline ? (
      <p role="status">{NOT_KEPT_TEXT}</p>
    ) : (
      <p className="form-error">{MESSAGES.someError}</p>
    );
  }
  return (
    <>
      {query.data.offline && (
        <p role="status" className="details__offline">
          You are offline: these details are as this device kept them on {formatDateTime(query.data.keptAt)}.
        </p>
      )}
      <dl className="details">
        {rows(query.data.value).map((row) => (
          <div key={row.label} className="details__row">
            <dt>{row.label}</dt>
            <dd>{row.value || 'Not recorded'}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
