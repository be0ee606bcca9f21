/** A foot, in its own file: the engine's result and the plate events both name sides, and neither is below the other. */
export type Side = 'left' | 'right';
