import { ICD_CODES, ICD_TREE } from '#shared/codes/icd';
import type { CallHandler } from '#server/http/serveCall';

/** getICDList: the ICD-10 codes a patient may carry, the same list the client bundles. */
export const getICDList: CallHandler<'getICDList'> = async () => ({ ICD: [...ICD_CODES], ICD_Tree: [...ICD_TREE] });
