import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api';

type AuditLogResponse = { Data: string };

export async function getAuditLog(): Promise<string> {
  const body = await api.get('/api/auditLog', { searchParams: { UserType: 'admin' } }).json<AuditLogResponse>();
  return body.Data;
}

/** Always fresh: the log grows with every action, including the admin's own visit. */
export function getAuditLogQueryOptions() {
  return queryOptions({ queryKey: ['auditLog'], queryFn: getAuditLog, staleTime: 0 });
}

export function useAuditLog() {
  return useQuery(getAuditLogQueryOptions());
}
