import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlurDecision, BlurJob, BlurRegion } from '#shared/sessions/blurJobs';
import { getCall, postCall } from '#app/lib/apiCall';
import { queryClient } from '#app/lib/queryClient';
import { mirrorSyncKey } from '#app/lib/mirror/sync';

const jobsKey = (subSessionId: string) => ['blurJobs', subSessionId] as const;

/** A recording's blurring jobs, newest first; asked again every 2 s while one is queued or running. */
function blurJobsQueryOptions(subSessionId: string) {
  return queryOptions({
    queryKey: jobsKey(subSessionId),
    queryFn: async () => (await getCall('blurJobs', { SubSessionID: subSessionId })).jobs,
    refetchInterval: (query) => {
      const state = query.state.data?.[0]?.State;
      return state === 'queued' || state === 'running' ? 2000 : false;
    },
  });
}

export function useBlurJobs(subSessionId: string, enabled: boolean) {
  return useQuery({ ...blurJobsQueryOptions(subSessionId), enabled });
}

/**
 * The reviewer's changes are sent at once, not through the outbox: they need the videos, which need the server.
 * Each carries its own Idempotency-Key, so a retried request is not applied twice.
 */
export const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

/** The session rows' BlurredVideo flag changes with a job's output: the mirrored list syncs its delta. */
export const resyncSessions = () => queryClient.invalidateQueries({ queryKey: mirrorSyncKey('sessions') });

async function afterChange(job: BlurJob) {
  await queryClient.invalidateQueries({ queryKey: jobsKey(job.SubSessionID) });
  await resyncSessions();
}

export async function cancelBlurJob(job: BlurJob) {
  await postCall('cancelBlurJob', { JobID: job.JobID }, once());
  await afterChange(job);
}

export async function retryBlurJob(job: BlurJob) {
  await postCall('retryBlurJob', { JobID: job.JobID }, once());
  await afterChange(job);
}

export async function reviewBlurJob(job: BlurJob, decision: BlurDecision, regions?: BlurRegion[]) {
  await postCall(
    'reviewBlurJob',
    { JobID: job.JobID, Decision: decision, ...(regions === undefined ? {} : { Regions: regions }) },
    once(),
  );
  await afterChange(job);
}
