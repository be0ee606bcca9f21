import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { userTypeSchema } from '#shared/auth/userTypes';
import { ICD_CODES, ICD_TREE } from '#shared/codes/icd';
import { ICF_CODES, ICF_TREE } from '#shared/codes/icf';
import { MISC_CODES } from '#shared/codes/misc';
import { WALK_TESTS } from '#shared/codes/tests';
import type { AppDeps } from '#server/deps';

const everyone = { access: ['patient', 'clinician', 'clinic', 'admin'] as const };
const querystring = z.object({ UserType: userTypeSchema.optional() });

/** The fixed code lists (ICD-10, ICF, tags, walk tests): the same data the client bundles, for the spec's calls. */
export function codeRoutes(_deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    const schema = { querystring, tags: ['codes'] };
    app.get('/api/getICDList', { schema, config: everyone }, () => ({ ICD: ICD_CODES, ICD_Tree: ICD_TREE }));
    app.get('/api/getICFList', { schema, config: everyone }, () => ({ ICF: ICF_CODES, ICF_Tree: ICF_TREE }));
    app.get('/api/getMiscList', { schema, config: everyone }, () => ({ Miscs: MISC_CODES }));
    app.get('/api/tests', { schema, config: everyone }, () => ({ tests: WALK_TESTS }));
  };
}
