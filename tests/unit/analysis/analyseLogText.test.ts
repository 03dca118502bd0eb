import {
  analyseLogText,
  CHART_MAX_POINTS,
  DATA_SAMPLE_ROWS,
  KILN_TYPE,
  type GeneratedBurn,
  type LogAnalysis,
} from '../../../mock-server/analysis';
import { CGO1_CALIBRATION, FACILITY, generate, kilnOf } from './helpers';

const lookupCgo1 = (id: string) => (id === 'K-0' ? { kiln: kilnOf(KILN_TYPE.CGO1), facility: FACILITY } : undefined);

describe('analyseLogText', () => {
  // built before each test, inside it: a fixture that throws at load would not count as a failed test, and mutation testing sees which test runs which line
  let burn: GeneratedBurn;
  let outcome: LogAnalysis;
  beforeEach(() => {
    burn = generate(KILN_TYPE.CGO1, 21, undefined, { sample_interval_s: 5 });
    outcome = analyseLogText(burn.text, lookupCgo1);
  });

  it('returns the header, the first reading as kiln local time, and a result', () => {
    expect(outcome).toMatchObject({
      kiln_id: 'K-0',
      latitude: burn.truth.latitude,
      longitude: burn.truth.longitude,
      logts: '2026-03-01T06:00:00',
      error_message: null,
    });
    expect(outcome.result?.valid).toBe('true');
  });

  it('gives chart points in °C and kg, at most 1,000, first and last reading kept', () => {
    expect(burn.truth.rows).toBeGreaterThan(CHART_MAX_POINTS);
    const chart = outcome.chart_data;
    expect(chart.length).toBeLessThanOrEqual(CHART_MAX_POINTS);
    expect(chart[0].ts).toBe(burn.truth.start_ts);
    expect(chart[chart.length - 1].ts).toBe(burn.truth.end_ts);
    const heaviest = Math.max(...chart.map((p) => p.w ?? 0));
    expect(heaviest).toBeGreaterThan(burn.truth.biomass_kg * 0.5);
    expect(heaviest).toBeLessThan(burn.truth.biomass_kg * 1.2);
  });

  it('gives the first rows of the file as data_sample', () => {
    expect(outcome.data_sample).toHaveLength(DATA_SAMPLE_ROWS);
    const firstRow = burn.text.split('\n')[4].split(',');
    expect(outcome.data_sample[0]).toEqual({
      d: firstRow[0],
      t: firstRow[1],
      t1: Number(firstRow[2]),
      t2: Number(firstRow[3]),
      w: Number(firstRow[4]),
    });
  });

  it('survives a JSON round trip unchanged (no NaN or Infinity)', () => {
    expect(JSON.parse(JSON.stringify(outcome))).toEqual(outcome);
  });

  it('names an unknown kiln, still showing the temperatures', () => {
    const unknown = analyseLogText(burn.text.replace('kiln_id=K-0', 'kiln_id=XYZ'), lookupCgo1);
    expect(unknown).toMatchObject({ kiln_id: 'XYZ', result: null, error_message: "Unknown kiln 'XYZ'.", logts: '2026-03-01T06:00:00' });
    expect(unknown.chart_data.length).toBeGreaterThan(0);
    expect(unknown.chart_data.every((p) => p.w === null)).toBe(true);
    expect(unknown.data_sample).toHaveLength(DATA_SAMPLE_ROWS);
  });

  it('passes on an unknown kiln type and a missing config as error_message', () => {
    expect(analyseLogText(burn.text, () => ({ kiln: { type: 9 }, facility: FACILITY })).error_message).toBe('Unknown kiln type.');
    expect(analyseLogText(burn.text, () => ({ kiln: { type: 0, config: '{}' }, facility: FACILITY })).error_message).toMatch(
      /^Kiln config missing/,
    );
  });

  it('keeps what the header told before a log of mostly unreadable lines', () => {
    const broken = analyseLogText(generate(KILN_TYPE.CGO1, 21, 'garbage').text, lookupCgo1);
    expect(broken).toMatchObject({ kiln_id: 'K-0', result: null, logts: null, chart_data: [], data_sample: [] });
    expect(broken.error_message).toMatch(
      /^Line 6: expected 5 comma-separated values but found 1\. \d+ of \d+ reading lines \(66\.\d %\) could not be read; at most 2 % may be skipped\.$/,
    );
  });

  it('keeps the position the header gave when a later line breaks the log', () => {
    const broken = analyseLogText('# kiln_id=K-0\n# latitude=-1.3\n# longitude=36.8\n# kiln_id=\n', lookupCgo1);
    expect(broken).toMatchObject({
      kiln_id: 'K-0',
      latitude: -1.3,
      longitude: 36.8,
      result: null,
      error_message: 'Line 4: kiln_id is empty.',
    });
  });

  it('skips a garbled line, counting it in the result', () => {
    const { result, error_message } = analyseLogText(generate(KILN_TYPE.CGO1, 21, 'garbled_line').text, lookupCgo1);
    expect(error_message).toBeNull();
    expect(result?.skipped_lines).toBe(1);
    expect(result?.valid).toBe('true');
  });

  it('uses the calibration it was given', () => {
    const kiln = { type: 0, config: { cgo1: { ...CGO1_CALIBRATION, zero_weight: CGO1_CALIBRATION.zero_weight - 25_000 } } };
    const shifted = analyseLogText(burn.text, () => ({ kiln, facility: FACILITY }));
    expect(shifted.result?.zero_weight).toBe(CGO1_CALIBRATION.zero_weight - 25_000);
    expect(shifted.result?.biochar_prior_to_quench).toBeCloseTo((outcome.result?.biochar_prior_to_quench ?? 0) + 10, 1);
  });
});

describe('analyseLogText on degenerate logs', () => {
  const header = '# kiln_id=K-0\n# latitude=-1.3\n# longitude=36.8\nd,t,t1,t2,w\n';
  const cases: [string, string][] = [
    ['a single reading', '2026-03-01,06:00:00,20,20,84210\n'],
    ['two readings at the same time', '2026-03-01,06:00:00,20,20,84210\n2026-03-01,06:00:00,25,25,84210\n'],
    [
      'only faulty thermocouples',
      '2026-03-01,06:00:00,-999,1372,84210\n2026-03-01,06:00:10,-999,1372,99999\n2026-03-01,06:01:10,-999,1372,99999\n',
    ],
    ['a weight below the empty kiln', '2026-03-01,06:00:00,500,500,0\n2026-03-01,06:30:00,500,500,0\n2026-03-01,07:30:00,90,90,0\n'],
  ];

  it.each(cases)('%s: a result that survives JSON, never an exception', (_name, rows) => {
    for (const type of [KILN_TYPE.CGO1, KILN_TYPE.RETORT, KILN_TYPE.TERRAFIX]) {
      const outcome = analyseLogText(header + rows, () => ({ kiln: kilnOf(type), facility: FACILITY }));
      expect(outcome.error_message).toBeNull();
      expect(outcome.result?.valid).toBe('false');
      expect(JSON.parse(JSON.stringify(outcome))).toEqual(outcome);
    }
  });
});
