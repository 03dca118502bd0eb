import { describe, expect, it } from 'vitest';
import { generateBurn, KILN_TYPE, MESSINESS, type GenerateBurnOptions, type KilnType } from '../../../mock-server/analysis';
import { anomalousBurn } from '../../../mock-server/fleet/anomalousBurns';
import { detectAnomalies, duplicateSpanRange, type AnomalyCode, type FleetBurn } from '../../../src/domain/fleet/anomalies';
import { analyseText, BOX, CGO1_CALIBRATION, kilnOf, START, TERRAFIX_CALIBRATION } from '../analysis/helpers';

const DAY = 86_400_000;

function options(type: KilnType, seed: number, day: number): GenerateBurnOptions {
  return {
    kiln_type: type,
    kiln_id: `K-${type}`,
    seed,
    start_ts: START + day * DAY,
    calibration: type === KILN_TYPE.TERRAFIX ? TERRAFIX_CALIBRATION : CGO1_CALIBRATION,
    facility: { ...BOX, wicf: 0.35 },
    // every burn messy in every way a field log is: none of it is an anomaly
    messiness: MESSINESS.filter((_, i) => (seed + i) % 2 === 0),
  };
}

let nextId = 1;
function burnOf(text: string, type: KilnType, kiln = type + 1): FleetBurn {
  const out = analyseText(text, kilnOf(type));
  if (!out.fingerprint || !out.result) throw new Error(out.error_message ?? 'no fingerprint');
  return { log_id: nextId++, kiln, valid: out.result.valid === 'true', fingerprint: out.fingerprint };
}

/** a kiln's clean history: one burn a day for `count` days from day 0 */
const history = (type: KilnType, count: number, seed = 100) =>
  Array.from({ length: count }, (_, day) => burnOf(generateBurn(options(type, seed + day, day)).text, type));

const detect = (burn: FleetBurn, earlier: FleetBurn[]) => detectAnomalies(burn, { kilnBurns: earlier, curveCandidates: earlier });
const codes = (burn: FleetBurn, earlier: FleetBurn[]) => detect(burn, earlier).map((a) => a.code);

describe('fleet anomaly rules', () => {
  const clean = {
    [KILN_TYPE.CGO1]: history(KILN_TYPE.CGO1, 12),
    [KILN_TYPE.RETORT]: history(KILN_TYPE.RETORT, 12),
    [KILN_TYPE.TERRAFIX]: history(KILN_TYPE.TERRAFIX, 12),
  };

  it('raises nothing on clean, messy burns of each kiln type, each read against all the others', () => {
    const all = Object.values(clean).flat();
    for (const burn of all) expect(detect(burn, all), `log ${burn.log_id}`).toEqual([]);
  });

  it.each([KILN_TYPE.CGO1, KILN_TYPE.RETORT, KILN_TYPE.TERRAFIX])(
    'DUPLICATE_CURVE: kiln type %s, the same burn restarted days later names the first',
    (type) => {
      const first = clean[type][3];
      const copy = burnOf(anomalousBurn('DUPLICATE_CURVE', options(type, 103, 3), 9 * DAY).text, type);
      const found = detect(copy, clean[type]);
      expect(found).toEqual([expect.objectContaining({ code: 'DUPLICATE_CURVE', log_id: copy.log_id, other_log_id: first.log_id })]);
      expect(found[0].message).toContain('shifted by 216 h');
    },
  );

  it('DUPLICATE_CURVE: the candidate spans the store pre-selects hold the match', () => {
    const [min, max] = duplicateSpanRange(3 * 3_600_000);
    expect(min).toBeLessThan(3 * 3_600_000);
    expect(max).toBeGreaterThan(3 * 3_600_000);
  });

  it('GPS_JUMP: a burn far outside the box after one inside names the burn before; the way back raises nothing', () => {
    const earlier = clean[KILN_TYPE.CGO1];
    const away = burnOf(anomalousBurn('GPS_JUMP', options(KILN_TYPE.CGO1, 500, 20)).text, KILN_TYPE.CGO1);
    const found = detect(away, earlier);
    expect(found.map((a) => a.code)).toEqual(['GPS_JUMP']);
    expect(found[0].other_log_id).toBe(earlier[earlier.length - 1].log_id);
    const back = burnOf(generateBurn(options(KILN_TYPE.CGO1, 501, 21)).text, KILN_TYPE.CGO1);
    expect(codes(back, [...earlier, away])).toEqual([]);
  });

  it('GPS_JUMP: just outside the box (the GPS_OUTSIDE fault) is within what the box allows', () => {
    const outside = burnOf(generateBurn({ ...options(KILN_TYPE.CGO1, 502, 20), fault: 'gps_outside' }).text, KILN_TYPE.CGO1);
    expect(codes(outside, clean[KILN_TYPE.CGO1])).not.toContain('GPS_JUMP');
  });

  it('TARE_DRIFT: a C-Go-1 whose empty weight moved 6 kg, once it has three burns to compare with', () => {
    const drifted = burnOf(anomalousBurn('TARE_DRIFT', options(KILN_TYPE.CGO1, 600, 20)).text, KILN_TYPE.CGO1);
    expect(codes(drifted, clean[KILN_TYPE.CGO1])).toContain('TARE_DRIFT');
    expect(codes(drifted, clean[KILN_TYPE.CGO1].slice(0, 2))).not.toContain('TARE_DRIFT');
  });

  it.each([KILN_TYPE.CGO1, KILN_TYPE.RETORT, KILN_TYPE.TERRAFIX])('YIELD_OUTLIER: kiln type %s, a yield the type never reaches', (type) => {
    const odd = burnOf(anomalousBurn('YIELD_OUTLIER', options(type, 700, 20)).text, type);
    expect(codes(odd, clean[type])).toEqual(['YIELD_OUTLIER']);
  });

  it('YIELD_OUTLIER: not when the kiln itself has reached that yield lately in valid burns; its invalid burns do not count', () => {
    const highs = Array.from({ length: 4 }, (_, i) =>
      burnOf(anomalousBurn('YIELD_OUTLIER', options(KILN_TYPE.CGO1, 710 + i, 20 + i)).text, KILN_TYPE.CGO1),
    );
    expect(highs.every((b) => b.valid)).toBe(true);
    const next = burnOf(anomalousBurn('YIELD_OUTLIER', options(KILN_TYPE.CGO1, 720, 30)).text, KILN_TYPE.CGO1);
    expect(codes(next, highs)).not.toContain('YIELD_OUTLIER');
    expect(
      codes(
        next,
        highs.map((b) => ({ ...b, valid: false })),
      ),
    ).toContain('YIELD_OUTLIER');
  });

  it.each([KILN_TYPE.CGO1, KILN_TYPE.RETORT, KILN_TYPE.TERRAFIX])('RATE_IMPOSSIBLE: kiln type %s, a one-minute heat-up', (type) => {
    const fast = burnOf(anomalousBurn('RATE_IMPOSSIBLE', options(type, 800, 20)).text, type);
    const found = detect(fast, clean[type]);
    expect(found.map((a) => a.code)).toContain('RATE_IMPOSSIBLE');
    expect(found.find((a) => a.code === 'RATE_IMPOSSIBLE')?.message).toMatch(/heats at \d+ °C\/min/);
  });

  it('each built burn raises its own code and no other', () => {
    const built: [AnomalyCode, KilnType][] = [
      ['GPS_JUMP', KILN_TYPE.TERRAFIX],
      ['TARE_DRIFT', KILN_TYPE.CGO1],
      ['YIELD_OUTLIER', KILN_TYPE.TERRAFIX],
      ['RATE_IMPOSSIBLE', KILN_TYPE.RETORT],
    ];
    for (const [code, type] of built) {
      const burn = burnOf(anomalousBurn(code, options(type, 900, 20)).text, type);
      expect(codes(burn, clean[type]), code).toEqual([code]);
    }
  });
});
