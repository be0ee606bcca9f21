import { MISC_CODES } from '#shared/codes/misc';
import type { CallHandler } from '#server/http/serveCall';

/** getMiscList: the tags a patient may carry. */
export const getMiscList: CallHandler<'getMiscList'> = async () => ({ Miscs: [...MISC_CODES] });
