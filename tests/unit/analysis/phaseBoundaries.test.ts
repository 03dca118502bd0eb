import { KILN_TYPE } from '../../../mock-server/analysis';
import {
  argMax,
  climbsBack,
  coolsAfter,
  detectPhases,
  finalFallStart,
  findChangeover,
  findHeatStart,
  findLoadSteps,
  findQuench,
  lastAtOrAbove,
  lastCrossing,
  lineAt,
  riseFraction,
  type StepEvent,
} from '../../../mock-server/analysis/phases';
import type { PreparedSeries } from '../../../mock-server/analysis/series';

// Series built sample by sample (no smoothing in between), so each boundary of a rule can be hit exactly.

const f64 = (values: readonly number[]) => Float64Array.from(values);
/** timestamps every `stepSeconds` from 0 */
const times = (n: number, stepSeconds = 10) => Float64Array.from({ length: n }, (_, i) => i * stepSeconds * 1000);

function prepared(
  hot: readonly number[],
  options: { smooth?: readonly number[]; cold?: readonly number[]; stepSeconds?: number } = {},
): PreparedSeries {
  const n = hot.length;
  const ts = times(n, options.stepSeconds);
  const smooth = f64(options.smooth ?? hot.map(() => 100));
  const cold = f64(options.cold ?? hot);
  return {
    n,
    ts,
    t1: f64(hot),
    t2: cold,
    raw: smooth,
    kg: smooth,
    smooth,
    hot: f64(hot),
    cold,
    hotS: f64(hot),
    coldS: cold,
    noiseKg: 0,
    zeroWeight: null,
    perUnitWeight: null,
  };
}

const repeat = (value: number, count: number) => Array.from({ length: count }, () => value);
const step = (start: number, end: number, kg = 10): StepEvent => ({ start, end, kg });

describe('t0 at the edges of the log and of a run', () => {
  it('starts at the first sample when the log opens hot, and a missing reading does not break the run', () => {
    const hot = repeat(150, 20);
    expect(findHeatStart(times(20), f64(hot))).toBe(0);
    hot[5] = NaN;
    expect(findHeatStart(times(20), f64(hot))).toBe(0);
  });

  it('restarts the run after a cool reading', () => {
    const hot = [...repeat(150, 6), 50, ...repeat(150, 13)];
    expect(findHeatStart(times(20), f64(hot))).toBe(7);
  });
});

describe('load steps from the smoothed weight, sample by sample', () => {
  const rises = (smooth: readonly number[], threshold: number) =>
    findLoadSteps(times(smooth.length), f64(smooth), threshold).map(({ start, end }) => [start, end]);

  it('measures a rise over one minute, not the next samples', () => {
    // 1 kg every 10 s: 6 kg a minute, 8 kg in 80 s
    expect(
      rises(
        Array.from({ length: 40 }, (_, i) => i),
        7,
      ),
    ).toEqual([]);
    expect(
      rises(
        Array.from({ length: 40 }, (_, i) => i),
        6,
      ),
    ).toEqual([[0, 39]]);
  });

  it('starts a rise at its lowest point from the first rising window on, not before it', () => {
    expect(rises([0, ...repeat(5, 6), ...repeat(12, 10)], 6)).toEqual([[6, 7]]);
  });

  it('keeps a rise that starts with the log as one', () => {
    expect(rises([0, 0, ...repeat(10, 20)], 5)).toEqual([[1, 2]]);
  });

  it('keeps a rise after a dip below the previous one separate, even when their windows touch', () => {
    expect(rises([...repeat(20, 6), 26, ...repeat(10, 5), ...repeat(32, 10)], 6)).toEqual([[11, 12]]);
    expect(rises([...repeat(20, 6), 26, ...repeat(10, 13), ...repeat(32, 10)], 6)).toEqual([
      [5, 6],
      [19, 20],
    ]);
  });

  it('joins a rise exactly 2 minutes after the previous top as an armful', () => {
    // a top at 6, flat 12 samples (120 s), the next rise from sample 18
    expect(rises([...repeat(0, 6), ...repeat(10, 13), ...repeat(20, 10)], 6)).toEqual([[5, 19]]);
    expect(rises([...repeat(0, 6), ...repeat(10, 14), ...repeat(20, 10)], 6)).toEqual([
      [5, 6],
      [19, 20],
    ]);
  });

  it('fits each size over its own side of the neighbouring rises, within 2 minutes and up to the log end', () => {
    // a rise of 40 kg, a dip back to the bottom a minute later, then a rise to 90 kg that runs to the log end
    const w = [...repeat(0, 20), ...repeat(40, 6), 0, ...repeat(1, 5), ...repeat(90, 8)];
    const steps = findLoadSteps(times(w.length), f64(w), 6);
    expect(steps.map(({ start, end }) => [start, end])).toEqual([
      [19, 20],
      [26, 32],
    ]);
    expect(steps[0].kg).toBeCloseTo(40, 9);
    // before the second rise: the line through samples 21–26 (40 ×5, 0) at its middle, sample 29
    expect(steps[1].kg).toBeCloseTo(90 - (200 / 6 - (100 / 17.5) * 5.5), 9);
    // the fit after a rise stops 2 minutes after its top
    const alone = [...repeat(0, 20), ...repeat(40, 13), ...repeat(0, 10)];
    expect(findLoadSteps(times(alone.length), f64(alone), 6)[0].kg).toBeCloseTo(40, 9);
  });
});

describe('the least-squares line', () => {
  it('fits every point from `from` to `to`', () => {
    const line = lineAt(times(3, 1), f64([0, 1, 5]), 0, 2, 1000);
    expect(line.slope * 1000).toBeCloseTo(2.5, 9);
    expect(line.value).toBeCloseTo(2, 9);
  });
});

describe('the hottest sample and the last one at a level', () => {
  it('skips missing readings and keeps the first of equal highs', () => {
    expect(argMax(f64([5, NaN, 3]))).toBe(0);
    expect(argMax(f64([NaN, 5, 3]))).toBe(1);
    expect(argMax(f64([5, 3, 5]))).toBe(0);
    expect(argMax(f64([NaN, NaN]))).toBe(-1);
    expect(argMax(f64([1, 2, 9]), 0, 2)).toBe(1);
  });

  it('looks back to `from` itself', () => {
    expect(lastAtOrAbove(f64([400, 0]), 350, 0)).toBe(0);
    expect(lastAtOrAbove(f64([0, 400, 0]), 350, 2)).toBe(-1);
  });
});

describe('rise fraction, cooling and climbing back, sample by sample', () => {
  it('measures the rise from each valid, positive weight in the step onward, up to the highest point within 2 minutes', () => {
    expect(riseFraction(prepared(repeat(300, 20), { smooth: [0, 0, ...repeat(10, 18)] }), step(0, 1))).toBe(0);
    expect(riseFraction(prepared(repeat(300, 20), { smooth: [10, 5, ...repeat(5, 18)] }), step(1, 1))).toBe(0);
    expect(riseFraction(prepared(repeat(300, 20), { smooth: [100, 110, ...repeat(100, 18)] }), step(0, 0))).toBeCloseTo(0.1, 12);
  });

  it('compares the hottest reading of the minute before the rise, its start included, with the coolest 5 minutes after it', () => {
    expect(coolsAfter(prepared([...repeat(300, 6), 400, ...repeat(340, 30)]), step(6, 6))).toBe(true);
    expect(coolsAfter(prepared([...repeat(300, 5), 450, 400, ...repeat(380, 30)]), step(6, 6))).toBe(true);
    // 5 minutes after sample 6 is sample 36: the cooling at sample 37 is too late
    expect(coolsAfter(prepared([...repeat(400, 37), ...repeat(300, 5)]), step(6, 6))).toBe(false);
  });

  it('counts a climb back only after the rise, to the level itself, 50 °C above the lowest point, up to `until` included', () => {
    expect(climbsBack(prepared([300, 400, 400]), step(0, 1), 1)).toBe(false);
    expect(climbsBack(prepared([300, 300, 350]), step(0, 1), 2)).toBe(true);
    expect(climbsBack(prepared([300, 300, 349]), step(0, 1), 2)).toBe(false);
    expect(climbsBack(prepared([380, 380, 400]), step(0, 1), 2)).toBe(false);
    expect(climbsBack(prepared([200, 200, 300]), step(0, 1), 2)).toBe(false);
    expect(climbsBack(prepared([300, NaN, 360]), step(0, 0), 2)).toBe(true);
  });
});

describe('the final fall', () => {
  it('counts a fall of exactly 50 °C a minute, measured from the first sample of the log', () => {
    expect(finalFallStart(prepared([400, ...repeat(375, 5), 350, ...repeat(340, 10)]), 0)).toBe(5);
    expect(finalFallStart(prepared([400, ...repeat(390, 5), 351, ...repeat(340, 10)]), 0)).toBe(-1);
  });
});

describe('the quench at the edges of its rules', () => {
  const THRESHOLD = 2;
  // water: +10 % of the weight at sample 30, then the fire goes out
  const weight = [...repeat(100, 30), ...repeat(110, 60)];

  it('says the log shows no cool-down when it ends less than a minute after t_end, and not when exactly a minute after', () => {
    const short = findQuench(prepared([400, ...repeat(300, 5)]), [], 0, 0, THRESHOLD);
    expect(short).toEqual({
      quench: -1,
      evidence: 'none',
      step: null,
      unclear: 'The log ends while the kiln is still at or above 350 °C (at 00:00): it shows no cool-down.',
    });
    expect(findQuench(prepared([400, ...repeat(300, 6)]), [], 0, 0, THRESHOLD).unclear).toBeNull();
  });

  it('takes water exactly 10 minutes before t_end', () => {
    const hot = [...repeat(400, 30), ...repeat(340, 5), ...repeat(360, 55), ...repeat(20, 30)];
    const water = step(29, 30);
    const s = prepared(hot, { smooth: [...weight, ...repeat(110, 30)] });
    expect(findQuench(s, [water], 0, 89, THRESHOLD)).toEqual({ quench: 29, evidence: 'water', step: water, unclear: null });
  });

  it('names the later of two water rises before t_end as the quench', () => {
    const hot = [...repeat(400, 40), ...repeat(280, 50)];
    const smooth = [...repeat(100, 20), ...repeat(110, 10), ...repeat(121, 60)];
    const first = step(19, 20);
    const second = step(29, 30);
    const found = findQuench(prepared(hot, { smooth }), [first, second], 0, 39, THRESHOLD);
    expect(found.quench).toBe(29);
    expect(found.evidence).toBe('water');
    expect(found.step).toBe(second);
  });

  it('takes a weight rise of exactly 5 % for no water', () => {
    const hot = [...repeat(400, 40), ...repeat(280, 50)];
    const s = prepared(hot, { smooth: [...repeat(100, 20), ...repeat(105, 70)] });
    expect(findQuench(s, [step(19, 20)], 0, 39, THRESHOLD).evidence).toBe('none');
    const more = prepared(hot, { smooth: [...repeat(100, 20), ...repeat(105.1, 70)] });
    expect(findQuench(more, [step(19, 20)], 0, 39, THRESHOLD).evidence).toBe('water');
  });

  it('does not take water long before t_end that the fire never climbed back from', () => {
    // 20 minutes before t_end the weight rose and the kiln fell 50 °C, then burnt on just under 400 °C
    const hot = [...repeat(400, 30), ...repeat(350, 120), ...repeat(20, 60)];
    const found = findQuench(prepared(hot, { smooth: [...repeat(100, 30), ...repeat(110, 180)] }), [step(29, 30)], 0, 149, THRESHOLD);
    expect(found.evidence).toBe('temperature_fall');
  });

  it('takes a fall of T_hot_s from the first sample, when it goes on far enough and the fire does not climb back', () => {
    const fall = [400, 340, 280, 220, 160, 100, 40, 20, 20, 20];
    expect(findQuench(prepared(fall, { stepSeconds: 60 }), [], 0, 0, THRESHOLD)).toEqual({
      quench: 0,
      evidence: 'temperature_fall',
      step: null,
      unclear: null,
    });
    // flame noise: a fast fall that stops after 60 °C
    expect(findQuench(prepared([400, 340, ...repeat(300, 10)], { stepSeconds: 60 }), [], 0, 0, THRESHOLD).evidence).toBe('none');
    // a slow cool-down: no fast fall at all
    expect(findQuench(prepared([351, 349, 347, 345, 343, 341], { stepSeconds: 60 }), [], 0, 0, THRESHOLD).evidence).toBe('none');
  });

  it('without t_end, takes only water after t0 that the fire did not climb back from', () => {
    const hot = [...repeat(200, 30), ...repeat(120, 60)];
    const s = prepared(hot, { smooth: weight });
    expect(findQuench(s, [step(29, 30)], 29, -1, THRESHOLD).evidence).toBe('none');
    expect(findQuench(s, [step(29, 30, 1)], 0, -1, THRESHOLD).evidence).toBe('none');
    expect(findQuench(s, [step(29, 30)], 0, -1, THRESHOLD)).toEqual({
      quench: 29,
      evidence: 'water_after_cooling',
      step: step(29, 30),
      unclear: null,
    });
  });
});

describe('the changeover at the edges', () => {
  it('is the first sample when T_cold_s is under 350 °C from it on and flat', () => {
    const ts = times(20, 60);
    expect(findChangeover(ts, f64(repeat(300, 20)), 0, 19)).toBe(0);
  });

  it('fits its line over 20 minutes either side and not a reading more', () => {
    // readings every 5 minutes falling 25 °C each, crossing 350 °C at 20 minutes, then level at 300 °C from 50 minutes on
    const ts = times(16, 300);
    const cold = f64(Array.from({ length: 16 }, (_, i) => (i <= 9 ? 450 - 25 * i : 300)));
    expect(findChangeover(ts, cold, 0, 15)).toBe(4);
  });

  it('leaves pyrolysis temperature for good at `from` itself, counts exactly 350 °C as at it, and skips missing readings', () => {
    const ts = times(30, 60);
    expect(lastCrossing(ts, f64(repeat(300, 30)), 0)).toBe(0);
    expect(lastCrossing(ts, f64([300, 350, ...repeat(300, 28)]), 0)).toBe(2);
    expect(lastCrossing(ts, f64([400, NaN, ...repeat(300, 28)]), 0)).toBe(2);
  });
});

describe('phases at the edges of the log', () => {
  it('starts at a first sample already hot, before a later load', () => {
    const s = prepared([...repeat(150, 30), ...repeat(20, 30)], { smooth: [...repeat(0, 10), ...repeat(50, 50)] });
    const phases = detectPhases(s, KILN_TYPE.RETORT, 2);
    expect(phases.steps.length).toBe(1);
    expect(phases.start).toBe(0);
  });

  it('ends a Retort burn at the log end when it was warm only at t0, and says so when it ends within a minute of that', () => {
    expect(detectPhases(prepared([150, ...repeat(20, 20)]), KILN_TYPE.RETORT, 2).quench).toBe(20);
    expect(detectPhases(prepared([150, ...repeat(20, 4)]), KILN_TYPE.RETORT, 2).unclear).toBe(
      'The log ends while the kiln is still at or above 100 °C (at 00:00): it shows no cool-down.',
    );
  });

  it('keeps a quench found at the first sample, and has no changeover but on a Terrafix', () => {
    const phases = detectPhases(prepared([400, 340, 280, 220, 160, 100, 40, 20, 20, 20], { stepSeconds: 60 }), KILN_TYPE.CGO1, 2);
    expect(phases.quench).toBe(0);
    expect(phases.quenchFound).toBe(true);
    expect(phases.changeover).toBe(-1);
  });

  it('falls back to the last warm sample when the burn ends at t0 and no quench is found', () => {
    const hot = Array.from({ length: 200 }, (_, i) => (i === 0 ? 351 : 349 - 2 * i));
    const phases = detectPhases(prepared(hot, { stepSeconds: 60 }), KILN_TYPE.CGO1, 2);
    expect(phases.burnEnd).toBe(0);
    expect(phases.quenchFound).toBe(false);
    expect(phases.quench).toBe(lastAtOrAbove(f64(hot), 100));
  });
});
