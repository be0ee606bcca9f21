import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCall } from './apiCall.ts';
import { queryClient } from './queryClient.ts';
import type { StoredLogin } from './storedLogin.ts';

/**
 * Whether the logged-in clinician may watch unblurred video: their own clinician record says so. Only clinicians
 * have the flag; for every other role the answer is false without a request.
 */
function elevatedAccessQueryOptions(login: StoredLogin | null) {
  return queryOptions({
    queryKey: ['elevatedAccess', login?.loginType, login?.id],
    queryFn: async () => {
      const body = await getCall('clinician', { id: login?.id ?? '', UserType: 'clinician' });
      return body.clinicians[0]?.ElevatedAccess ?? false;
    },
    enabled: login?.loginType === 'clinician',
  });
}

/** The flag for a screen; `isPending` stays true for a clinician until their record has answered. */
export function useElevatedAccess(login: StoredLogin | null, enabled = true) {
  const query = useQuery({
    ...elevatedAccessQueryOptions(login),
    enabled: enabled && login?.loginType === 'clinician',
  });
  return { elevated: query.data ?? false, isPending: login?.loginType === 'clinician' && enabled && query.isPending };
}

/** The flag for work outside React, such as keeping a session's files offline. */
export async function fetchElevatedAccess(login: StoredLogin): Promise<boolean> {
  if (login.loginType !== 'clinician') return false;
  return queryClient.fetchQuery(elevatedAccessQueryOptions(login));
}
