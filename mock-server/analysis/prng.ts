/** A small seeded random source (mulberry32), so generated demo burns are reproducible. */
export interface Random {
  /** uniform in [0, 1) */
  next(): number;
  /** uniform in [min, max) */
  between(min: number, max: number): number;
  /** normal with mean 0 and standard deviation sigma */
  gaussian(sigma: number): number;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  let spare: number | null = null;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    gaussian: (sigma) => {
      if (spare !== null) {
        const value = spare * sigma;
        spare = null;
        return value;
      }
      // Box–Muller: two normals per pair of uniforms
      const u = 1 - next();
      const v = next();
      const radius = Math.sqrt(-2 * Math.log(u));
      spare = radius * Math.sin(2 * Math.PI * v);
      return radius * Math.cos(2 * Math.PI * v) * sigma;
    },
  };
}
