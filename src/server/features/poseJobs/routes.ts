import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { listPoseJobs } from './listPoseJobs.ts';

/** The pose jobs that measure walks in videos stored without joint data (docs/pose-jobs.md). */
export function poseJobRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    serveCall(app, 'poseJobs', listPoseJobs(deps));
  };
}
