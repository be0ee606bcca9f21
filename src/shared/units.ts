/**
 * Body-measure units and locale defaults (docs/spec.md §5 Units). The server stores kilograms and centimetres;
 * pounds and feet/inches exist only in forms.
 */

export const KG_PER_POUND = 0.45359237;
export const CM_PER_FOOT = 30.48;
export const CM_PER_INCH = 2.54;
const INCHES_PER_FOOT = 12;

export type WeightUnit = 'kg' | 'lb';
export type HeightUnit = 'cm' | 'ft-in';
export type DateOrder = 'day-first' | 'month-first';
export type FeetInches = { feet: number; inches: number };
export type UnitDefaults = { weight: WeightUnit; height: HeightUnit; dateOrder: DateOrder };

/** docs/spec.md §5: a value is rounded to 4 decimals whenever its unit changes. */
export function round4(value: number): number {
  const rounded = Math.round((value + Number.EPSILON) * 10_000) / 10_000;
  // Avoid '-0' in a form after rounding a tiny negative.
  return rounded === 0 ? 0 : rounded;
}

export function poundsToKg(pounds: number): number {
  return round4(pounds * KG_PER_POUND);
}

export function kgToPounds(kg: number): number {
  return round4(kg / KG_PER_POUND);
}

export function convertWeight(value: number, from: WeightUnit, to: WeightUnit): number {
  if (from === to) return value;
  return from === 'lb' ? poundsToKg(value) : kgToPounds(value);
}

export function feetInchesToCm({ feet, inches }: FeetInches): number {
  return round4(feet * CM_PER_FOOT + inches * CM_PER_INCH);
}

/** Whole feet plus the remaining inches; 11.99999 inches that round to 12 carry into a foot. */
export function cmToFeetInches(cm: number): FeetInches {
  const totalInches = cm / CM_PER_INCH;
  let feet = Math.floor(totalInches / INCHES_PER_FOOT);
  let inches = round4(totalInches - feet * INCHES_PER_FOOT);
  if (inches >= INCHES_PER_FOOT) {
    feet += 1;
    inches = round4(inches - INCHES_PER_FOOT);
  }
  return { feet, inches };
}

/** docs/spec.md §5: pounds, feet/inches and month-first dates for en-US browsers; kg, cm and day-first otherwise. */
export function defaultUnits(locale: string | undefined): UnitDefaults {
  return locale?.toLowerCase() === 'en-us'
    ? { weight: 'lb', height: 'ft-in', dateOrder: 'month-first' }
    : { weight: 'kg', height: 'cm', dateOrder: 'day-first' };
}
