import { z } from 'zod';
import { PUBLIC_ANSWERS, defineCall } from './call.ts';

const probeAnswer = z.object({
  status: z.enum(['ok', 'unavailable', 'stopping']),
  failed: z.array(z.string()).optional().describe('The dependencies that did not answer: database, storage'),
});
const noStore = { 'Cache-Control': z.literal('no-store') };

/** The probes a load balancer asks, and this contract itself. */
export const serviceCalls = {
  healthz: defineCall({
    method: 'GET',
    path: '/healthz',
    tag: 'service',
    summary: 'Liveness: the process answers (restart it if not)',
    access: 'public',
    answers: { ...PUBLIC_ANSWERS, 200: { description: 'Alive', json: probeAnswer, headers: noStore } },
  }),
  readyz: defineCall({
    method: 'GET',
    path: '/readyz',
    tag: 'service',
    summary: 'Readiness: the database and the file store answer and the process is not stopping',
    access: 'public',
    answers: {
      ...PUBLIC_ANSWERS,
      200: { description: 'Ready for traffic', json: probeAnswer, headers: noStore },
      503: { description: 'Send it no traffic: stopping, or a dependency does not answer', json: probeAnswer },
    },
  }),
  openapi: defineCall({
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'service',
    summary: 'This contract, as an OpenAPI 3.1 document (readable at /api/docs)',
    access: 'public',
    answers: {
      ...PUBLIC_ANSWERS,
      200: { description: 'The document', json: z.looseObject({}) },
    },
  }),
};
