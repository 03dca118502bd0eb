import { KILN_TYPE } from '../../../mock-server/analysis';
import { analyseSeries } from '../../../mock-server/analysis/analyse';
import type { FacilitySettings } from '../../../mock-server/analysis/config';
import type { AnalysisResult } from '../../../mock-server/analysis/types';
import { flat, series, START_TS } from './handBuilt';

// The result's fields that only an edge of the phases reaches, on series built by hand.

const FACILITY: FacilitySettings = {
  box: { latitude_min: -2, latitude_max: 0, longitude_min: 36, longitude_max: 38 },
  wicf: 0.1,
  carbon_removal_factor: 2.5,
};
const HEADER = { kiln_id: 'K-1', latitude: -1, longitude: 37 };

function analysed(...args: Parameters<typeof series>): (type: (typeof KILN_TYPE)[keyof typeof KILN_TYPE]) => AnalysisResult {
  return (type) => {
    const out = analyseSeries(HEADER, series(...args), type, FACILITY);
    if (!('valid' in out)) throw new Error(`no result: ${out.error_message}`);
    return out;
  };
}

describe('analyseSeries', () => {
  it('answers a series without readings with the sentence the console shows', () => {
    expect(analyseSeries(HEADER, series([]), KILN_TYPE.CGO1, FACILITY)).toEqual({ error_message: 'The file has no readings.' });
  });

  it('gives no peak and no burn end, rather than a time, when no thermocouple reading is valid', () => {
    const none = flat(40, NaN);
    const result = analysed(flat(40, 300), { t1: none, t2: none })(KILN_TYPE.RETORT);
    expect(result.phases.peak_ts).toBeNull();
    expect(result.phases.burn_end_ts).toBeNull();
  });

  it('times a peak and a burn end at the first reading of a log that begins at its hottest', () => {
    const cooling = [700, 300, ...flat(38, 60)];
    const result = analysed(flat(40, 300), { t1: cooling, t2: cooling.map((t) => t - 50) })(KILN_TYPE.RETORT);
    expect(result.phases.peak_ts).toBe(START_TS);
    expect(result.phases.burn_end_ts).toBe(START_TS);
  });

  it('gives a Terrafix without a valid thermocouple reading no changeover estimate, not a zero', () => {
    const none = flat(40, NaN);
    const result = analysed(flat(40, 300), { t1: none, t2: none })(KILN_TYPE.TERRAFIX);
    expect(result.phases.changeover_ts).toBeNull();
    expect(result.BIOCHAR_FROM_CHANGEOVER).toBeNull();
    expect(result.BIOCHAR_LESS_CHANGE).toEqual(expect.any(Number));
  });

  it('puts the changeover of a Terrafix logged from its hottest, its cooler thermocouple already under 350 °C, at the first reading', () => {
    const hot = [700, 300, ...flat(38, 60)];
    const cold = [300, 250, ...flat(38, 40)];
    const result = analysed(flat(40, 300), { t1: hot, t2: cold })(KILN_TYPE.TERRAFIX);
    expect(result.phases.changeover_ts).toBe(START_TS);
    expect(result.BIOCHAR_FROM_CHANGEOVER).toBe(300);
  });
});
