import { KILN_TYPE, parseLog } from '../../../mock-server/analysis';
import {
  climbsBack,
  coolsAfter,
  detectPhases,
  findChangeover,
  findHeatStart,
  findLoadSteps,
  findQuench,
  lastCrossing,
  riseFraction,
} from '../../../mock-server/analysis/phases';
import { orderRows, prepareSeries, type PreparedSeries } from '../../../mock-server/analysis/series';
import { at, sampledLog, type Reading } from './helpers';

/** A series read as a Retort's (kg as logged), every 10 s. */
function series(minutes: number, reading: (m: number) => Reading): PreparedSeries {
  const parsed = parseLog(sampledLog(minutes, reading));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return prepareSeries(orderRows(parsed.log.rows), { type: KILN_TYPE.RETORT });
}

const indexAt = (s: PreparedSeries, minutes: number) => s.ts.indexOf(at(minutes));

describe('t0: T_hot_s at 100 °C held for 2 minutes', () => {
  it('starts at exactly 100 °C held exactly 2 minutes, and not 10 seconds less', () => {
    const held = series(30, (m) => ({ t1: m >= 10 && m <= 12 ? 100 : 20, t2: 20, w: 0 }));
    expect(findHeatStart(held.ts, held.hotS)).toBe(indexAt(held, 10));
    const short = series(30, (m) => ({ t1: m >= 10 && m < 12 ? 100 : 20, t2: 20, w: 0 }));
    expect(findHeatStart(short.ts, short.hotS)).toBe(-1);
    const under = series(30, (m) => ({ t1: m >= 10 && m <= 13 ? 99.9 : 20, t2: 20, w: 0 }));
    expect(findHeatStart(under.ts, under.hotS)).toBe(-1);
  });
});

describe('load steps', () => {
  it('joins armfuls less than 2 minutes apart into one load, and keeps loads further apart separate', () => {
    const armfuls = series(30, (m) => ({ t1: 20, t2: 20, w: (m >= 10 ? 50 : 0) + (m >= 11 + 50 / 60 ? 50 : 0) }));
    const one = findLoadSteps(armfuls.ts, armfuls.smooth, 2);
    expect(one.map((s) => Math.round(s.kg * 100) / 100)).toEqual([100]);
    expect(armfuls.ts[one[0].start]).toBe(at(9 + 50 / 60));

    const apart = series(30, (m) => ({ t1: 20, t2: 20, w: (m >= 10 ? 50 : 0) + (m >= 12 + 30 / 60 ? 50 : 0) }));
    expect(findLoadSteps(apart.ts, apart.smooth, 2).map((s) => Math.round(s.kg * 100) / 100)).toEqual([50, 50]);
  });

  it('ignores a rise below the threshold and a one-reading spike', () => {
    const small = series(30, (m) => ({ t1: 20, t2: 20, w: m >= 10 ? 1.9 : 0 }));
    expect(findLoadSteps(small.ts, small.smooth, 2)).toEqual([]);
    const spike = series(30, (m) => ({ t1: 20, t2: 20, w: Math.abs(m - 10) < 0.01 ? 80 : 0 }));
    expect(findLoadSteps(spike.ts, spike.smooth, 2)).toEqual([]);
    const exact = series(30, (m) => ({ t1: 20, t2: 20, w: m >= 10 ? 2 : 0 }));
    expect(findLoadSteps(exact.ts, exact.smooth, 2)).toHaveLength(1);
  });

  it('measures the rise of a slow spray from wherever in the step it starts', () => {
    // flat at 100 kg, then +10 kg a minute from 10 min: 10 % within 2 minutes of its start
    const spray = series(30, (m) => ({ t1: 20, t2: 20, w: m < 10 ? 100 : 100 + 10 * Math.min(m - 10, 5) }));
    const [step] = findLoadSteps(spray.ts, spray.smooth, 2);
    expect(riseFraction(spray, step)).toBeCloseTo(0.2, 2);
    // the same rise measured only from a point 4 minutes in: 10 kg on 140 kg
    const late = spray.ts.indexOf(at(14));
    expect(riseFraction(spray, { start: late, end: late, kg: 10 })).toBeCloseTo(10 / 140, 2);
  });
});

describe('load steps: armfuls, and rises at the edges of the log', () => {
  const steps = (s: PreparedSeries) =>
    findLoadSteps(s.ts, s.smooth, 2).map((step) => ({ from: (s.ts[step.start] - at(0)) / 60_000, to: (s.ts[step.end] - at(0)) / 60_000 }));

  it('joins a rise within 2 minutes of the previous top as an armful when it starts above the previous bottom', () => {
    // 100 → 150 kg at 10 min, settling to 120 kg from 11 min, then on to 170 kg at 12 min (1:50 after the top)
    const s = series(30, (m) => ({ t1: 20, t2: 20, w: m < 10 ? 100 : m < 11 ? 150 : m < 12 ? 120 : 170 }));
    expect(steps(s)).toEqual([{ from: 9 + 50 / 60, to: 12 }]);
  });

  it('keeps a rise that starts from back at (or under) the previous bottom as a load of its own, however soon', () => {
    for (const fallback of [100, 80]) {
      const s = series(30, (m) => ({ t1: 20, t2: 20, w: m < 10 ? 100 : m < 11 ? 150 : m < 12 ? fallback : 150 }));
      expect(steps(s)).toEqual([
        { from: 9 + 50 / 60, to: 10 },
        { from: 11 + 50 / 60, to: 12 },
      ]);
    }
  });

  it('finds a rise that begins at the very first reading, alone or followed by another load', () => {
    const alone = series(30, (m) => ({ t1: 20, t2: 20, w: Math.min(50, m * 100) }));
    expect(steps(alone)).toEqual([{ from: 0, to: 0.5 }]);
    const twice = series(30, (m) => ({ t1: 20, t2: 20, w: Math.min(50, m * 100) + (m >= 15 ? 50 : 0) }));
    expect(steps(twice)).toEqual([
      { from: 0, to: 0.5 },
      { from: 14 + 50 / 60, to: 15 },
    ]);
  });
});

describe('which rise is the quench water', () => {
  /** lit at 5 min, 600 °C, loaded 100 kg at 3 min, burnt down to 40 kg by 60 min, then the fire falls 100 °C a minute from 70 min to 100 °C */
  const falling = (waterAt: number) =>
    series(120, (m) => ({
      t1: m < 5 ? 20 : m < 70 ? 600 : m < waterAt ? Math.max(100, 600 - 100 * (m - 70)) : 40,
      t2: m < 5 ? 20 : m < 70 ? 580 : 40,
      w: m < 3 ? 0 : m < 60 ? 100 - m : m < waterAt ? 40 : 70,
    }));

  it('does not take a rise smaller than the load-step threshold for water, and takes one at the threshold', () => {
    const s = falling(80);
    const burnEnd = s.ts.indexOf(at(72.5));
    const [, water] = findLoadSteps(s.ts, s.smooth, 2);
    expect(findQuench(s, [{ ...water, kg: 2 }], 0, burnEnd, 2)).toMatchObject({ evidence: 'water_after_cooling', quench: water.start });
    expect(findQuench(s, [{ ...water, kg: 1.99 }], 0, burnEnd, 2).evidence).toBe('temperature_fall');
  });

  it('takes water up to exactly 10 minutes after t_end before a deep fall of the temperature, and the fall before later water', () => {
    // t_end at 72:30 (600 − 100 × 2.5 = 350 °C); the water's step starts 10 s before it shows
    const onTime = detectPhases(falling(82 + 40 / 60), KILN_TYPE.CGO1, 2);
    expect(onTime.quenchEvidence).toBe('water_after_cooling');
    expect(onTime.quench).toBe(falling(82 + 40 / 60).ts.indexOf(at(82.5)));
    const late = falling(82 + 50 / 60);
    const phases = detectPhases(late, KILN_TYPE.CGO1, 2);
    expect(late.ts[phases.burnEnd]).toBe(at(72.5));
    expect(phases.quenchEvidence).toBe('temperature_fall');
    expect(Math.abs(late.ts[phases.quench] - at(70))).toBeLessThanOrEqual(30_000);
  });
});

describe('a Retort log that ends while the kiln is warm', () => {
  const retort = (minutes: number) => series(minutes, (m) => ({ t1: m < 5 ? 20 : m < 60 ? 500 : m < 70 ? 150 : 60, t2: 20, w: 100 }));

  it('is unclear when it ends less than a minute after the last reading at 100 °C, naming when it ends', () => {
    expect(detectPhases(retort(65), KILN_TYPE.RETORT, 2).unclear).toBe(
      'The log ends while the kiln is still at or above 100 °C (at 07:04): it shows no cool-down.',
    );
    // the last warm reading is at 69:50; the log then runs on 50 s (unclear) or 60 s (clear)
    expect(detectPhases(retort(70 + 50 / 60), KILN_TYPE.RETORT, 2).unclear).not.toBeNull();
    expect(detectPhases(retort(71), KILN_TYPE.RETORT, 2).unclear).toBeNull();
  });
});

describe('water or wood', () => {
  const burnOn = (afterC: number) => series(60, (m) => ({ t1: m < 20 ? 600 : m < 21 ? 420 : afterC, t2: 20, w: m < 20 ? 100 : 150 }));

  it('a rise after which the fire climbs back by 50 °C to 350 °C is a load', () => {
    const wood = burnOn(600);
    const [step] = findLoadSteps(wood.ts, wood.smooth, 2);
    expect(climbsBack(wood, step, wood.n - 1)).toBe(true);
    expect(coolsAfter(wood, step)).toBe(true);
  });

  it('a rise after which the fire stays down is not, and one after which it climbs only 49 °C is not either', () => {
    const water = burnOn(60);
    const [step] = findLoadSteps(water.ts, water.smooth, 2);
    expect(climbsBack(water, step, water.n - 1)).toBe(false);
    const weak = burnOn(469);
    const [weakStep] = findLoadSteps(weak.ts, weak.smooth, 2);
    expect(climbsBack(weak, weakStep, weak.n - 1)).toBe(false);
    expect(climbsBack(burnOn(470), findLoadSteps(burnOn(470).ts, burnOn(470).smooth, 2)[0], weak.n - 1)).toBe(true);
  });

  it('a rise with no fall of 50 °C around it does not put the fire out', () => {
    const steady = series(60, (m) => ({ t1: m < 20 ? 600 : 551, t2: 20, w: m < 20 ? 100 : 150 }));
    const [step] = findLoadSteps(steady.ts, steady.smooth, 2);
    expect(coolsAfter(steady, step)).toBe(false);
    const fifty = series(60, (m) => ({ t1: m < 20 ? 600 : 550, t2: 20, w: m < 20 ? 100 : 150 }));
    expect(coolsAfter(fifty, findLoadSteps(fifty.ts, fifty.smooth, 2)[0])).toBe(true);
  });
});

describe('last crossing: T_cold_s below 350 °C for good', () => {
  const cold = (m: number) => (m < 60 ? 400 : m < 65 ? 300 : m < 70 ? 400 : 300);

  it('skips a dip that comes back within 10 minutes', () => {
    const s = series(120, (m) => ({ t1: 600, t2: cold(m), w: 0 }));
    expect(s.ts[lastCrossing(s.ts, s.coldS, 0)]).toBe(at(70));
  });

  it('is where the fall began when it never comes back, and none before the sample it is searched from', () => {
    const s = series(120, (m) => ({ t1: 600, t2: m < 60 ? 400 : 300, w: 0 }));
    expect(s.ts[lastCrossing(s.ts, s.coldS, 0)]).toBe(at(60));
    expect(lastCrossing(s.ts, s.coldS, -1)).toBe(-1);
    const always = series(60, () => ({ t1: 600, t2: 400, w: 0 }));
    expect(lastCrossing(always.ts, always.coldS, 0)).toBe(-1);
  });

  it('counts a return at exactly 10 minutes as coming back', () => {
    const s = series(120, (m) => ({ t1: 600, t2: m >= 60 && m < 70 ? 300 : m >= 90 ? 300 : 400, w: 0 }));
    expect(s.ts[lastCrossing(s.ts, s.coldS, 0)]).toBe(at(90));
  });
});

describe('changeover (Terrafix): where the trend of T_cold_s crosses 350 °C', () => {
  const minuteOf = (s: PreparedSeries, i: number) => (s.ts[i] - at(0)) / 60_000;
  const whole = (s: PreparedSeries) => findChangeover(s.ts, s.coldS, 0, s.n - 1);
  // falling 2 °C a minute through 350 °C at minute 60, plus a slow wave of ±50 °C
  const drifting = (phase: number) =>
    series(150, (m) => ({ t1: 700, t2: 350 - 2 * (m - 60) + 50 * Math.sin((2 * Math.PI * (m - 60)) / 25 + phase), w: 0 }));

  it('is not delayed by a drift that lifts the reading back over 350 °C after the trend crossed', () => {
    const late = drifting(Math.PI / 6);
    expect(minuteOf(late, lastCrossing(late.ts, late.coldS, 0))).toBeGreaterThan(68);
    expect(Math.abs(minuteOf(late, whole(late)) - 60)).toBeLessThan(1.5);
  });

  it('is not brought forward by a drift that holds the reading under 350 °C for over 10 minutes before the trend crosses', () => {
    const early = drifting(0);
    expect(minuteOf(early, lastCrossing(early.ts, early.coldS, 0))).toBeLessThan(50);
    expect(Math.abs(minuteOf(early, whole(early)) - 60)).toBeLessThan(1.5);
  });

  it('is at the step of a reading that drops through 350 °C and stays down, and none when it never does', () => {
    const s = series(120, (m) => ({ t1: 600, t2: m < 60 ? 400 : 300, w: 0 }));
    expect(s.ts[whole(s)]).toBe(at(60));
    const always = series(60, () => ({ t1: 600, t2: 400, w: 0 }));
    expect(whole(always)).toBe(-1);
    expect(findChangeover(s.ts, s.coldS, -1, s.n - 1)).toBe(-1);
  });

  it('fits only the readings up to the quench: the plunge under the water does not steepen the trend', () => {
    // 3 °C a minute through 350 °C at minute 60, the water at minute 70
    const s = series(120, (m) => ({ t1: 700, t2: m < 70 ? 350 - 3 * (m - 60) : 40, w: 0 }));
    const quench = s.ts.indexOf(at(70));
    expect(Math.abs(minuteOf(s, findChangeover(s.ts, s.coldS, 0, quench)) - 60)).toBeLessThan(1);
    expect(minuteOf(s, whole(s))).toBeLessThan(55);
  });

  it('lies between the peak and the quench even where the trend crosses outside them', () => {
    // already under 350 °C and falling fast at the peak (minute 60): the trend crossed before it
    const s = series(120, (m) => ({ t1: 600, t2: m < 60 ? 400 : 340 - 2 * (m - 60), w: 0 }));
    const peak = s.ts.indexOf(at(60));
    expect(findChangeover(s.ts, s.coldS, peak, s.n - 1)).toBe(peak);
    // a drop to just under 350 °C that stays flat: the trend through the step crosses 350 °C 13 minutes on, past a quench at 65
    const flat = series(120, (m) => ({ t1: 600, t2: m < 60 ? 400 : 340, w: 0 }));
    expect(minuteOf(flat, whole(flat))).toBeGreaterThan(70);
    expect(flat.ts[findChangeover(flat.ts, flat.coldS, 0, flat.ts.indexOf(at(65)))]).toBe(at(65));
  });
});

describe('several candidate quenches', () => {
  it('says the phases are unclear, naming both rises, when neither is a load', () => {
    // two water-like rises 4 minutes apart just before the kiln cools, the fire never climbing back
    const s = series(120, (m) => ({
      t1: m < 5 ? 20 : m < 60 ? 600 : m < 64 ? 560 : m < 66 ? 400 : 60,
      t2: m < 5 ? 20 : m < 60 ? 580 : m < 64 ? 540 : m < 66 ? 380 : 50,
      w: m < 3 ? 0 : m < 60 ? 100 : m < 64 ? 120 : 150,
    }));
    const phases = detectPhases(s, KILN_TYPE.CGO1, 2);
    expect(phases.unclear).toBe(
      'The weight rose by more than 5 % at 06:59 and 07:03, both just before the kiln cooled below 350 °C; which one was the quench is unclear.',
    );
    expect(s.ts[phases.quench]).toBe(at(63 + 50 / 60));
  });
});

describe('the quench paths', () => {
  const CGO1 = KILN_TYPE.CGO1;
  /** a C-Go-1-like series: lit at 5 min, 600 °C, loaded 100 kg at 3 min, burnt down to 40 kg by 60 min */
  const base = (m: number) => ({ t1: m < 5 ? 20 : 600, t2: m < 5 ? 20 : 580, w: m < 3 ? 0 : m < 60 ? 100 - m : 40 });

  it('finds water poured just after the flame dipped below 350 °C', () => {
    const s = series(120, (m) => (m < 70 ? base(m) : m < 75 ? { t1: 340, t2: 320, w: 40 } : { t1: 60, t2: 50, w: 70 }));
    const phases = detectPhases(s, CGO1, 2);
    expect(phases.quenchEvidence).toBe('water_after_cooling');
    expect(s.ts[phases.quench]).toBe(at(74 + 50 / 60));
    expect(phases.unclear).toBeNull();
  });

  it('finds water poured long after a kiln cooled by itself, once no faster fall explains the end', () => {
    // below 350 °C from 95 min at 10 °C a minute; the water comes at 110 min, 15 minutes later
    const s = series(150, (m) =>
      m < 70 ? base(m) : m < 110 ? { t1: Math.max(150, 600 - 10 * (m - 70)), t2: 140, w: 40 } : { t1: 40, t2: 40, w: 70 },
    );
    const phases = detectPhases(s, CGO1, 2);
    expect(phases.quenchEvidence).toBe('water_after_cooling');
    expect(s.ts[phases.quench]).toBe(at(109 + 50 / 60));
  });

  it('takes the start of a deep, fast fall for the quench when the load cell shows no water', () => {
    const s = series(120, (m) => (m < 70 ? base(m) : { t1: Math.max(40, 600 - 100 * (m - 70)), t2: 40, w: 40 }));
    const phases = detectPhases(s, CGO1, 2);
    expect(phases.quenchEvidence).toBe('temperature_fall');
    expect(Math.abs(s.ts[phases.quench] - at(70))).toBeLessThanOrEqual(30_000);
  });

  it('does not take a fast but shallow fall (flame noise) for a quench', () => {
    // 600 → 520 within a minute, then slowly on down: never 150 °C within 5 minutes of the onset
    const s = series(200, (m) =>
      m < 70 ? base(m) : { t1: m < 71 ? 600 - 80 * (m - 70) : Math.max(40, 520 - 5 * (m - 71)), t2: 40, w: 40 },
    );
    const phases = detectPhases(s, CGO1, 2);
    expect(phases.quenchEvidence).toBe('none');
    expect(phases.quenchFound).toBe(false);
  });

  it('finds the water of a kiln that never reached 350 °C', () => {
    const s = series(120, (m) => ({ t1: m < 5 ? 20 : m < 80 ? 300 : 40, t2: 20, w: m < 3 ? 0 : m < 80 ? 100 : 150 }));
    const phases = detectPhases(s, CGO1, 2);
    expect(phases.burnEnd).toBe(-1);
    expect(phases.quenchEvidence).toBe('water_after_cooling');
    expect(s.ts[phases.quench]).toBe(at(79 + 50 / 60));
    const dry = series(120, (m) => ({ t1: m < 5 ? 20 : m < 80 ? 300 : 40, t2: 20, w: m < 3 ? 0 : 100 }));
    expect(detectPhases(dry, CGO1, 2)).toMatchObject({ quenchFound: false, quenchEvidence: 'none' });
  });

  it('reads through blank weight cells: the steps and the water are still found', () => {
    const s = series(120, (m) => {
      const r = m < 70 ? base(m) : { t1: 60, t2: 50, w: 70 };
      return (m > 30 && m < 32) || (m > 90 && m < 91) ? { ...r, w: NaN } : r;
    });
    const phases = detectPhases(s, CGO1, 2);
    expect(phases.quenchEvidence).toBe('water');
    expect(s.ts[phases.quench]).toBe(at(69 + 50 / 60));
    // the load put 97 kg in at 3 min (w = 100 − m), the water 30 kg
    expect(phases.steps.map((step) => Math.round(step.kg))).toEqual([97, 30]);
  });
});
