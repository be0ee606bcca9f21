import { z } from 'zod';
import { passwordShapeProblem } from '../auth/passwordPolicy.ts';

/**
 * Field builders whose messages are the specification's (docs/spec.md) verbatim patterns (§5): '<Field> not specified', '<Field> is too long',
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

/** Comma-joined ids or codes as the specification (docs/spec.md) writes them ('a,b'), also accepted as an array; null, '' and 'N/A' mean none. */
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

/** A measure as a JSON number or as the decimal text a form field holds; never a flag, hex, exponent or 'Infinity'. */
const DECIMAL_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A body measure in the unit the server stores (cm, kg), between the least a clinic would ever record and the most:
 * `true`, '0x10' or 1e-320 are not heights, so they are refused with a message rather than read as 1, 16 or 0+.
 * A value out of range is refused saying the range, in the stored unit, whichever unit the form was filled in.
 */
export const positiveMeasure = (label: string, limits: { min: number; max: number; unit: string }) =>
  z
    .union([z.number(), z.string()], { error: `${label} must be a number` })
    .refine((v) => typeof v === 'number' || v.trim() === '' || DECIMAL_TEXT.test(v), `${label} must be a number`)
    .transform((v) => (typeof v === 'string' && v.trim() === '' ? Number.NaN : Number(v)))
    .refine((n) => Number.isFinite(n), `${label} not specified`)
    .refine((n) => n >= 0, `${label} cannot be negative`)
    .refine((n) => n !== 0, `${label} cannot be 0`)
    .refine((n) => n >= limits.min, `${label} is too small: at least ${String(limits.min)} ${limits.unit}`)
    .refine((n) => n <= limits.max, `${label} is too large: at most ${String(limits.max)} ${limits.unit}`);

const isoDate = (label: string) =>
  z
    .string({ error: `${label} not specified` })
    .trim()
    .min(1, `${label} not specified`)
    .regex(/^\d{4}-\d{2}-\d{2}/, `${label} must be a date (YYYY-MM-DD)`)
    .transform((s) => s.slice(0, 10))
    .refine(
      (s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().slice(0, 10) === s,
      `${label} is not a real date`,
    );

/** The earliest date of birth a living patient may have. */
const EARLIEST_BIRTH = '1900-01-01';

/**
 * A date of birth: a real date, not in the future (a day's grace for time zones ahead of UTC) and not before 1900.
 * `now` is read when a value is checked, so a long-running server does not keep the day it started.
 */
export const birthDate = (label: string, now: () => Date = () => new Date()) =>
  isoDate(label)
    .refine(
      (s) => s <= new Date(now().getTime() + 86_400_000).toISOString().slice(0, 10),
      `${label} cannot be in the future`,
    )
    .refine((s) => s >= EARLIEST_BIRTH, `${label} cannot be before 1900`);

export const email = (label: string) => z.string().trim().max(200, `${label} is too long`).optional().default('');

/** The version an edit started from; a stale one gets 409 (docs/design.md Data flow 3). */
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
