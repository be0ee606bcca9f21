import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCall } from '#app/lib/apiCall';

async function getAuditLog(): Promise<string> {
  const body = await getCall('auditLog', { UserType: 'admin' });
  return body.Data;
}

/** Always fresh: the log grows with every action, including the admin's own visit. */
function getAuditLogQueryOptions() {
  return queryOptions({ queryKey: ['auditLog'], queryFn: getAuditLog, staleTime: 0 });
}

export function useAuditLog() {
  return useQuery(getAuditLogQueryOptions());
}
