import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCall } from '#app/lib/apiCall';

export async function getAuditLog(): Promise<string> {
  const body = await getCall('auditLog', { UserType: 'admin' });
  return body.Data;
}

/** Always fresh: the log grows with every action, including the admin's own visit. */
export function getAuditLogQueryOptions() {
  return queryOptions({ queryKey: ['auditLog'], queryFn: getAuditLog, staleTime: 0 });
}

export function useAuditLog() {
  return useQuery(getAuditLogQueryOptions());
}
