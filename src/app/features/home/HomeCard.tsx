import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MESSAGES } from '#shared/messages';
import { Card } from '#app/components/ui/Card';
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

/** The logged-in account's own details, with loading and error states. */
export function AccountDetails<T>({ query, rows }: { query: UseQueryResult<T>; rows: (record: T) => DetailRow[] }) {
  if (query.isPending) return <p role="status">Loading...</p>;
  if (query.isError) return <p className="form-error">{MESSAGES.someError}</p>;
  return (
    <dl className="details">
      {rows(query.data).map((row) => (
        <div key={row.label} className="details__row">
          <dt>{row.label}</dt>
          <dd>{row.value || 'Not recorded'}</dd>
        </div>
      ))}
    </dl>
  );
}
