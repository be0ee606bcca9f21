import { useQuery } from '@tanstack/react-query';
import type { PoseFloorMarks, PoseJob } from '#shared/sessions/poseJobs';
import { getCall, postCall } from '#app/lib/apiCall';
import { queryClient } from '#app/lib/queryClient';
import { once, resyncSessions } from './blurJobCalls.ts';

const jobsKey = (subSessionId: string) => ['poseJobs', subSessionId] as const;

/** A recording's pose jobs, newest first; asked again every 2 s while one is queued or running. */
export function usePoseJobs(subSessionId: string, enabled: boolean) {
  return useQuery({
    queryKey: jobsKey(subSessionId),
    queryFn: async () => (await getCall('poseJobs', { SubSessionID: subSessionId })).jobs,
    refetchInterval: (query) => {
      const state = query.state.data?.[0]?.State;
      return state === 'queued' || state === 'running' ? 2000 : false;
    },
    enabled,
  });
}

/** Sent at once, like the blurring jobs' changes: a job runs on the server, which must be reachable anyway. */
export async function cancelPoseJob(job: PoseJob) {
  await postCall('cancelPoseJob', { JobID: job.JobID }, once());
  await queryClient.invalidateQueries({ queryKey: jobsKey(job.SubSessionID) });
}

/** Measured again: scaled by the floor marks given, or without them by the patient's height on record. */
export async function retryPoseJob(job: PoseJob, floorMarks?: PoseFloorMarks) {
  await postCall('retryPoseJob', { JobID: job.JobID, FloorMarks: floorMarks }, once());
  await queryClient.invalidateQueries({ queryKey: jobsKey(job.SubSessionID) });
  await resyncSessions();
}
