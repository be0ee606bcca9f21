/** Small readers for parsed JSON whose shape is not yet known. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const finiteNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Parses JSON text, undefined when it is not JSON (the caller says what was expected). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The body seen in the most frames: its id, or undefined when no frame has one. */
export function mostFrequent<T>(ids: Iterable<T>): T | undefined {
  const counts = new Map<T, number>();
  let best: T | undefined;
  let bestCount = 0;
  for (const id of ids) {
    const count = (counts.get(id) ?? 0) + 1;
    counts.set(id, count);
    if (count > bestCount) [best, bestCount] = [id, count];
  }
  return best;
}
