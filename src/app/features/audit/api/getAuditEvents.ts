import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { getCall } from '#app/lib/apiCall';
import type { AuditQuery } from '../auditFilters.ts';

/** One page of the audit log for the filters, older than `cursor` (the previous page's nextCursor). */
function getAuditEvents(query: AuditQuery, cursor: string | undefined) {
  return getCall('auditEvents', { UserType: 'admin', ...query, ...(cursor === undefined ? {} : { cursor }) });
}

/**
 * The pages loaded so far for the filters, newest first; 'Load more' asks for the next. Never fresh from the cache:
 * the log grows with every action, the admin's own visit included.
 */
export function useAuditEvents(query: AuditQuery | undefined) {
  return useInfiniteQuery({
    queryKey: ['auditEvents', query],
    queryFn: ({ pageParam }) => getAuditEvents(query ?? {}, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: query !== undefined,
    staleTime: 0,
    // A new filter keeps the rows on screen until its first page is in, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
