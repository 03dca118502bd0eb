import {
  analyse,
  isAnalysisError,
  KILN_TYPE,
  parseLog,
  type AnalysisResult,
  type FacilityInput,
  type KilnInput,
  type ParsedLog,
} from '../../../mock-server/analysis';
import { at, FACILITY, sampledLog, type Reading } from './helpers';

/**
 * Hand-made, noise-free burns sampled every 10 s, whose every figure can be
 * worked out on paper (the expected values below are that working).
 */

function parsed(text: string): ParsedLog {
  const result = parseLog(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.log;
}

function analysed(text: string, kiln: KilnInput, facility: FacilityInput = FACILITY): AnalysisResult {
  const outcome = analyse(parsed(text), kiln, facility);
  if (isAnalysisError(outcome)) throw new Error(outcome.error_message);
  return outcome;
}

const CGO1: KilnInput = { type: KILN_TYPE.CGO1, config: { cgo1: { zero_weight: 1000, per_g_weight: 1 } } };
const raw = (kg: number) => 1000 + kg * 1000;

/** Lit at 6 min, peak 650 °C at 150 min, quenched at 200 min; loads of 100 kg at 5, 20 and 40 min burn down to 90 kg. */
function cgo1Burn(m: number, options: { preloadKg?: number; coolPerMin?: number; waterKg?: number } = {}): Reading {
  const { preloadKg = 0, coolPerMin, waterKg = 60 } = options;
  let t1: number;
  if (m < 6) t1 = 20;
  else if (m < 150) t1 = 400 + ((m - 6) * 250) / 144;
  else if (m < 200) t1 = 650 - (m - 150);
  else t1 = coolPerMin === undefined ? 60 : Math.max(60, 600 - coolPerMin * (m - 200));
  let kg: number;
  if (m < 5) kg = preloadKg;
  else if (m < 20) kg = preloadKg + 100;
  else if (m < 40) kg = preloadKg + 200;
  else if (m < 50) kg = preloadKg + 300;
  else if (m < 170) kg = preloadKg + 300 - ((m - 50) * (210 + preloadKg)) / 120;
  else if (m < 200) kg = 90;
  else kg = 90 + waterKg;
  return { t1, t2: m < 6 ? 20 : t1 - 20, w: raw(kg) };
}

describe('burn figures on hand-made series', () => {
  describe('C-Go-1', () => {
    // built before each test, inside it: a fixture that throws at load would not count as a failed test, and mutation testing sees which test runs which line
    let result: AnalysisResult;
    beforeEach(() => {
      result = analysed(
        sampledLog(230, (m) => cgo1Burn(m)),
        CGO1,
      );
    });

    it('finds t0 at the first load (before lighting), the quench at the last reading before the water, and the duration between', () => {
      expect(result.phases.start_ts).toBe(at(4 + 50 / 60));
      // the 60-second median of T_hot is flat from 149:50 to 150:00; the first of a tie counts
      expect(result.phases.peak_ts).toBe(at(149 + 50 / 60));
      expect(result.phases.burn_end_ts).toBe(at(199 + 50 / 60));
      expect(result.phases.quench_ts).toBe(at(199 + 50 / 60));
      expect(result.phases.quench_found).toBe(true);
      expect(result.phases.quench_evidence).toBe('water');
      expect(result.burn_duration).toBe(195 * 60_000);
    });

    it('converts the load cell with the kiln config and reports that calibration', () => {
      expect(result.zero_weight).toBe(1000);
      expect(result.per_unit_weight).toBe(1);
    });

    it('adds up the load steps: biomass 300 kg, loaded over 35 minutes', () => {
      expect(result.loads).toEqual([
        { ts: at(4 + 50 / 60), kg: 100 },
        { ts: at(19 + 50 / 60), kg: 100 },
        { ts: at(39 + 50 / 60), kg: 100 },
      ]);
      expect(result.biomass_loaded).toBe(300);
      expect(result.loading_rate).toBe(8.57); // 300 kg / 35 min
    });

    it('takes the char from the median before the quench, less the wood-in-char fraction', () => {
      expect(result.biochar_prior_to_quench).toBe(90);
      expect(result.unpyrolized_biomass).toBe(31.5); // 0.35 × 90
      expect(result.biochar_produced).toBe(58.5);
      expect(result.charing_rate).toBe(0.3); // 58.5 kg / 195 min
      expect(result.co2_removed).toBe(142.74); // 58.5 × 2.44
    });

    it('is valid, with no reasons, and records how it was computed', () => {
      expect(result.valid).toBe('true');
      expect(result.reasons).toEqual([]);
      expect(result.gps_in_range).toBe(true);
      expect(result.algorithm_version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(result.parameters).toMatchObject({ kiln_type: 0, wicf: 0.35, carbon_removal_factor: 2.44, load_step_threshold_kg: 2 });
      expect(result.min_temp_1).toBeUndefined();
    });

    it("uses the facility's WICF and carbon removal factor", () => {
      const facility = { ...FACILITY, kiln_type_config: { cgo1: { wicf: 0.3, carbonRemovalFactor: 2.5 } } };
      const other = analysed(
        sampledLog(230, (m) => cgo1Burn(m)),
        CGO1,
        facility,
      );
      expect(other.unpyrolized_biomass).toBe(27);
      expect(other.biochar_produced).toBe(63);
      expect(other.co2_removed).toBe(157.5);
      expect(other.parameters.wicf).toBe(0.3);
    });

    it('falls back to the spec defaults (WICF 0.35, factor 2.44) without a facility config', () => {
      const other = analysed(
        sampledLog(230, (m) => cgo1Burn(m)),
        CGO1,
        { ...FACILITY, kiln_type_config: null },
      );
      expect(other.co2_removed).toBe(142.74);
    });

    it('starts at lighting when biomass already sat in the kiln, counting it as the weight at t0', () => {
      const preloaded = analysed(
        sampledLog(230, (m) => cgo1Burn(m, { preloadKg: 50 })),
        CGO1,
      );
      expect(preloaded.phases.start_ts).toBe(at(4 + 50 / 60));
      const lateLoads = analysed(
        sampledLog(230, (m) => {
          const r = cgo1Burn(m, { preloadKg: 50 });
          // the first load moves after lighting
          return m >= 5 && m < 8 ? { ...r, w: raw(50) } : r;
        }),
        CGO1,
      );
      expect(lateLoads.phases.start_ts).toBe(at(6));
      expect(lateLoads.biomass_loaded).toBe(350);
    });

    it('divides by the burn minutes when there is a single load', () => {
      const single = analysed(
        sampledLog(230, (m) => {
          const r = cgo1Burn(m);
          return m >= 5 && m < 170 ? { ...r, w: raw(300 - (m < 50 ? 0 : ((m - 50) * 210) / 120)) } : r;
        }),
        CGO1,
      );
      expect(single.loads).toHaveLength(1);
      expect(single.biomass_loaded).toBe(300);
      expect(single.loading_rate).toBe(1.54); // 300 kg / 195 min
    });

    it('finds the quench from the water when the kiln cools over several minutes after it', () => {
      // 40 °C a minute: below 350 °C 6 min 15 s after the water, never 50 °C within a minute
      const byWeight = analysed(
        sampledLog(230, (m) => cgo1Burn(m, { coolPerMin: 40 })),
        CGO1,
      );
      expect(byWeight.phases.burn_end_ts).toBe(at(206 + 10 / 60));
      expect(byWeight.phases.quench_ts).toBe(at(199 + 50 / 60));
      expect(byWeight.phases.quench_evidence).toBe('water');
      expect(byWeight.valid).toBe('true');
    });

    it('does not take a weight rise of 5 % or less within 2 minutes for a quench', () => {
      // 4 kg on 90 kg is 4.4 %; the kiln cools 40 °C a minute, too slowly for a quench
      const slight = analysed(
        sampledLog(230, (m) => cgo1Burn(m, { coolPerMin: 40, waterKg: 4 })),
        CGO1,
      );
      expect(slight.phases.quench_found).toBe(false);
      expect(slight.phases.quench_evidence).toBe('none');
      expect(slight.reasons.map((r) => r.code)).toEqual(['NO_QUENCH']);
      // the burn end stands in for the quench
      expect(slight.phases.quench_ts).toBe(slight.phases.burn_end_ts);
    });

    it('takes a weight rise of just over 5 % for the quench water', () => {
      const enough = analysed(
        sampledLog(230, (m) => cgo1Burn(m, { coolPerMin: 40, waterKg: 4.6 })),
        CGO1,
      );
      expect(enough.phases.quench_found).toBe(true);
      expect(enough.phases.quench_ts).toBe(at(199 + 50 / 60));
    });

    it('finds the quench from the fast fall of the temperature when the load cell shows no water', () => {
      const noWater = analysed(
        sampledLog(230, (m) => cgo1Burn(m, { coolPerMin: 100, waterKg: 0 })),
        CGO1,
      );
      expect(noWater.phases.quench_evidence).toBe('temperature_fall');
      expect(noWater.phases.quench_found).toBe(true);
      // the median turns down half a minute before the fall: it spans ±30 s
      expect(Math.abs((noWater.phases.quench_ts - at(200)) / 60_000)).toBeLessThanOrEqual(0.5);
    });

    it('says the phases are unclear when the log ends while the kiln is still hot', () => {
      const hot = analysed(
        sampledLog(199, (m) => cgo1Burn(m)),
        CGO1,
      );
      expect(hot.reasons.map((r) => r.code)).toEqual(['NO_QUENCH', 'PHASES_UNCLEAR']);
      expect(hot.reasons[1].message).toMatch(
        /^The log ends while the kiln is still at or above 350 °C \(at 09:18\): it shows no cool-down\.$/,
      );
    });

    it('ignores a one-sample weight spike (rolling median) and sensor readings outside -20…1300 °C', () => {
      const spiky = analysed(
        sampledLog(230, (m) => {
          const r = cgo1Burn(m);
          if (Math.abs(m - 100) < 0.01) return { ...r, w: raw(400) };
          if (Math.abs(m - 120) < 0.01) return { ...r, t1: 1400, t2: -50 };
          return r;
        }),
        CGO1,
      );
      expect(spiky.loads).toHaveLength(3);
      expect(spiky.phases.peak_ts).toBe(at(149 + 50 / 60));
      expect(spiky.biomass_loaded).toBe(300);
    });

    it('sorts readings and drops repeated timestamps before analysing', () => {
      const text = sampledLog(230, (m) => cgo1Burn(m));
      const lines = text.trimEnd().split('\n');
      const header = lines.slice(0, 4);
      const rows = lines.slice(4);
      const shuffled = [...rows.slice(700), ...rows.slice(0, 700), rows[10].replace(/,[^,]*$/, ',999999')];
      const messy = analysed([...header, ...shuffled].join('\n'), CGO1);
      expect(messy).toEqual(result);
    });
  });

  describe('Terrafix', () => {
    const terrafix: KilnInput = { type: KILN_TYPE.TERRAFIX, config: { terrafix: { per_g_weight: 1 } } };
    /** like the C-Go-1 burn, but t2 runs 100 °C below t1, which falls 5 °C/min after the peak; char slumps 4 kg at changeover */
    const burn = (m: number): Reading => {
      let t1: number;
      if (m < 6) t1 = 20;
      else if (m < 150) t1 = 400 + ((m - 6) * 250) / 144;
      else if (m < 200) t1 = 650 - 5 * (m - 150);
      else t1 = 60;
      let kg: number;
      if (m < 5) kg = 0;
      else if (m < 20) kg = 100;
      else if (m < 40) kg = 200;
      else if (m < 50) kg = 300;
      else if (m < 170) kg = 300 - ((m - 50) * 220) / 120;
      else if (m < 190) kg = 80;
      else if (m < 200) kg = 76;
      else kg = 136;
      return { t1, t2: m < 6 ? 20 : t1 - 100, w: 5000 + kg * 1000 };
    };
    // built before each test, inside it: a fixture that throws at load would not count as a failed test, and mutation testing sees which test runs which line
    let result: AnalysisResult;
    beforeEach(() => {
      result = analysed(sampledLog(230, burn), terrafix);
    });

    it('tares with the median of the first two minutes', () => {
      expect(result.zero_weight).toBe(5000);
      expect(result.per_unit_weight).toBe(1);
      expect(result.biomass_loaded).toBe(300);
    });

    it('finds the changeover where the cooler thermocouple crosses 350 °C on its way down', () => {
      expect(result.phases.changeover_ts).toBe(at(190));
      expect(result.phases.quench_ts).toBe(at(199 + 50 / 60));
    });

    it('computes both char estimates and reports the lower', () => {
      expect(result.BIOCHAR_FROM_CHANGEOVER).toBe(80);
      expect(result.biochar_prior_to_quench).toBe(76);
      expect(result.BIOCHAR_LESS_CHANGE).toBe(76); // final 136 kg − 60 kg gained across the quench
      expect(result.unpyrolized_biomass).toBe(0);
      expect(result.biochar_produced).toBe(76);
      expect(result.co2_removed).toBe(185.44);
      expect(result.parameters.wicf).toBeNull();
    });

    it('reports the temperature range of each thermocouple over the burn', () => {
      expect(result).toMatchObject({ min_temp_1: 20, max_temp_1: 650, min_temp_2: 20, max_temp_2: 550 });
      expect(result.valid).toBe('true');
    });
  });

  describe('Retort', () => {
    const retort: KilnInput = { type: KILN_TYPE.RETORT };
    /** 200 kg loaded at 3 min, fired from 10 min, plateau 500 °C, cooling 4 °C/min from 150 min; 60 kg of char */
    const burn = (m: number): Reading => {
      let t1: number;
      if (m < 10) t1 = 20;
      else if (m < 60) t1 = 150 + 7 * (m - 10);
      else if (m < 150) t1 = 500;
      else t1 = Math.max(20, 500 - 4 * (m - 150));
      let kg: number;
      if (m < 3) kg = 0;
      else if (m < 60) kg = 200;
      else if (m < 140) kg = 200 - ((m - 60) * 140) / 80;
      else kg = 60;
      return { t1, t2: m < 10 ? 20 : t1 - 30, w: kg };
    };
    // built before each test, inside it: a fixture that throws at load would not count as a failed test, and mutation testing sees which test runs which line
    let result: AnalysisResult;
    beforeEach(() => {
      result = analysed(sampledLog(280, burn), retort);
    });

    it('takes the weight as kg and the biomass as the stable weight before heating', () => {
      expect(result.zero_weight).toBeNull();
      expect(result.per_unit_weight).toBeNull();
      expect(result.biomass_loaded).toBe(200);
    });

    it('ends the burn at the last moment at or above 100 °C, with no quench to find', () => {
      expect(result.phases.start_ts).toBe(at(2 + 50 / 60));
      expect(result.phases.quench_ts).toBe(at(250));
      expect(result.phases.quench_found).toBeNull();
      expect(result.burn_duration).toBe((250 - (2 + 50 / 60)) * 60_000);
    });

    it('reports all the char as produced', () => {
      expect(result.biochar_prior_to_quench).toBe(60);
      expect(result.unpyrolized_biomass).toBe(0);
      expect(result.biochar_produced).toBe(60);
      expect(result.loading_rate).toBe(0.81); // 200 kg / 247.17 min
      expect(result.charing_rate).toBe(0.24);
      expect(result.co2_removed).toBe(146.4);
      expect(result.valid).toBe('true');
    });
  });

  describe('kiln and config errors', () => {
    let log: ParsedLog;
    beforeEach(() => {
      log = parsed(sampledLog(30, (m) => cgo1Burn(m)));
    });

    it('refuses an unknown kiln type', () => {
      expect(analyse(log, { type: 7 }, FACILITY)).toEqual({ error_message: 'Unknown kiln type.' });
      expect(analyse(log, { type: null }, FACILITY)).toEqual({ error_message: 'Unknown kiln type.' });
    });

    it.each([
      ['C-Go-1 without cgo1', { type: 0, config: { terrafix: { per_g_weight: 1 } } }],
      ['C-Go-1 without zero_weight', { type: 0, config: { cgo1: { per_g_weight: 2 } } }],
      ['C-Go-1 with per_g_weight 0', { type: 0, config: { cgo1: { per_g_weight: 0, zero_weight: 0 } } }],
      ['C-Go-1 with unreadable JSON', { type: 0, config: '{cgo1' }],
      ['Terrafix without terrafix', { type: 2, config: null }],
    ])('says the kiln config is missing for %s', (_case, kiln) => {
      const outcome = analyse(log, kiln as KilnInput, FACILITY);
      expect(isAnalysisError(outcome) && outcome.error_message).toMatch(/^Kiln config missing/);
    });

    it('reads a config stored as a JSON string, numbers as strings included', () => {
      const outcome = analyse(log, { type: '0', config: JSON.stringify({ cgo1: { per_g_weight: '1', zero_weight: '1000' } }) }, FACILITY);
      expect(isAnalysisError(outcome)).toBe(false);
    });
  });
});
