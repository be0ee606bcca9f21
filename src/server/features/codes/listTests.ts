import { WALK_TESTS } from '#shared/codes/tests';
import type { CallHandler } from '#server/http/serveCall';

/** tests: the walking tests a session records. */
export const listTests: CallHandler<'tests'> = async () => ({ tests: [...WALK_TESTS] });
