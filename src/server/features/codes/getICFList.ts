import { ICF_CODES, ICF_TREE } from '#shared/codes/icf';
import type { CallHandler } from '#server/http/serveCall';

/** getICFList: the ICF items a patient may be rated on, the same list the client bundles. */
export const getICFList: CallHandler<'getICFList'> = async () => ({ ICF: [...ICF_CODES], ICF_Tree: [...ICF_TREE] });
