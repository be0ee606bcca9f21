import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { cancelPoseJob } from './cancelPoseJob.ts';
import { listPoseJobs } from './listPoseJobs.ts';
import { retryPoseJob } from './retryPoseJob.ts';

/** The pose jobs that measure walks in videos stored without joint data, cancel and retry (docs/pose-jobs.md). */
export function poseJobRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    serveCall(app, 'poseJobs', listPoseJobs(deps));
    serveCall(app, 'cancelPoseJob', cancelPoseJob(deps));
    serveCall(app, 'retryPoseJob', retryPoseJob(deps));
  };
}
