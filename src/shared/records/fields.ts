import { z } from 'zod';
import { passwordShapeProblem } from '../auth/passwordPolicy.ts';

/**
 * Field builders whose messages are the spec's verbatim patterns (§5): '<Field> not specified', '<Field> is too long',
 * '<Field> cannot be 0', '<Field> cannot be negative', '<thing> must have at least one <other>'.
 */
export const requiredText = (label: string, max = 100) =>
  z
    .string({ error: `${label} not specified` })
    .trim()
    .min(1, `${label} not specified`)
    .max(max, `${label} is too long`);

export const optionalText = (label: string, max = 100) =>
  z
    .string({ error: `${label} is not text` })
    .trim()
    .max(max, `${label} is too long`)
    .optional()
    .default('');

/** Comma-joined ids or codes as the spec writes them ('a,b'), also accepted as an array; null, '' and 'N/A' mean none. */
export const idList = (label: string) =>
  z
    .union([z.string(), z.array(z.string()), z.null()], { error: `${label} must be a list` })
    .optional()
    .transform((value): string[] => {
      if (value === undefined || value === null) return [];
      const items = Array.isArray(value) ? value : value.split(',');
      return [...new Set(items.map((s) => s.trim()).filter((s) => s !== '' && s !== 'N/A'))];
    })
    .refine((items) => items.every((s) => s.length <= 100), `${label} is too long`);

export const positiveMeasure = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} not specified` })
    .refine((n) => Number.isFinite(n), `${label} not specified`)
    .refine((n) => n >= 0, `${label} cannot be negative`)
    .refine((n) => n !== 0, `${label} cannot be 0`)
    .refine((n) => n <= max, `${label} is too large`);

export const isoDate = (label: string) =>
  z
    .string({ error: `${label} not specified` })
    .trim()
    .min(1, `${label} not specified`)
    .regex(/^\d{4}-\d{2}-\d{2}/, `${label} must be a date (YYYY-MM-DD)`)
    .transform((s) => s.slice(0, 10))
    .refine(
      (s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().slice(0, 10) === s,
      'Date of Birth is not a real date',
    );

export const email = (label: string) => z.string().trim().max(200, `${label} is too long`).optional().default('');

/** The version an edit started from; a stale one gets 409 (DESIGN.md Data flow 3). */
export const baseVersion = z
  .string({ error: 'DateModified not specified' })
  .min(1, 'DateModified not specified')
  .max(40, 'DateModified is too long');

/** A client-generated id, so that a record created offline can be referred to before the server has seen it. */
export const clientId = z.uuid({ error: 'ID must be a UUID' }).optional();

export const credentials = {
  Username: z.string().trim().max(100, 'Username is too long').optional().default(''),
  Password: z.string().max(200, 'Password is too long').optional().default(''),
  PasswordHint: z.string().trim().max(200, 'PasswordHint is too long').optional().default(''),
};

/** Credentials are all-or-nothing: 'Password specified without a Username' and the reverse. */
export function credentialsProblem(username: string, password: string, isNew: boolean): string | undefined {
  if (password !== '' && username === '') return 'Password specified without a Username';
  if (username !== '' && password === '' && isNew) return 'Username specified without a Password';
  return password === '' ? undefined : passwordShapeProblem(password);
}
