import type { ZodType } from 'zod';

/**
 * Adapts a shared zod field schema to React Aria's `validate` prop, so a form shows the same
 * message the server would send for the same value.
 */
export function problemFrom(schema: ZodType): (value: string) => string | null {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };
}
