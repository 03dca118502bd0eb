import {
  analyse,
  isAnalysisError,
  KILN_TYPE,
  parseLog,
  type AnalysisResult,
  type FacilityInput,
  type KilnInput,
} from '../../../mock-server/analysis';
import { BOX, sampledLog, type Reading } from './helpers';

/**
 * Every validity rule (docs/analysis.md#validity-rules) on both sides of its limit, on
 * hand-made burns sampled every 10 s whose figures are exact: loads of 100 kg
 * at 5, 20 and 40 min (t0 at 4:50, the last reading before the first), the
 * weight burning down to `finalKg` from 50 to 170 min, water at 200 min.
 */

const CGO1: KilnInput = { type: KILN_TYPE.CGO1, config: { cgo1: { zero_weight: 0, per_g_weight: 0.001 } } };
/** WICF 0: biochar produced = biochar prior to quench, so yields are exact */
const FACILITY: FacilityInput = { ...BOX, kiln_type_config: { cgo1: { wicf: 0, carbonRemovalFactor: 2 } } };

interface BurnOptions {
  finalKg?: number;
  /** the cooler thermocouple at m minutes (default 20 °C below t1) */
  cold?: (m: number) => number | '';
  /** the hotter thermocouple (default 20 °C, 600 °C from 6 to 200 min, 60 °C after) */
  hot?: (m: number) => number | '';
  quenchAt?: number;
  /** kg at m minutes (default: the loads, the burn-down to finalKg, 60 kg of water at quenchAt) */
  weight?: (m: number) => number;
  minutes?: number;
  stepSeconds?: number;
  latitude?: number;
  longitude?: number;
}

function burn(options: BurnOptions = {}): string {
  const { finalKg = 90, quenchAt = 200, minutes = quenchAt + 30 } = options;
  const hot = options.hot ?? ((m: number) => (m < 6 ? 20 : m < quenchAt ? 600 : 60));
  const cold =
    options.cold ??
    ((m: number) => {
      const h = hot(m);
      return h === '' ? '' : h <= 20 ? h : h - 20;
    });
  const weight =
    options.weight ??
    ((m: number) => {
      if (m < 5) return 0;
      if (m < 20) return 100;
      if (m < 40) return 200;
      if (m < 50) return 300;
      if (m < 170) return 300 - ((m - 50) * (300 - finalKg)) / 120;
      return m < quenchAt ? finalKg : finalKg + 60;
    });
  return sampledLog(minutes, (m): Reading => ({ t1: hot(m) as number, t2: cold(m) as number, w: weight(m) }), {
    stepSeconds: options.stepSeconds,
    latitude: options.latitude,
    longitude: options.longitude,
  });
}

function analysed(text: string, kiln: KilnInput = CGO1): AnalysisResult {
  const parsed = parseLog(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const outcome = analyse(parsed.log, kiln, FACILITY);
  if (isAnalysisError(outcome)) throw new Error(outcome.error_message);
  return outcome;
}

const codes = (result: AnalysisResult) => result.reasons.map((r) => r.code);

describe('the hand-made burn itself', () => {
  it('is valid, with 300 kg loaded and its figures exact', () => {
    const result = analysed(burn());
    expect(codes(result)).toEqual([]);
    expect(result).toMatchObject({ biomass_loaded: 300, biochar_prior_to_quench: 90, biochar_produced: 90, burn_duration: 195 * 60_000 });
  });
});

describe('TEMP_LOW: T_cold_s at or above 350 °C for 30 minutes in all', () => {
  const coldFor = (level: number, from: number, to: number) => (m: number) =>
    m < 6 ? 20 : m >= 200 ? 40 : m >= from && m < to ? level : 300;

  it('passes at exactly 350 °C for exactly 30 minutes', () => {
    const result = analysed(burn({ cold: coldFor(350, 60, 90) }));
    expect(codes(result)).toEqual([]);
    expect(result.phases.pyrolysis_spans).toEqual([[Date.UTC(2026, 2, 1, 7, 0), Date.UTC(2026, 2, 1, 7, 30)]]);
  });

  it('fails ten seconds short of 30 minutes', () => {
    const result = analysed(burn({ cold: coldFor(350, 60, 89 + 50 / 60) }));
    expect(codes(result)).toEqual(['TEMP_LOW']);
    expect(result.reasons[0].message).toBe(
      'The cooler thermocouple was at or above 350 °C for 29.8 min of the burn; at least 30.0 min is required.',
    );
  });

  it('fails just under 350 °C', () => {
    expect(codes(analysed(burn({ cold: coldFor(349.9, 60, 120) })))).toEqual(['TEMP_LOW']);
  });

  it('adds up separate stretches', () => {
    const twice = (m: number) => (m < 6 ? 20 : m >= 200 ? 40 : (m >= 60 && m < 75) || (m >= 100 && m < 115) ? 400 : 300);
    const result = analysed(burn({ cold: twice }));
    expect(codes(result)).toEqual([]);
    expect(result.phases.pyrolysis_spans).toHaveLength(2);
  });

  it('reads the cooler of two crossing thermocouples, whichever channel it is on', () => {
    // t1 is the hotter until 100 min, then t2: T_cold is 300 °C throughout, so the burn is too cold
    const crossing = burn({
      hot: (m) => (m < 6 ? 20 : m < 100 ? 600 : m < 200 ? 300 : 60),
      cold: (m) => (m < 6 ? 20 : m < 100 ? 300 : m < 200 ? 600 : 60),
    });
    const result = analysed(crossing);
    expect(result.phases.pyrolysis_spans).toEqual([]);
    expect(codes(result)).toEqual(['TEMP_LOW']);
    // swapped back, the same burn: the channels' names do not matter
    const straight = burn({ hot: (m) => (m < 6 ? 20 : m < 200 ? 600 : 60), cold: (m) => (m < 6 ? 20 : m < 200 ? 300 : 60) });
    expect(analysed(straight).reasons).toEqual(result.reasons);
  });
});

describe('SENSOR_FAULT: each thermocouple valid in 90 % of the burn', () => {
  it('flags a missing t1, and still finds the phases on t2 alone', () => {
    const result = analysed(burn({ hot: (m) => (m < 6 ? '' : m < 200 ? '' : ''), cold: (m) => (m < 6 ? 20 : m < 200 ? 580 : 40) }));
    expect(codes(result)).toEqual(['SENSOR_FAULT']);
    expect(result.reasons[0].message).toBe(
      "Thermocouple 1 gave valid readings for only 0.0 % of the burn's samples; at least 90.0 % is required.",
    );
    expect(result.burn_duration).toBe(195 * 60_000);
  });

  it('accepts 10 % missing and refuses more', () => {
    // the burn spans 4:50 to 199:50: 1,171 readings; 117 blank is 90.01 % valid, 118 blank 89.92 %
    const blanks = (count: number) => (m: number) => (m >= 100 && m < 100 + count / 6 ? '' : m < 6 ? 20 : m < 200 ? 580 : 40);
    expect(codes(analysed(burn({ cold: blanks(117) })))).toEqual([]);
    expect(codes(analysed(burn({ cold: blanks(118) })))).toEqual(['SENSOR_FAULT']);
  });
});

describe('MASS_IMPLAUSIBLE: biochar produced 5 % to 40 % of the biomass loaded', () => {
  it.each([
    [15, []],
    [14.9, ['MASS_IMPLAUSIBLE']],
    [120, []],
    [120.1, ['MASS_IMPLAUSIBLE']],
  ])('biochar %s kg of 300 kg: %j', (finalKg, expected) => {
    expect(codes(analysed(burn({ finalKg })))).toEqual(expected);
  });

  it('refuses more char before the quench than biomass loaded, and none at all', () => {
    expect(analysed(burn({ finalKg: 301 })).reasons[0].message).toBe(
      'The weight before the quench (301.00 kg) exceeds the biomass loaded (300.00 kg).',
    );
    expect(analysed(burn({ finalKg: 0 })).reasons[0].message).toBe('The weight before the quench (0.00 kg) is not above zero.');
  });
});

describe('DURATION: 30 minutes to 24 hours', () => {
  // t0 is 4:50, so a quench whose last dry reading is at 34:50 lasts exactly 30 minutes
  const short = (quenchAt: number) =>
    burn({ quenchAt, hot: (m) => (m < 6 ? 20 : m < quenchAt ? 600 : 60), weight: (m) => (m < 5 ? 0 : m < quenchAt ? 100 : 160) });

  it('accepts exactly 30 minutes and refuses ten seconds less', () => {
    const exact = analysed(short(35));
    expect(exact.burn_duration).toBe(30 * 60_000);
    expect(codes(exact)).not.toContain('DURATION');
    const under = analysed(short(34 + 50 / 60));
    expect(under.burn_duration).toBe(30 * 60_000 - 10_000);
    expect(codes(under)).toContain('DURATION');
  });

  it('accepts exactly 24 hours and refuses a minute more', () => {
    const long = (quenchAt: number) => burn({ quenchAt, stepSeconds: 60, minutes: quenchAt + 30 });
    const exact = analysed(long(5 + 24 * 60));
    expect(exact.burn_duration).toBe(24 * 60 * 60_000);
    expect(codes(exact)).not.toContain('DURATION');
    expect(codes(analysed(long(6 + 24 * 60)))).toContain('DURATION');
  });
});

describe('GPS_OUTSIDE: the position inside the facility box, edges included', () => {
  it.each([
    ['on the northern edge', BOX.latitude_max, 36.8, true],
    ['on the southern edge', BOX.latitude_min, 36.8, true],
    ['on the western edge', -1.3, BOX.longitude_min, true],
    ['on the eastern edge', -1.3, BOX.longitude_max, true],
    ['just north', BOX.latitude_max + 0.00001, 36.8, false],
    ['just east', -1.3, BOX.longitude_max + 0.00001, false],
    ['just west', -1.3, BOX.longitude_min - 0.00001, false],
    ['just south', BOX.latitude_min - 0.00001, 36.8, false],
  ])('%s', (_where, latitude, longitude, inside) => {
    const result = analysed(burn({ latitude, longitude }));
    expect(result.gps_in_range).toBe(inside);
    expect(codes(result)).toEqual(inside ? [] : ['GPS_OUTSIDE']);
  });
});

describe('DATA_GAP: no gap over 5 minutes in the burn', () => {
  const withGap = (minutes: number) => {
    const lines = burn().split('\n');
    // drop the readings strictly inside (100 min, 100 min + gap)
    return lines
      .filter((line) => {
        const m = /,(\d\d):(\d\d):(\d\d),/.exec(line);
        if (!m) return true;
        const at = (Number(m[1]) - 6) * 60 + Number(m[2]) + Number(m[3]) / 60;
        return !(at > 100 && at < 100 + minutes);
      })
      .join('\n');
  };

  it('accepts a gap of exactly 5 minutes and refuses 5 minutes 10 seconds', () => {
    expect(codes(analysed(withGap(5)))).toEqual([]);
    expect(codes(analysed(withGap(5 + 10 / 60)))).toEqual(['DATA_GAP']);
  });
});

describe('Retort paths', () => {
  const RETORT: KilnInput = { type: KILN_TYPE.RETORT };

  it('takes the biomass from before heating and ends the burn where the kiln cools below 100 °C', () => {
    const retort = (m: number): Reading => ({
      t1: m < 10 ? 20 : m < 150 ? 500 : Math.max(20, 500 - 8 * (m - 150)),
      t2: m < 10 ? 20 : m < 150 ? 470 : Math.max(20, 470 - 8 * (m - 150)),
      w: m < 3 ? 0 : m < 60 ? 200 : m < 140 ? 200 - ((m - 60) * 140) / 80 : 60,
    });
    const result = analysed(sampledLog(240, retort), RETORT);
    expect(result).toMatchObject({ biomass_loaded: 200, biochar_prior_to_quench: 60, unpyrolized_biomass: 0, biochar_produced: 60 });
    expect(result.phases).toMatchObject({ quench_found: null, quench_evidence: null, changeover_ts: null });
    // 500 - 8(m - 150) ≥ 100 until m = 200
    expect(result.phases.quench_ts).toBe(Date.UTC(2026, 2, 1, 9, 20));
    expect(codes(result)).toEqual([]);
  });

  it('a Retort that never heats is too cold, its burn running from its load to the end of the log', () => {
    const cold = analysed(
      sampledLog(60, (m) => ({ t1: 20, t2: 20, w: m < 3 ? 0 : 200 })),
      RETORT,
    );
    // nothing burnt: the char is all the wood
    expect(codes(cold)).toEqual(['TEMP_LOW', 'MASS_IMPLAUSIBLE']);
    expect(cold.biomass_loaded).toBe(200);
    expect(cold.burn_duration).toBe((59 + 50 / 60 - (2 + 50 / 60)) * 60_000);
  });
});

describe('ESTIMATES_DISAGREE (Terrafix): the two biochar estimates within 10 %', () => {
  const TERRAFIX: KilnInput = { type: KILN_TYPE.TERRAFIX, config: { terrafix: { per_g_weight: 0.001 } } };
  /** t2 runs 100 °C below t1, which falls 5 °C/min after its 650 °C peak at 150 min: the changeover is at 190 min */
  const terrafix = (atChangeoverKg: number, afterKg: number) =>
    sampledLog(230, (m): Reading => {
      const t1 = m < 6 ? 20 : m < 150 ? 400 + ((m - 6) * 250) / 144 : m < 200 ? 650 - 5 * (m - 150) : 60;
      const kg =
        m < 5
          ? 0
          : m < 20
            ? 100
            : m < 40
              ? 200
              : m < 50
                ? 300
                : m < 170
                  ? 300 - ((m - 50) * (300 - atChangeoverKg)) / 120
                  : m < 190
                    ? atChangeoverKg
                    : m < 200
                      ? afterKg
                      : afterKg + 60;
      return { t1, t2: m < 6 ? 20 : t1 - 100, w: 5 + kg };
    });

  it('accepts estimates exactly 10 % apart and refuses a little more', () => {
    const ten = analysed(terrafix(88, 80), TERRAFIX);
    expect([ten.BIOCHAR_FROM_CHANGEOVER, ten.BIOCHAR_LESS_CHANGE]).toEqual([88, 80]);
    expect(codes(ten)).toEqual([]);
    const over = analysed(terrafix(88.1, 80), TERRAFIX);
    expect(codes(over)).toEqual(['ESTIMATES_DISAGREE']);
    expect(over.reasons[0].message).toBe(
      'The two biochar estimates differ by 10.1 % (88.10 kg at changeover, 80.00 kg after the quench); at most 10.0 % is allowed.',
    );
  });
});

describe('sentences and edges the mutation run found untested', () => {
  it('counts the pyrolysis time up to the last reading before the quench, not past it', () => {
    expect(analysed(burn()).phases.pyrolysis_spans).toEqual([[Date.UTC(2026, 2, 1, 6, 6), Date.UTC(2026, 2, 1, 9, 19, 50)]]);
  });

  it('words DURATION in hours and minutes', () => {
    const result = analysed(
      burn({ quenchAt: 20, hot: (m) => (m < 6 ? 20 : m < 20 ? 600 : 60), weight: (m) => (m < 5 ? 0 : m < 20 ? 100 : 160) }),
    );
    expect(result.reasons.find((r) => r.code === 'DURATION')?.message).toBe(
      'The burn lasted 0h 15m; it must last between 0h 30m and 24h 0m.',
    );
  });

  it('names both thermocouples when both fail', () => {
    const result = analysed(burn({ hot: () => '', cold: () => '' }));
    expect(result.reasons.find((r) => r.code === 'SENSOR_FAULT')?.message).toBe(
      "Thermocouple 1 gave valid readings for only 0.0 % of the burn's samples; Thermocouple 2 gave valid readings for only 0.0 % of the burn's samples; at least 90.0 % is required.",
    );
  });

  it('lets the char before the quench equal the biomass (judged by the yield), and not exceed it', () => {
    expect(analysed(burn({ finalKg: 300 })).reasons[0].message).toBe(
      'Biochar produced is 100.0 % of the biomass loaded (300.00 kg of 300.00 kg); it must be between 5.0 % and 40.0 %.',
    );
  });
});

describe('limits the first mutation runs left untested', () => {
  it('SENSOR_FAULT passes at exactly 90.0 % valid readings', () => {
    // quenched at 201:30, the burn spans 4:50 to 201:20: 1,180 readings, 118 of them blank is exactly 90 %
    const quenchAt = 201.5;
    const blanks = (count: number) => (m: number) => (m >= 100 && m < 100 + (count - 0.5) / 6 ? '' : m < 6 ? 20 : m < quenchAt ? 580 : 40);
    const exact = analysed(burn({ quenchAt, cold: blanks(118) }));
    expect(exact.burn_duration).toBe(1179 * 10_000);
    expect(codes(exact)).toEqual([]);
    expect(codes(analysed(burn({ quenchAt, cold: blanks(119) })))).toEqual(['SENSOR_FAULT']);
  });

  it('DATA_GAP looks only inside the burn: a logger asleep right after a Retort cooled is no gap', () => {
    const retort = (m: number): Reading => ({
      t1: m < 10 ? 20 : m < 150 ? 500 : Math.max(20, 500 - 8 * (m - 150)),
      t2: m < 10 ? 20 : m < 150 ? 470 : Math.max(20, 470 - 8 * (m - 150)),
      w: m < 3 ? 0 : m < 60 ? 200 : m < 140 ? 200 - ((m - 60) * 140) / 80 : 60,
    });
    // no readings between 200 min (9:20, the last at or above 100 °C) and 210 min
    const lines = sampledLog(240, retort)
      .split('\n')
      .filter((line) => !/,09:(2[1-9]:\d\d|20:[1-5]\d),/.test(line));
    expect(lines.length).toBe(sampledLog(240, retort).split('\n').length - 59);
    const result = analysed(lines.join('\n'), { type: KILN_TYPE.RETORT });
    expect(result.phases.quench_ts).toBe(Date.UTC(2026, 2, 1, 9, 20));
    expect(codes(result)).toEqual([]);
  });
});
