import { cmToFeetInches, defaultUnits, kgToPounds, round4 } from '#shared/units';

/** A height for reading, in the locale's unit (docs/spec.md §5: feet and inches for en-US, centimetres otherwise). */
export function heightText(cm: number, locale: string | undefined): string {
  if (!cm) return '';
  if (defaultUnits(locale).height === 'cm') return `${String(round4(cm))} cm`;
  const { feet, inches } = cmToFeetInches(cm);
  return `${String(feet)} ft ${String(Math.round(inches * 10) / 10)} in`;
}

/** A weight for reading, in the locale's unit (docs/spec.md §5: pounds for en-US, kilograms otherwise). */
export function weightText(kg: number, locale: string | undefined): string {
  if (!kg) return '';
  return defaultUnits(locale).weight === 'kg'
    ? `${String(round4(kg))} kg`
    : `${String(Math.round(kgToPounds(kg) * 10) / 10)} lb`;
}
