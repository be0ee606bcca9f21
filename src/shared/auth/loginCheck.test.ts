import { describe, expect, it } from 'vitest';
import { loginResponseSchema, loginRequestSchema } from './login.ts';
import { passwordProblem, readLoginAnswer, usernameProblem } from './loginCheck.ts';

const zodProblem = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
};

// Edges of both limits, whitespace the trim removes (and some it keeps), surrogate pairs, and values that are not text.
const texts = [
  '',
  ' ',
  '\t\n ',
  '\u00a0',
  '\u200b',
  'a',
  ' a ',
  'clinician1',
  '😀',
  '\ud83d'.repeat(101),
  'x'.repeat(99) + '😀',
  ...[99, 100, 101, 199, 200, 201].flatMap((n) => ['x'.repeat(n), ` ${'x'.repeat(n)} `, '😀'.repeat(Math.ceil(n / 2))]),
];
const notTexts = [undefined, null, 0, 1, true, [], {}, ['a']];

describe('login field checks without zod', () => {
  it.each([...texts, ...notTexts].map((value) => [JSON.stringify(value) ?? 'undefined', value]))(
    'username %s: same verdict and message as the schema',
    (_, value) => {
      expect(usernameProblem(value)).toBe(zodProblem(loginRequestSchema.shape.username, value));
    },
  );

  it.each([...texts, ...notTexts].map((value) => [JSON.stringify(value) ?? 'undefined', value]))(
    'password %s: same verdict and message as the schema',
    (_, value) => {
      expect(passwordProblem(value)).toBe(zodProblem(loginRequestSchema.shape.password, value));
    },
  );

  it('covers every message the schema can give', () => {
    const messages = new Set(texts.flatMap((t) => [usernameProblem(t), passwordProblem(t)]));
    expect([...messages].sort()).toEqual(
      [null, 'Password is too long', 'Password not specified', 'Username is too long', 'Username not specified'].sort(),
    );
  });
});

describe('login answer without zod', () => {
  const answers: unknown[] = [
    { Result: 'Success', Data: { ID: 'u1', AccessToken: 't' } },
    { Result: 'Success', Data: { ID: 'u1', AccessToken: 't', Extra: 1 }, Other: true },
    { Result: 'Failure', Data: { Error: 'Username or password is incorrect.' } },
    { Result: 'Failure', Data: { Error: 'x', ID: 'u1' } },
    { Result: 'Success', Data: { ID: 'u1' } },
    { Result: 'Success', Data: { ID: 1, AccessToken: 't' } },
    { Result: 'Success', Data: { Error: 'x' } },
    { Result: 'Failure', Data: { ID: 'u1', AccessToken: 't' } },
    { Result: 'Failure', Data: { Error: null } },
    { Result: 'Failure', Data: [] },
    { Result: 'Failure' },
    { Result: 'Other', Data: { Error: 'x' } },
    { Data: { ID: 'u1', AccessToken: 't' } },
    [],
    'Success',
    null,
    undefined,
    42,
  ];

  it.each(answers.map((body) => [JSON.stringify(body) ?? 'undefined', body]))(
    '%s: as the schema reads it',
    (_, body) => {
      const parsed = loginResponseSchema.safeParse(body);
      expect(readLoginAnswer(body)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});
