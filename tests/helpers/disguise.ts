import { createRandom } from '../../mock-server/analysis/prng';
import { formatDate, formatTime, parseDateMs, parseTimeOfDayMs } from '../../mock-server/analysis/time';

/**
 * What an operator who wants a burn paid twice might do to its log before
 * uploading it again: the copy the fleet's DUPLICATE_CURVE must still
 * recognise (docs/analysis.md, "What `DUPLICATE_CURVE` does not catch (measured)"). Works on the CSV text, as the operator would.
 */
export interface Disguise {
  /** kg' = kg × scale + offset (load-cell counts through the kiln's calibration) */
  weightScale?: number;
  weightOffsetKg?: number;
  /** °C' = °C × scale + offset, both thermocouples */
  tempScale?: number;
  tempOffsetC?: number;
  /** the clock moved by this much, and stretched about the first reading by this factor */
  clockShiftMs?: number;
  clockStretch?: number;
  /** readings re-sampled to this interval (linear interpolation), seconds */
  intervalS?: number;
  /** Gaussian noise added to each reading */
  noiseKg?: number;
  noiseC?: number;
  /** this share of the readings dropped at random */
  dropShare?: number;
  /** this share of the log's span cut from its start and from its end */
  cutStart?: number;
  cutEnd?: number;
  /** the header's kiln id and position replaced */
  kilnId?: string;
  latitude?: number;
  longitude?: number;
  seed?: number;
}

/** Load-cell counts per kg and the empty kiln's counts; null for a Retort (its scale reports kg). */
export interface WeightScale {
  zero: number;
  countsPerKg: number;
}

interface Reading {
  ts: number;
  t1: number | null;
  t2: number | null;
  kg: number;
}

const cell = (text: string): number | null => {
  const v = Number(text);
  return text.trim() === '' || !Number.isFinite(v) || v < -100 || v > 2000 ? null : v;
};

function parse(text: string, scale: WeightScale | null): { header: string[]; readings: Reading[] } {
  const header: string[] = [];
  const readings: Reading[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#') || line.startsWith('d,')) {
      header.push(line);
      continue;
    }
    const [d, t, t1, t2, w] = line.split(',');
    if (w === undefined) continue;
    const ts = parseDateMs(d) + parseTimeOfDayMs(t);
    const raw = Number(w);
    if (!Number.isFinite(ts) || !Number.isFinite(raw)) continue;
    readings.push({ ts, t1: cell(t1), t2: cell(t2), kg: scale ? (raw - scale.zero) / scale.countsPerKg : raw });
  }
  return { header, readings };
}

function interpolate(readings: readonly Reading[], intervalMs: number): Reading[] {
  const out: Reading[] = [];
  const mix = (a: number | null, b: number | null, u: number) => (a === null || b === null ? (u < 0.5 ? a : b) : a + (b - a) * u);
  let j = 0;
  for (let at = readings[0].ts; at <= readings[readings.length - 1].ts; at += intervalMs) {
    while (j < readings.length - 2 && readings[j + 1].ts < at) j++;
    const a = readings[j];
    const b = readings[j + 1] ?? a;
    const u = b.ts === a.ts ? 0 : Math.min(1, Math.max(0, (at - a.ts) / (b.ts - a.ts)));
    out.push({ ts: at, t1: mix(a.t1, b.t1, u), t2: mix(a.t2, b.t2, u), kg: a.kg + (b.kg - a.kg) * u });
  }
  return out;
}

/** The log's text disguised; `scale` is the uploading kiln's calibration (null for a Retort). */
export function disguiseLog(text: string, d: Disguise, scale: WeightScale | null): string {
  const rng = createRandom(d.seed ?? 1);
  const { header, readings: original } = parse(text, scale);
  const first = original[0].ts;
  const span = original[original.length - 1].ts - first;
  const stretch = d.clockStretch ?? 1;
  let readings = original
    .filter((r) => r.ts - first >= (d.cutStart ?? 0) * span && first + span - r.ts >= (d.cutEnd ?? 0) * span)
    .map((r) => ({ ...r, ts: first + (d.clockShiftMs ?? 0) + Math.round((r.ts - first) * stretch) }));
  if (d.intervalS !== undefined) readings = interpolate(readings, d.intervalS * 1000);
  const temp = (c: number | null) =>
    c === null ? '-999.0' : (c * (d.tempScale ?? 1) + (d.tempOffsetC ?? 0) + rng.gaussian(d.noiseC ?? 0)).toFixed(1);
  const lines = header.map((line) => {
    if (d.kilnId !== undefined && line.startsWith('# kiln_id=')) return `# kiln_id=${d.kilnId}`;
    if (d.latitude !== undefined && line.startsWith('# latitude=')) return `# latitude=${d.latitude}`;
    if (d.longitude !== undefined && line.startsWith('# longitude=')) return `# longitude=${d.longitude}`;
    return line;
  });
  for (const r of readings) {
    // every draw made, kept or not, so one disguise's readings do not depend on another's
    const dropped = rng.next() < (d.dropShare ?? 0);
    const t1 = temp(r.t1);
    const t2 = temp(r.t2);
    const kg = r.kg * (d.weightScale ?? 1) + (d.weightOffsetKg ?? 0) + rng.gaussian(d.noiseKg ?? 0);
    if (dropped) continue;
    const ts = Math.round(r.ts / 1000) * 1000;
    const w = scale ? String(Math.round(scale.zero + kg * scale.countsPerKg)) : kg.toFixed(1);
    lines.push(`${formatDate(ts)},${formatTime(ts)},${t1},${t2},${w}`);
  }
  return lines.join('\n') + '\n';
}

const ALL_AT_ONCE: Disguise = {
  weightScale: 1.07,
  weightOffsetKg: -4,
  tempScale: 0.96,
  tempOffsetC: 25,
  clockShiftMs: 3 * 86_400_000,
  clockStretch: 0.93,
  intervalS: 60,
  noiseKg: 0.5,
  noiseC: 3,
  dropShare: 0.1,
  cutStart: 0.05,
  cutEnd: 0.05,
};

/** Each disguise at the far end of its range, by name, and all of them at once, with and without a new reading interval. */
export const DISGUISES: Readonly<Record<string, Disguise>> = {
  'weights ×1.10': { weightScale: 1.1 },
  'weights ×0.90': { weightScale: 0.9 },
  'weights +5 kg': { weightOffsetKg: 5 },
  'weights −5 kg': { weightOffsetKg: -5 },
  'temperatures +30 °C': { tempOffsetC: 30 },
  'temperatures −30 °C': { tempOffsetC: -30 },
  'temperatures ×1.05': { tempScale: 1.05 },
  'temperatures ×0.95': { tempScale: 0.95 },
  'clock shifted 9 days 3 h': { clockShiftMs: (9 * 24 + 3) * 3_600_000 + 17_000 },
  'clock ×1.10': { clockStretch: 1.1 },
  'clock ×0.90': { clockStretch: 0.9 },
  'resampled to 60 s': { intervalS: 60 },
  'resampled to 10 s': { intervalS: 10 },
  'noise 0.5 kg, 3 °C': { noiseKg: 0.5, noiseC: 3 },
  '10 % of readings dropped': { dropShare: 0.1 },
  '10 % cut from the start': { cutStart: 0.1 },
  '10 % cut from the end': { cutEnd: 0.1 },
  'all at once': ALL_AT_ONCE,
  'all at once, the reading interval kept': { ...ALL_AT_ONCE, intervalS: undefined },
};
