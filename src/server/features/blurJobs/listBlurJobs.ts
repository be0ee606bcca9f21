import type { AppDeps } from '#server/deps';
import type { CallHandler } from '#server/http/serveCall';
import { jobsOfRecording } from '#server/scope/recordingJobs';
import { blurJobRecord } from './jobRecords.ts';

/** A recording's blurring jobs, newest first, for the files dialog's progress and the review dialog. */
export function listBlurJobs(deps: AppDeps): CallHandler<'blurJobs'> {
  return async (request) => {
    const rows = await jobsOfRecording(deps, request, 'blur_jobs', request.query.SubSessionID, 'blurJob.list');
    return { jobs: rows.map(blurJobRecord) };
  };
}
