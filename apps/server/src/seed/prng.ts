/**
 * A small seeded pseudo-random generator (sfc32, seeded through splitmix32) and the distributions the
 * activity generator needs. The same seed always yields the same sequence, on every platform: only
 * 32-bit integer arithmetic and Math functions with exact results are involved in the state.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer uniform in [0, n). */
  int(n: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A uniform element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** Poisson-distributed count with mean lambda. */
  poisson(lambda: number): number;
  /** Exponential with the given mean. */
  exponential(mean: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** Pareto(xm = 1, alpha): heavy-tailed weight >= 1. */
  pareto(alpha: number): number;
  /** Index drawn from non-negative weights through their cumulative sums (binary search). */
  weighted(cumulative: readonly number[]): number;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** Creates a generator; `seed` may be any integer (or string, hashed with FNV-1a). */
export function createRng(seed: number | string): Rng {
  let numeric: number;
  if (typeof seed === 'string') {
    numeric = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) numeric = Math.imul(numeric ^ seed.charCodeAt(i), 0x01000193);
  } else {
    numeric = Math.trunc(seed) ^ Math.trunc(seed / 0x100000000);
  }
  const init = splitmix32(numeric);
  let a = init();
  let b = init();
  let c = init();
  let d = init() | 1;
  const u32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) u32();

  const next = () => u32() / 4294967296;
  let spareNormal: number | null = null;

  const rng: Rng = {
    next,
    int: (n) => Math.floor(next() * n),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    poisson(lambda) {
      if (lambda <= 0) return 0;
      if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * rng.normal()));
      // Knuth: multiply uniforms until below e^-lambda.
      const limit = Math.exp(-lambda);
      let k = 0;
      let p = next();
      while (p > limit) {
        k++;
        p *= next();
      }
      return k;
    },
    exponential: (mean) => -Math.log(1 - next()) * mean,
    normal() {
      if (spareNormal !== null) {
        const value = spareNormal;
        spareNormal = null;
        return value;
      }
      const u = 1 - next();
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spareNormal = r * Math.sin(2 * Math.PI * v);
      return r * Math.cos(2 * Math.PI * v);
    },
    pareto: (alpha) => Math.pow(1 - next(), -1 / alpha),
    weighted(cumulative) {
      const total = cumulative[cumulative.length - 1] ?? 0;
      const target = next() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((cumulative[mid] as number) > target) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    },
  };
  return rng;
}

/** Cumulative sums of weights, for Rng.weighted. */
export function cumulate(weights: readonly number[]): number[] {
  const out = new Array<number>(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i] as number;
    out[i] = sum;
  }
  return out;
}
