import { useQuery } from '@tanstack/react-query';
import { getCall } from '#app/lib/apiCall';

/** A recording's pose jobs, newest first; asked again every 2 s while one is queued or running. */
export function usePoseJobs(subSessionId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['poseJobs', subSessionId] as const,
    queryFn: async () => (await getCall('poseJobs', { SubSessionID: subSessionId })).jobs,
    refetchInterval: (query) => {
      const state = query.state.data?.[0]?.State;
      return state === 'queued' || state === 'running' ? 2000 : false;
    },
    enabled,
  });
}
