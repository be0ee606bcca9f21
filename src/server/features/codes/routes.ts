import type { FastifyPluginAsync } from 'fastify';
import { serveCall } from '#server/http/serveCall';
import { getICDList } from './getICDList.ts';
import { getICFList } from './getICFList.ts';
import { getMiscList } from './getMiscList.ts';
import { listTests } from './listTests.ts';

/** The fixed code lists (ICD-10, ICF, tags, walking tests): the same data the client bundles, for the specification's (docs/spec.md) calls. */
export function codeRoutes(): FastifyPluginAsync {
  return async (app) => {
    serveCall(app, 'getICDList', getICDList);
    serveCall(app, 'getICFList', getICFList);
    serveCall(app, 'getMiscList', getMiscList);
    serveCall(app, 'tests', listTests);
  };
}
