/** m:ss.s — tenths of a second are what a clinician reads off a walk; minutes cover a 10-minute recording. */
export function clockText(seconds: number): string {
  const tenths = Math.max(0, Math.round(seconds * 10));
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths % 600) / 10;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}

/** 0.25 → '0.25×', 1 → '1×'. */
export const speedText = (speed: number): string => `${Number(speed.toFixed(2))}×`;
