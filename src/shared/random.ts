/**
 * A seeded random source: the same seed gives the same synthetic walk, demo data or test schedule on every machine
 * and run.
 */
export type Random = {
  /** Uniform in [0, 1). */
  uniform: () => number;
  /** Standard normal (mean 0, standard deviation 1). */
  gaussian: () => number;
};

/** mulberry32 (Tommy Ettinger, public domain): 32-bit state, fast, and good enough for simulated sensor noise. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Box–Muller; 1 - uniform() keeps the logarithm's argument in (0, 1].
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, gaussian };
}
