/**
 * A second, deliberately plain implementation of the by-hand recipe, written from the method
 * text alone (docs/analysis.md#burn-analysis-algorithm-230-the-method, which a package carries
 * as METHOD.md). It imports nothing, least of all the engine (mock-server/analysis): it parses
 * the log itself and takes every median by sorting the window's readings. Given a raw log,
 * the factors and the moments a package records, it gives the figures the engine must give,
 * to the gram. Slow on purpose; tests only.
 */

export const KILN_TYPES = { cgo1: 0, retort: 1, terrafix: 2 } as const;

/** What a package's manifest records of a burn, as plain JSON (burns[].factors and burns[].analysis.phases). */
export interface RecordedBurn {
  factors: {
    kiln_type: number;
    calibration: { per_g_weight: number; zero_weight: number | null } | null;
    facility: { wicf: number | null; carbon_removal_factor: number };
  };
  phases: {
    start_ts: number;
    quench_ts: number;
    changeover_ts: number | null;
    quench_top_ts?: number | null;
  };
}

export interface PlainFigures {
  zero_weight: number | null;
  weight_noise_kg: number;
  load_step_threshold_kg: number;
  burn_duration: number;
  biochar_prior_to_quench: number;
  unpyrolized_biomass: number;
  biochar_produced: number;
  charing_rate: number;
  co2_removed: number;
  BIOCHAR_FROM_CHANGEOVER?: number | null;
  BIOCHAR_LESS_CHANGE?: number;
  co2_removed_g: number;
  biochar_produced_g: number;
  /** what the validity rules read, before rounding */
  unrounded: { prior: number; biochar: number; fromChangeover: number | null; lessChange: number | null };
}

export interface Reading {
  ts: number;
  t1: number;
  t2: number;
  w: number;
}

const MINUTE = 60_000;
const MISSING = ['', 'nan', 'na', 'n/a', '-', 'null', 'none'];

/** A cell as a reading: a number, NaN when missing, undefined when the line is damaged. */
function cellValue(cell: string): number | undefined {
  if (MISSING.includes(cell.trim().toLowerCase())) return NaN;
  const n = Number(cell);
  return Number.isFinite(n) ? n : undefined;
}

/** Midnight of a YYYY-MM-DD date as UTC ms, or NaN. */
function dateMs(cell: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell.trim());
  if (!m) return NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? ms : NaN;
}

/** HH:mm:ss (or H:mm:ss) as ms since midnight, or NaN. */
function timeMs(cell: string): number {
  const m = /^(\d{1,2}):(\d{2}):(\d{2})$/.exec(cell.trim());
  if (!m) return NaN;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return h <= 23 && mi <= 59 && s <= 59 ? ((h * 60 + mi) * 60 + s) * 1000 : NaN;
}

/** The readings (time and raw weight) of a log, time-ordered, one per timestamp. */
export function plainReadings(text: string): Reading[] {
  const names = ['d', 't', 't1', 't2', 'w'];
  let columns: Record<string, number> = { d: 0, t: 1, t1: 2, t2: 3, w: 4 };
  let cellCount = 5;
  let started = false;
  const rows: Reading[] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const cells = line.split(',');
    if (!started) {
      started = true;
      const lower = cells.map((c) => c.trim().toLowerCase());
      if (lower.some((c) => names.includes(c))) {
        columns = {};
        for (const name of names) columns[name] = lower.indexOf(name);
        cellCount = cells.length;
        continue;
      }
    }
    if (cells.length !== cellCount) continue;
    const ts = dateMs(cells[columns.d]) + timeMs(cells[columns.t]);
    if (Number.isNaN(ts)) continue;
    const values = [cells[columns.t1], cells[columns.t2], cells[columns.w]].map(cellValue);
    if (values.some((v) => v === undefined)) continue;
    rows.push({ ts, t1: values[0] as number, t2: values[1] as number, w: values[2] as number });
  }
  // a stable sort, then the first of each timestamp kept
  const sorted = rows.map((row, i) => ({ row, i })).sort((a, b) => a.row.ts - b.row.ts || a.i - b.i);
  const out: Reading[] = [];
  for (const { row } of sorted) if (out.length === 0 || out[out.length - 1].ts !== row.ts) out.push(row);
  return out;
}

/** Median of the values that are numbers; of an even count the mean of the middle two; NaN of none. */
export function plainMedian(values: number[]): number {
  const v = values.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const h = Math.floor(v.length / 2);
  return v.length % 2 === 1 ? v[h] : (v[h - 1] + v[h]) / 2;
}

/** Median of `value` over the readings with from ≤ ts ≤ to (both ends included). */
function medianOver(readings: Reading[], value: (r: Reading) => number, from: number, to: number): number {
  return plainMedian(readings.filter((r) => r.ts >= from && r.ts <= to).map(value));
}

/** Rounded to 2 decimals, half up on the double x × 100; never −0. */
const round2 = (x: number): number => {
  const r = Math.round(x * 100) / 100;
  return r === 0 ? 0 : r;
};

/** Whole grams of a 2-decimal kg figure, half away from zero. */
const grams = (kg2: number): number => {
  const g = Math.round(Math.abs(kg2) * 1000);
  return kg2 < 0 && g !== 0 ? -g : g;
};

export function plainMethod(text: string, burn: RecordedBurn): PlainFigures {
  const readings = plainReadings(text);
  const { kiln_type: type, calibration, facility } = burn.factors;
  const { start_ts, quench_ts, changeover_ts } = burn.phases;

  // 1. weight in kg
  let zero: number | null = null;
  let kgOf = (r: Reading): number => r.w;
  if (type !== KILN_TYPES.retort) {
    if (!calibration) throw new Error('a C-Go-1 or Terrafix burn needs its calibration');
    zero =
      type === KILN_TYPES.terrafix
        ? medianOver(readings, (r) => r.w, readings[0].ts, readings[0].ts + 2 * MINUTE)
        : (calibration.zero_weight as number);
    const zeroWeight = zero;
    const countsPerKg = calibration.per_g_weight * 1000;
    kgOf = (r) => (r.w - zeroWeight) / countsPerKg;
  }
  const kg = readings.map(kgOf);

  // the weight noise: median of |second differences| of consecutive readings (about zero)
  const d2: number[] = [];
  for (let i = 1; i + 1 < kg.length; i++) d2.push(Math.abs(kg[i + 1] - 2 * kg[i] + kg[i - 1]));
  const medianD2 = plainMedian(d2);
  const sigma = Number.isNaN(medianD2) ? 0 : (1.4826 * medianD2) / Math.sqrt(6);

  // 2. duration
  const burnMs = Math.max(0, quench_ts - start_ts);

  // 3. biochar before quench: raw kg over [quench_ts − 2 min, quench_ts]
  const prior = medianOver(readings, kgOf, quench_ts - 2 * MINUTE, quench_ts);

  // 4. biochar by kiln type
  let unpyrolized = 0;
  let biochar = prior;
  let terrafix: Pick<PlainFigures, 'BIOCHAR_FROM_CHANGEOVER' | 'BIOCHAR_LESS_CHANGE'> = {};
  let estimates: [number | null, number | null] = [null, null];
  if (type === KILN_TYPES.cgo1) {
    unpyrolized = (facility.wicf as number) * prior;
    biochar = prior - unpyrolized;
  } else if (type === KILN_TYPES.terrafix) {
    const last = readings[readings.length - 1].ts;
    const finalKg = medianOver(readings, kgOf, last - 2 * MINUTE, last);
    const top = burn.phases.quench_top_ts ?? quench_ts;
    // the highest smoothed kg (median of the raw kg within ±30 s, ends included) of the readings in [quench_ts, top + 5 min]
    let highest = -Infinity;
    for (const r of readings) {
      if (r.ts < quench_ts || r.ts > top + 5 * MINUTE) continue;
      const smooth = medianOver(readings, kgOf, r.ts - 30_000, r.ts + 30_000);
      if (smooth > highest) highest = smooth;
    }
    const lessChange = finalKg - (highest - prior);
    const fromChangeover = changeover_ts === null ? null : medianOver(readings, kgOf, changeover_ts - 2 * MINUTE, changeover_ts);
    biochar = Math.min(fromChangeover ?? lessChange, lessChange);
    estimates = [fromChangeover, lessChange];
    terrafix = {
      BIOCHAR_FROM_CHANGEOVER: fromChangeover === null ? null : round2(fromChangeover),
      BIOCHAR_LESS_CHANGE: round2(lessChange),
    };
  }

  // 5. CO2 and the rate, from the unrounded biochar
  const co2 = biochar * facility.carbon_removal_factor;
  const charingRate = burnMs > 0 ? biochar / (burnMs / MINUTE) : 0;

  // 6. rounded once, at the end; grams of the 2-decimal figures
  return {
    zero_weight: zero === null ? null : round2(zero),
    weight_noise_kg: Math.round(sigma * 1000) / 1000,
    load_step_threshold_kg: round2(Math.max(2, 3 * sigma)),
    burn_duration: burnMs,
    biochar_prior_to_quench: round2(prior),
    unpyrolized_biomass: round2(unpyrolized),
    biochar_produced: round2(biochar),
    charing_rate: round2(charingRate),
    co2_removed: round2(co2),
    ...terrafix,
    co2_removed_g: grams(round2(co2)),
    biochar_produced_g: grams(round2(biochar)),
    unrounded: { prior, biochar, fromChangeover: estimates[0], lessChange: estimates[1] },
  };
}
