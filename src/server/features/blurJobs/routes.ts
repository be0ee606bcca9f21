import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '#server/deps';
import { serveCall } from '#server/http/serveCall';
import { cancelBlurJob } from './cancelBlurJob.ts';
import { listBlurJobs } from './listBlurJobs.ts';
import { retryBlurJob } from './retryBlurJob.ts';
import { reviewBlurJob } from './reviewBlurJob.ts';

/** The blurring jobs of recordings' videos: their progress, cancel and retry, and the review (docs/blurring.md). */
export function blurJobRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    serveCall(app, 'blurJobs', listBlurJobs(deps));
    serveCall(app, 'cancelBlurJob', cancelBlurJob(deps));
    serveCall(app, 'retryBlurJob', retryBlurJob(deps));
    serveCall(app, 'reviewBlurJob', reviewBlurJob(deps));
  };
}
