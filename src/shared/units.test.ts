import { describe, expect, it } from 'vitest';
import {
  cmToFeetInches,
  convertWeight,
  defaultUnits,
  feetInchesToCm,
  kgToPounds,
  poundsToKg,
  round4,
} from './units.ts';

describe('weight', () => {
  it('uses the exact international pound (docs/spec.md §5)', () => {
    expect(poundsToKg(1)).toBe(0.4536);
    expect(poundsToKg(150)).toBe(68.0389);
    expect(kgToPounds(70)).toBe(154.3236);
  });

  it('is unchanged when the unit is unchanged, and round-trips within the 4-decimal rounding', () => {
    expect(convertWeight(72.123456, 'kg', 'kg')).toBe(72.123456);
    const back = convertWeight(convertWeight(80, 'kg', 'lb'), 'lb', 'kg');
    expect(Math.abs(back - 80)).toBeLessThan(0.0001);
  });
});

describe('height', () => {
  it('converts feet and inches to centimetres', () => {
    expect(feetInchesToCm({ feet: 1, inches: 0 })).toBe(30.48);
    expect(feetInchesToCm({ feet: 0, inches: 1 })).toBe(2.54);
    expect(feetInchesToCm({ feet: 5, inches: 10 })).toBe(177.8);
  });

  it('splits centimetres into whole feet and the remaining inches', () => {
    expect(cmToFeetInches(177.8)).toEqual({ feet: 5, inches: 10 });
    expect(cmToFeetInches(180)).toEqual({ feet: 5, inches: 10.8661 });
    expect(cmToFeetInches(0)).toEqual({ feet: 0, inches: 0 });
  });

  it('carries inches that round up to a whole foot', () => {
    expect(cmToFeetInches(182.87999)).toEqual({ feet: 6, inches: 0 });
  });
});

describe('round4', () => {
  it('rounds to four decimals and never yields -0', () => {
    expect(round4(1.23456)).toBe(1.2346);
    expect(Object.is(round4(-0.00001), 0)).toBe(true);
  });
});

describe('defaultUnits', () => {
  it('gives en-US pounds, feet/inches and month-first dates', () => {
    expect(defaultUnits('en-US')).toEqual({ weight: 'lb', height: 'ft-in', dateOrder: 'month-first' });
  });

  it('gives every other locale kilograms, centimetres and day-first dates', () => {
    for (const locale of ['en-GB', 'de-DE', 'en', 'fr', undefined]) {
      expect(defaultUnits(locale)).toEqual({ weight: 'kg', height: 'cm', dateOrder: 'day-first' });
    }
  });
});
