import { describe, expect, it } from 'vitest';
import {
  CURVE_QUARTERS,
  curveCandidateQuery,
  curvesMatch,
  DUPLICATE_TEMP_RMS_C,
  DUPLICATE_WEIGHT_RMS_KG,
  isCurveCandidate,
} from '../../../src/domain/fleet/anomalies';
import { CURVE_POINTS, type BurnFingerprint } from '../../../src/domain/fleet/fingerprint';
import { random } from '../../store/fixtures';

const HOUR = 3_600_000;
const BOX = { latitude_min: -1.5, latitude_max: -1.1, longitude_min: 36.6, longitude_max: 37.1 };

function fingerprint(temp: (number | null)[], weight: (number | null)[], span_ms = 4 * HOUR): BurnFingerprint {
  return {
    kiln_type: 0,
    start_ts: Date.UTC(2026, 0, 1),
    span_ms,
    latitude: -1.3,
    longitude: 36.8,
    box: BOX,
    char_yield: 0.2,
    tare_kg: 180,
    max_heating_c_min: 10,
    max_cooling_c_min: 10,
    temp_curve: temp,
    weight_curve: weight,
  };
}

const burn = (log_id: number, f: BurnFingerprint) => ({ log_id, facility_id: 1, kiln_type: 0, span_ms: f.span_ms, fingerprint: f });

/**
 * 4,000 random curves, each with a copy `copied` makes of it: every copy that
 * matches keeps its original among its candidates, and copies were made on
 * both sides of the limits, so the check can tell a lost match from a kept one.
 */
function expectNoMatchLost(seed: number, copied: (rnd: () => number, temp: number[], weight: number[]) => BurnFingerprint) {
  const rnd = random(seed);
  let matches = 0;
  let dropped = 0;
  for (let n = 0; n < 4000; n++) {
    const temp = Array.from({ length: CURVE_POINTS }, () => Math.round(20 + rnd() * 800));
    const weight = Array.from({ length: CURVE_POINTS }, () => Math.round((150 + rnd() * 500) * 10) / 10);
    const original = burn(1, fingerprint(temp, weight));
    const copy = burn(2, copied(rnd, temp, weight));
    const candidate = isCurveCandidate(original, curveCandidateQuery(copy));
    if (curvesMatch(copy.fingerprint, original.fingerprint)) {
      matches++;
      expect(candidate, `pair ${n}`).toBe(true);
    } else if (!candidate) dropped++;
  }
  expect(matches).toBeGreaterThan(300);
  expect(dropped).toBeGreaterThan(200);
}

describe('DUPLICATE_CURVE candidates: narrowed by curve means and quarter means without losing a match', () => {
  it('keeps every burn whose curves match, on curves near the limits, with missing points', () => {
    expectNoMatchLost(42, (rnd, temp, weight) => {
      // a copy with noise around the limits: a constant shift (what moves the mean most) plus jitter
      const shiftT = (rnd() * 2 - 1) * DUPLICATE_TEMP_RMS_C * 1.2;
      const shiftW = (rnd() * 2 - 1) * DUPLICATE_WEIGHT_RMS_KG * 1.2;
      const hole = () => rnd() < 0.02;
      const copyT = temp.map((v) => (hole() ? null : v + shiftT + (rnd() - 0.5) * 2));
      const copyW = weight.map((v) => (hole() ? null : v + shiftW + (rnd() - 0.5) * 0.2));
      return fingerprint(copyT, copyW, 4 * HOUR + rnd() * 60_000);
    });
  });

  it('keeps every match whose difference sits in one quarter of the curve, where the quarter bound is tightest', () => {
    const size = CURVE_POINTS / CURVE_QUARTERS;
    expectNoMatchLost(7, (rnd, temp, weight) => {
      // a bump over one quarter: its RMS over the curve is half its height, so up to twice the limit it still matches
      const quarter = Math.floor(rnd() * CURVE_QUARTERS);
      const bumpT = (rnd() * 2 - 1) * DUPLICATE_TEMP_RMS_C * 2.4;
      const bumpW = (rnd() * 2 - 1) * DUPLICATE_WEIGHT_RMS_KG * 2.4;
      const bumped = (curve: number[], bump: number) => curve.map((v, i) => (Math.floor(i / size) === quarter ? v + bump : v));
      return fingerprint(bumped(temp, bumpT), bumped(weight, bumpW));
    });
  });

  it('leaves out a burn of the same means whose shape differs beyond the limit', () => {
    // halves raised and lowered by s: the same mean, an RMS difference of s, quarter means s apart
    const tilted = (s: number) =>
      fingerprint(
        Array.from({ length: CURVE_POINTS }, (_, i) => (i < CURVE_POINTS / 2 ? 500 + s : 500 - s)),
        Array(CURVE_POINTS).fill(300),
      );
    const q = curveCandidateQuery(burn(10, tilted(0)));
    expect(isCurveCandidate(burn(3, tilted(DUPLICATE_TEMP_RMS_C - 0.01)), q)).toBe(true);
    expect(curvesMatch(tilted(DUPLICATE_TEMP_RMS_C - 0.01), tilted(0))).toBe(true);
    expect(isCurveCandidate(burn(3, tilted(DUPLICATE_TEMP_RMS_C + 0.01)), q)).toBe(false);
    expect(isCurveCandidate(burn(3, tilted(3 * DUPLICATE_TEMP_RMS_C)), q)).toBe(false);
  });

  it('leaves out burns whose means are beyond the limits, later burns, and other facilities', () => {
    const flat = (t: number, w: number) => fingerprint(Array(CURVE_POINTS).fill(t), Array(CURVE_POINTS).fill(w));
    const q = curveCandidateQuery(burn(10, flat(500, 300)));
    expect(isCurveCandidate(burn(3, flat(500 + DUPLICATE_TEMP_RMS_C - 0.01, 300)), q)).toBe(true);
    expect(isCurveCandidate(burn(3, flat(500 + DUPLICATE_TEMP_RMS_C + 0.01, 300)), q)).toBe(false);
    expect(isCurveCandidate(burn(3, flat(500, 300 - DUPLICATE_WEIGHT_RMS_KG - 0.01)), q)).toBe(false);
    expect(isCurveCandidate(burn(11, flat(500, 300)), q)).toBe(false);
    expect(isCurveCandidate({ ...burn(3, flat(500, 300)), facility_id: 2 }, q)).toBe(false);
    // a stored curve with a missing point has no mean: always a candidate
    const holed = flat(900, 300);
    holed.temp_curve[5] = null;
    expect(isCurveCandidate(burn(3, holed), q)).toBe(true);
  });
});
