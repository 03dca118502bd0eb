/**
 * Which stored burns an upload's wobble match (copyMatch.ts) is run against, read from
 * their copy keys (copyKey.ts; docs/analysis.md, "A copy's key"). A copy has had its
 * weights, its temperatures or its clock disguised; each lookup lets one of the three
 * groups go and compares the rest closely: `weights` (scaled or offset: the temperatures,
 * the clock and the ratios must agree), `temperatures` (the weights, the clock, the
 * ratios), `clock` (shifted, stretched, resampled, thinned or cut: the weights, the
 * temperatures and the load pattern). Every lookup allows the operator's noise and
 * dropped readings. A stored burn is a candidate when, under some lookup, each number the
 * upload has is within COPY_KEY_REACH tolerances of its own; candidates are ranked by that
 * distance and the wobble match runs on the first COPY_KEY_CAP. Pure.
 */
import type { CopyKey } from './copyKey';

/** How many tolerances apart two keys may be and still be candidates. */
export const COPY_KEY_REACH = 1.5;
/** The wobble match runs on at most this many candidates, the nearest first. */
export const COPY_KEY_CAP = 5;
/** A log read less often than this (median s between readings) is sparse: its numbers are measured more loosely. */
export const COPY_KEY_SPARSE_S = 30;

export type CopyKeyLookup = 'weights' | 'temperatures' | 'clock';

type Feature =
  | 'full'
  | 'char'
  | 'last_load'
  | 'prev_load'
  | 'hot'
  | 'quench_c'
  | 'cold'
  | 'lead'
  | 'burn'
  | 'span'
  | 'heat'
  | 'peak'
  | 'yield'
  | 'p0'
  | 'p1'
  | 'p2'
  | 'p3';

/** Each number as it is compared: kg as their logarithm (a tolerance is a share), the rest as stored. */
const READ: Record<Feature, (key: CopyKey) => number | null> = {
  full: (k) => logOf(k.full_kg),
  char: (k) => logOf(k.char_kg),
  last_load: (k) => logOf(k.last_load_kg),
  prev_load: (k) => logOf(k.prev_load_kg),
  hot: (k) => k.hot_c,
  quench_c: (k) => k.quench_c,
  cold: (k) => k.cold_c,
  lead: (k) => k.lead_s,
  burn: (k) => k.burn_s,
  span: (k) => k.span_s,
  heat: (k) => k.heat_s,
  peak: (k) => k.peak_s,
  yield: (k) => k.char_yield,
  p0: (k) => k.load_pattern[0] ?? null,
  p1: (k) => k.load_pattern[1] ?? null,
  p2: (k) => k.load_pattern[2] ?? null,
  p3: (k) => k.load_pattern[3] ?? null,
};
function logOf(kg: number | null): number | null {
  return kg !== null && kg > 0 ? Math.log(kg) : null;
}

/**
 * Tolerances, [dense, sparse]: what noise of σ 0.5 kg and 3 °C and a tenth of the readings
 * dropped move each number (clock still), and, for the clock lookup, what a stretch of
 * ×0.90–1.10, resampling to 10 s or 60 s and a tenth cut from either end move it too; set on
 * simulated burns and their copies apart from the benchmark's (docs/analysis.md, "A copy's key").
 */
const STILL: Record<Feature, readonly [number, number]> = {
  full: [0.003, 0.004],
  char: [0.002, 0.003],
  last_load: [0.01, 0.012],
  prev_load: [0.01, 0.012],
  hot: [1.5, 4],
  quench_c: [3, 4],
  cold: [3, 5],
  lead: [15, 90],
  burn: [20, 90],
  span: [15, 90],
  heat: [25, 90],
  peak: [150, 300],
  yield: [0.0015, 0.0015],
  p0: [0.01, 0.012],
  p1: [0.003, 0.003],
  p2: [0.01, 0.012],
  p3: [0.003, 0.003],
};
const CLOCK: Partial<Record<Feature, readonly [number, number]>> = {
  full: [0.01, 0.01],
  char: [0.002, 0.003],
  last_load: [0.01, 0.012],
  prev_load: [0.01, 0.012],
  hot: [3, 9],
  quench_c: [5, 15],
  p0: [0.015, 0.02],
  p1: [0.003, 0.007],
  p2: [0.015, 0.02],
  p3: [0.003, 0.007],
};

interface Lookup {
  features: readonly Feature[];
  tolerance: Partial<Record<Feature, readonly [number, number]>>;
  /** the numbers an index is keyed by: ones nearly every keyed burn has (one without them is not filed under the lookup) */
  buckets: readonly Feature[];
}

const PATTERN: readonly Feature[] = ['p0', 'p1', 'p2', 'p3'];
export const LOOKUPS: Readonly<Record<CopyKeyLookup, Lookup>> = {
  weights: {
    features: ['hot', 'quench_c', 'cold', 'lead', 'burn', 'span', 'yield', 'heat', 'peak', ...PATTERN],
    tolerance: STILL,
    buckets: ['hot', 'yield', 'span'],
  },
  temperatures: {
    features: ['full', 'char', 'last_load', 'prev_load', 'lead', 'burn', 'span', 'yield', 'peak', ...PATTERN],
    tolerance: STILL,
    buckets: ['char', 'full', 'yield'],
  },
  clock: {
    features: ['full', 'char', 'last_load', 'prev_load', 'hot', 'quench_c', ...PATTERN],
    tolerance: CLOCK,
    buckets: ['char', 'hot', 'full'],
  },
};

const sparseness = (interval_s: number): 0 | 1 => (interval_s > COPY_KEY_SPARSE_S ? 1 : 0);
/** A log cut from its start may show its heaviest weight up to this much lighter (ln): the loads before the cut, burnt down since. */
const CUT_FULL_LOSS = Math.log(2);

/**
 * How many tolerances `upload` is from `stored` under one lookup: the largest over the
 * numbers the upload has (Infinity when the stored burn lacks one of them, or fewer than
 * two compare). A log cut from its start (loaded_at_start) shows only part of its
 * heaviest weight: its full_kg counts against a stored burn lighter than it, or more
 * than CUT_FULL_LOSS heavier.
 */
export function lookupDistance(lookup: CopyKeyLookup, upload: CopyKey, stored: CopyKey): number {
  if (upload.kiln_type !== stored.kiln_type) return Infinity;
  const { features, tolerance } = LOOKUPS[lookup];
  const sparse = Math.max(sparseness(upload.interval_s), sparseness(stored.interval_s));
  let used = 0;
  let worst = 0;
  for (const feature of features) {
    const mine = READ[feature](upload);
    if (mine === null) continue;
    const theirs = READ[feature](stored);
    if (theirs === null) return Infinity;
    let difference = theirs - mine;
    if (feature === 'full' && upload.loaded_at_start) difference -= Math.min(Math.max(difference, 0), CUT_FULL_LOSS);
    worst = Math.max(worst, Math.abs(difference) / tolerance[feature]![sparse]);
    used++;
  }
  return used >= 2 ? worst : Infinity;
}

/** How many of its numbers an upload compares under a lookup (the ones it has). */
export const comparedNumbers = (lookup: CopyKeyLookup, upload: CopyKey): number =>
  LOOKUPS[lookup].features.filter((feature) => READ[feature](upload) !== null).length;

/** The nearest of the three lookups: a stored burn is a candidate when this is at most COPY_KEY_REACH. */
export function copyKeyDistance(upload: CopyKey, stored: CopyKey): number {
  return Math.min(...(Object.keys(LOOKUPS) as CopyKeyLookup[]).map((lookup) => lookupDistance(lookup, upload, stored)));
}

export const isCopyKeyCandidate = (upload: CopyKey, stored: CopyKey): boolean => copyKeyDistance(upload, stored) <= COPY_KEY_REACH;

/** The candidates among `stored`, nearest first, at most `cap`. */
export function rankCopyCandidates<T>(
  upload: CopyKey,
  stored: readonly T[],
  keyOf: (item: T) => CopyKey,
  cap = COPY_KEY_CAP,
): { item: T; distance: number }[] {
  return stored
    .map((item) => ({ item, distance: copyKeyDistance(upload, keyOf(item)) }))
    .filter((c) => c.distance <= COPY_KEY_REACH)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, cap);
}

/**
 * The index, as equality lookups: a burn is stored under one bucket per lookup, its kiln
 * type, whether it is sparse, and the cells its bucket numbers fall in (cells
 * 2 × COPY_KEY_REACH tolerances wide, of its own sparseness). An upload reads every cell
 * within COPY_KEY_REACH tolerances of its own numbers, in the dense and the sparse
 * buckets, and ranks what they hold by copyKeyDistance.
 */
function cellWidth(lookup: CopyKeyLookup, feature: Feature, sparse: 0 | 1): number {
  return 2 * COPY_KEY_REACH * LOOKUPS[lookup].tolerance[feature]![sparse];
}

const bucketName = (lookup: CopyKeyLookup, key: CopyKey, sparse: 0 | 1, cells: readonly number[]) =>
  `${lookup}:${key.kiln_type}:${sparse ? 'sparse' : 'dense'}:${cells.join(':')}`;

function bucketValues(lookup: CopyKeyLookup, key: CopyKey): number[] | null {
  const values = LOOKUPS[lookup].buckets.map((feature) => READ[feature](key));
  return values.every((v) => v !== null) ? (values as number[]) : null;
}

/** The buckets a stored burn is filed under (none for a lookup whose bucket numbers it lacks). */
export function copyKeyBuckets(key: CopyKey): string[] {
  const sparse = sparseness(key.interval_s);
  const out: string[] = [];
  for (const lookup of Object.keys(LOOKUPS) as CopyKeyLookup[]) {
    const values = bucketValues(lookup, key);
    if (!values) continue;
    const { buckets } = LOOKUPS[lookup];
    out.push(
      bucketName(
        lookup,
        key,
        sparse,
        values.map((v, i) => Math.floor(v / cellWidth(lookup, buckets[i], sparse))),
      ),
    );
  }
  return out;
}

/** The buckets an upload reads: per lookup and per stored sparseness, every cell its reach touches. */
export function copyKeyLookups(key: CopyKey): string[] {
  const out: string[] = [];
  for (const lookup of Object.keys(LOOKUPS) as CopyKeyLookup[]) {
    const values = bucketValues(lookup, key);
    if (!values) continue;
    const { buckets, tolerance } = LOOKUPS[lookup];
    for (const stored of [0, 1] as const) {
      const pair = Math.max(stored, sparseness(key.interval_s)) as 0 | 1;
      const ranges = values.map((v, i) => {
        const width = cellWidth(lookup, buckets[i], stored);
        const reach = COPY_KEY_REACH * tolerance[buckets[i]]![pair];
        const above = buckets[i] === 'full' && key.loaded_at_start ? CUT_FULL_LOSS : 0;
        return [Math.floor((v - reach) / width), Math.floor((v + reach + above) / width)] as const;
      });
      const cells = ranges.reduce<number[][]>(
        (acc, [from, to]) => acc.flatMap((prefix) => Array.from({ length: to - from + 1 }, (_, k) => [...prefix, from + k])),
        [[]],
      );
      for (const cell of cells) out.push(bucketName(lookup, key, stored, cell));
    }
  }
  return out;
}
