/** The q-quantile (0..1) of a list of timings, nearest rank. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Median and 95th percentile of a list of timings. */
export function summarise(samples: number[]): { median: number; p95: number } {
  return { median: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}
