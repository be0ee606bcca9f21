import { describe, expect, it } from 'vitest';
import { birthDate, positiveMeasure } from './fields.ts';

const height = positiveMeasure('Height', { min: 20, max: 300, unit: 'cm' });
const problem = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message;

describe('body measures', () => {
  it.each([
    [true, 'Height must be a number'],
    ['0x10', 'Height must be a number'],
    ['1e2', 'Height must be a number'],
    ['Infinity', 'Height must be a number'],
    [1e-320, 'Height is too small: at least 20 cm'],
    [5, 'Height is too small: at least 20 cm'],
    ['', 'Height not specified'],
    [0, 'Height cannot be 0'],
    ['-3', 'Height cannot be negative'],
    [301, 'Height is too large: at most 300 cm'],
  ])('refuses %j: %s', (value, message) => {
    expect(problem(height, value)).toBe(message);
  });

  it('reads numbers and the decimal text of a form field', () => {
    expect(height.parse(170.5)).toBe(170.5);
    expect(height.parse(' 168.25 ')).toBe(168.25);
  });
});

describe('date of birth', () => {
  const now = () => new Date('2026-03-10T12:00:00Z');
  const dob = birthDate('Date of Birth', now);
  it.each([
    ['2026-03-12', 'Date of Birth cannot be in the future'],
    ['2999-01-01', 'Date of Birth cannot be in the future'],
    ['1899-12-31', 'Date of Birth cannot be before 1900'],
    ['1970-02-31', 'Date of Birth is not a real date'],
  ])('refuses %s: %s', (value, message) => {
    expect(problem(dob, value)).toBe(message);
  });

  it('accepts today, tomorrow in time zones ahead of UTC, and 1900', () => {
    expect(dob.parse('2026-03-10')).toBe('2026-03-10');
    expect(dob.parse('2026-03-11')).toBe('2026-03-11');
    expect(dob.parse('1900-01-01')).toBe('1900-01-01');
  });
});
