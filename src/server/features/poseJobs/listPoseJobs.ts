import type { AppDeps } from '#server/deps';
import { jobsOfRecording } from '#server/scope/recordingJobs';
import type { CallHandler } from '#server/http/serveCall';
import { poseJobRecord } from './poseJobAction.ts';

/** A recording's pose jobs, newest first, for the files dialog: whoever may see the recording may see them. */
export function listPoseJobs(deps: AppDeps): CallHandler<'poseJobs'> {
  return async (request) => {
    const rows = await jobsOfRecording(deps, request, 'pose_jobs', request.query.SubSessionID, 'poseJob.list');
    return { jobs: rows.map(poseJobRecord) };
  };
}
