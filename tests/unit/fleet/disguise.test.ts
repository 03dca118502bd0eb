import { describe, expect, it } from 'vitest';
import { generateBurn, KILN_TYPE } from '../../../mock-server/analysis';
import { parseDateMs, parseTimeOfDayMs } from '../../../mock-server/analysis/time';
import { BENCH_FACILITY } from '../../bench/disguiseSet';
import { disguiseLog } from '../../helpers/disguise';

/**
 * The duplicate benchmark's disguises (tests/helpers/disguise.ts) do to a log
 * what they say: a benchmark of copies that are not disguised would measure nothing.
 */

const scale = { zero: 84_210, countsPerKg: 2_500 };
const log = generateBurn({
  kiln_type: KILN_TYPE.CGO1,
  kiln_id: 'CG1-T001',
  seed: 77,
  start_ts: Date.UTC(2026, 5, 1, 6),
  calibration: { zero_weight: scale.zero, per_g_weight: 2.5 },
  facility: BENCH_FACILITY,
}).text;

interface Row {
  ts: number;
  t1: number;
  t2: number;
  kg: number;
}

function rows(text: string): Row[] {
  return text
    .split('\n')
    .filter((l) => /^\d{4}-/.test(l))
    .map((l) => {
      const [d, t, t1, t2, w] = l.split(',');
      return { ts: parseDateMs(d) + parseTimeOfDayMs(t), t1: Number(t1), t2: Number(t2), kg: (Number(w) - scale.zero) / scale.countsPerKg };
    });
}

const original = rows(log);
const span = original[original.length - 1].ts - original[0].ts;

describe('disguiseLog', () => {
  it('scales and offsets the weight in kg and the temperatures in °C, reading for reading', () => {
    const out = rows(disguiseLog(log, { weightScale: 1.1, weightOffsetKg: -5, tempScale: 0.95, tempOffsetC: 30 }, scale));
    expect(out).toHaveLength(original.length);
    for (const [i, r] of out.entries()) {
      expect(r.ts).toBe(original[i].ts);
      expect(r.kg).toBeCloseTo(original[i].kg * 1.1 - 5, 2);
      expect(r.t1).toBeCloseTo(original[i].t1 * 0.95 + 30, 0);
    }
  });

  it('shifts and stretches the clock about the first reading, and re-samples to another interval', () => {
    const shift = 3 * 86_400_000;
    const moved = rows(disguiseLog(log, { clockShiftMs: shift, clockStretch: 1.1 }, scale));
    expect(moved[0].ts).toBe(original[0].ts + shift);
    expect(moved[moved.length - 1].ts - moved[0].ts).toBeCloseTo(span * 1.1, -4);
    const resampled = rows(disguiseLog(log, { intervalS: 60 }, scale));
    expect(new Set(resampled.slice(1).map((r, i) => r.ts - resampled[i].ts))).toEqual(new Set([60_000]));
    expect(resampled.length).toBe(Math.floor(span / 60_000) + 1);
  });

  it('cuts a share of the span from either end, drops a share of the readings and adds noise', () => {
    const cut = rows(disguiseLog(log, { cutStart: 0.1, cutEnd: 0.1 }, scale));
    expect(cut[0].ts - original[0].ts).toBeGreaterThanOrEqual(0.1 * span);
    expect(original[original.length - 1].ts - cut[cut.length - 1].ts).toBeGreaterThanOrEqual(0.1 * span);
    const dropped = rows(disguiseLog(log, { dropShare: 0.1 }, scale)).length;
    expect(dropped / original.length).toBeGreaterThan(0.86);
    expect(dropped / original.length).toBeLessThan(0.94);
    const noisy = rows(disguiseLog(log, { noiseC: 3, noiseKg: 0.5 }, scale));
    const sd = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);
    expect(sd(noisy.map((r, i) => r.t1 - original[i].t1))).toBeCloseTo(3, 0);
    expect(sd(noisy.map((r, i) => r.kg - original[i].kg))).toBeGreaterThan(0.4);
  });

  it('files the copy under another kiln and position', () => {
    const text = disguiseLog(log, { kilnId: 'CG1-OTHER', latitude: 5.5, longitude: 40.25 }, scale);
    expect(text).toMatch(/^# kiln_id=CG1-OTHER\n# latitude=5.5\n# longitude=40.25\nd,t,t1,t2,w\n/);
  });
});
