import { notFound } from '#server/http/errors';

/**
 * An id the caller may not see or link answers exactly like an id that does not exist (404, same text), so a foreign
 * id leaks nothing and links nothing: a linked record would fall into the caller's scope.
 */
export const unknownId = (label: string) => notFound(`${label} contains an unknown id`);
