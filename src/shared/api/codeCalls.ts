import { z } from 'zod';
import { userTypeSchema } from '../auth/userTypeSchema.ts';
import { codeItemSchema, codeTreeNodeSchema } from '../codes/codeTree.ts';
import { TOKEN_ANSWERS, defineCall } from './call.ts';

const EVERYONE = ['patient', 'clinician', 'clinic', 'admin'] as const;
const query = z.object({ UserType: userTypeSchema.optional() });
const tag = 'codes';

const codeList = <J extends z.ZodType>(path: `/api/${string}`, summary: string, json: J) =>
  defineCall({
    method: 'GET',
    path,
    tag,
    summary,
    access: EVERYONE,
    query,
    answers: { ...TOKEN_ANSWERS, 200: { description: summary, json } },
  });

/** The fixed code lists (ICD-10, ICF, tags, walking tests): the same data the client bundles. */
export const codeCalls = {
  getICDList: codeList(
    '/api/getICDList',
    'The ICD-10 codes a patient may carry, as a list and as the tree select shows them',
    z.object({ ICD: z.array(codeItemSchema), ICD_Tree: z.array(codeTreeNodeSchema) }),
  ),
  getICFList: codeList(
    '/api/getICFList',
    'The ICF items a patient may be rated on, as a list and as a tree',
    z.object({ ICF: z.array(codeItemSchema), ICF_Tree: z.array(codeTreeNodeSchema) }),
  ),
  getMiscList: codeList(
    '/api/getMiscList',
    'The tags a patient may carry',
    z.object({ Miscs: z.array(codeItemSchema) }),
  ),
  tests: codeList(
    '/api/tests',
    'The walking tests a session records',
    z.object({ tests: z.array(z.object({ TestID: z.string(), Name: z.string() })) }),
  ),
};
