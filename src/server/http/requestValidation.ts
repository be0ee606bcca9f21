import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { z } from 'zod';

/** What a request that breaks a rule with no message of its own is told (docs/spec.md §8: a generic error). */
export const INVALID_REQUEST = 'Invalid request';

/**
 * Parses a request part by a shared schema. A rule with its own message (the specification's field texts, docs/spec.md
 * §5) keeps it; one without gets INVALID_REQUEST instead of zod's own text ("Invalid string: must match pattern
 * /^\d+$/"), which tells a caller how the server checks rather than what to fix. zod uses the parse's error map only
 * where the schema gives no message, so it tells the two apart exactly.
 */
export function parseRequestPart<S extends z.ZodType>(schema: S, data: unknown) {
  return schema.safeParse(data, { error: () => INVALID_REQUEST });
}

/** Fastify's validator for the call map's zod schemas, by parseRequestPart; the first issue is what the client reads. */
export const requestValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = parseRequestPart(schema, data);
    if (result.success) return { value: result.data };
    const error = result.error.issues.map((issue): FastifySchemaValidationError => ({
      keyword: issue.code,
      instancePath: `/${issue.path.join('/')}`,
      schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
      params: {},
      message: issue.message,
    }));
    return { error };
  };
