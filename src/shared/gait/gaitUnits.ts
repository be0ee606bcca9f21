/**
 * Branded units for gait quantities, so that metres, seconds and percentages cannot be mixed by accident
 * (the Excalidraw `packages/math` habit). A brand costs nothing at run time: values stay plain numbers.
 */
declare const unit: unique symbol;
type Unit<Name extends string> = number & { readonly [unit]: Name };

export type Metres = Unit<'m'>;
export type Seconds = Unit<'s'>;
export type MetresPerSecond = Unit<'m/s'>;
export type StepsPerMinute = Unit<'steps/min'>;
/** Percent of one gait cycle (heel strike to the next heel strike of the same foot). */
export type PercentOfCycle = Unit<'% of gait cycle'>;

export const metres = (value: number) => value as Metres;
export const seconds = (value: number) => value as Seconds;
export const metresPerSecond = (value: number) => value as MetresPerSecond;
export const stepsPerMinute = (value: number) => value as StepsPerMinute;
export const percentOfCycle = (value: number) => value as PercentOfCycle;
