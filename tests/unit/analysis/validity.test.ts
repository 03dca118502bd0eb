import { KILN_TYPE, MESSINESS, type BurnFault, type KilnType, type Messiness, type ReasonCode } from '../../../mock-server/analysis';
import { analyseText, generate, KILN_TYPES, kilnOf, TYPE_NAMES } from './helpers';

/** Each fault the generator can simulate, the rule it must break, and the kiln types it applies to. */
const FAULTS: { fault: BurnFault; code: ReasonCode; types: readonly KilnType[] }[] = [
  { fault: 'gps_outside', code: 'GPS_OUTSIDE', types: KILN_TYPES },
  // a cold Terrafix never reaches a proper changeover, so it breaks ESTIMATES_DISAGREE as well
  { fault: 'too_cold', code: 'TEMP_LOW', types: [KILN_TYPE.CGO1, KILN_TYPE.RETORT] },
  { fault: 'sensor_fault', code: 'SENSOR_FAULT', types: KILN_TYPES },
  { fault: 'gap', code: 'DATA_GAP', types: KILN_TYPES },
  { fault: 'no_quench', code: 'NO_QUENCH', types: [KILN_TYPE.CGO1, KILN_TYPE.TERRAFIX] },
  { fault: 'mass_implausible', code: 'MASS_IMPLAUSIBLE', types: KILN_TYPES },
  { fault: 'too_long', code: 'DURATION', types: KILN_TYPES },
  { fault: 'estimates_disagree', code: 'ESTIMATES_DISAGREE', types: [KILN_TYPE.TERRAFIX] },
];

/** Two seeds; one under mutation testing (KILN_MUTATION), where a mutant only needs killing once. */
const SEEDS = process.env.KILN_MUTATION ? [11] : [11, 12];
/** Faults on clean burns and on burns with every kind of field messiness at once. */
const ALL: Messiness[] = [...MESSINESS];

const cases = FAULTS.flatMap(({ fault, code, types }) =>
  types.flatMap((type) =>
    SEEDS.flatMap((seed) => [
      { fault, code, type, seed, messiness: [] as Messiness[], name: `${fault} on a clean ${TYPE_NAMES[type]} (seed ${seed})` },
      { fault, code, type, seed, messiness: ALL, name: `${fault} on a field-like ${TYPE_NAMES[type]} (seed ${seed})` },
    ]),
  ),
);

describe('validity rules on generated burns', () => {
  it.each(KILN_TYPES.flatMap((type) => SEEDS.map((seed) => ({ type, seed, name: TYPE_NAMES[type] }))))(
    'a clean $name burn (seed $seed) is valid',
    ({ type, seed }) => {
      const { result } = analyseText(generate(type, seed).text, kilnOf(type));
      expect(result?.reasons).toEqual([]);
      expect(result?.valid).toBe('true');
      expect(result?.gps_in_range).toBe(true);
    },
  );

  it.each(cases)('$name fails exactly $code', ({ fault, code, type, seed, messiness }) => {
    const { result, error_message } = analyseText(generate(type, seed, fault, undefined, messiness).text, kilnOf(type));
    expect(error_message).toBeNull();
    expect(result?.valid).toBe('false');
    expect(result?.reasons.map((r) => r.code)).toEqual([code]);
    expect(result?.reasons[0].message).toMatch(/^[A-Z].*\.$/);
  });

  it('marks a position outside the box in gps_in_range too', () => {
    const { result } = analyseText(generate(KILN_TYPE.CGO1, 3, 'gps_outside').text, kilnOf(KILN_TYPE.CGO1));
    expect(result?.gps_in_range).toBe(false);
  });

  it('flags a log cut off mid-burn as unquenched', () => {
    const { result } = analyseText(generate(KILN_TYPE.CGO1, 3, 'truncated').text, kilnOf(KILN_TYPE.CGO1));
    expect(result?.valid).toBe('false');
    expect(result?.reasons.map((r) => r.code)).toContain('NO_QUENCH');
  });

  it('skips the cut-off last line of a truncated_line file and judges the burn it holds', () => {
    const { result } = analyseText(generate(KILN_TYPE.TERRAFIX, 5, 'truncated_line').text, kilnOf(KILN_TYPE.TERRAFIX));
    expect(result?.skipped_lines).toBe(1);
    // the file stops mid-burn
    expect(result?.reasons.map((r) => r.code)).toContain('PHASES_UNCLEAR');
  });

  it.each([
    ['garbage', /^Line \d+: expected 5 comma-separated values but found 1\. /],
    ['missing_header', /^Missing header line/],
    ['empty_file', /^The file is empty\.$/],
  ] as const)('turns a %s file into an error_message', (fault, message) => {
    const outcome = analyseText(generate(KILN_TYPE.TERRAFIX, 5, fault).text, kilnOf(KILN_TYPE.TERRAFIX));
    expect(outcome.result).toBeNull();
    expect(outcome.error_message).toMatch(message);
  });

  it('words every rule as a sentence with the measured value', () => {
    const { result } = analyseText(generate(KILN_TYPE.CGO1, 4, 'too_cold').text, kilnOf(KILN_TYPE.CGO1));
    expect(result?.reasons[0].message).toMatch(
      /^The cooler thermocouple was at or above 350 °C for \d+\.\d min of the burn; at least 30\.0 min is required\.$/,
    );
  });
});

describe('a log that stops before the kiln has cooled', () => {
  it.each(KILN_TYPES.map((type) => ({ type, name: TYPE_NAMES[type] })))('$name: PHASES_UNCLEAR, with the time the log ends', ({ type }) => {
    const { result } = analyseText(generate(type, 5, 'truncated').text, kilnOf(type));
    const unclear = result?.reasons.find((r) => r.code === 'PHASES_UNCLEAR');
    expect(result?.valid).toBe('false');
    expect(unclear?.message).toMatch(
      /^The log ends while the kiln is still at or above (350|100) °C \(at \d\d:\d\d\): it shows no cool-down\.$/,
    );
  });
});

describe('estimatesDifference', () => {
  it('is relative to the lower estimate, 0 for equal ones and unbounded when the lower is not above zero', async () => {
    const { estimatesDifference } = await import('../../../mock-server/analysis/validity');
    expect(estimatesDifference(110, 100)).toBeCloseTo(0.1, 12);
    expect(estimatesDifference(100, 110)).toBeCloseTo(0.1, 12);
    expect(estimatesDifference(0, 0)).toBe(0);
    expect(estimatesDifference(0, 5)).toBe(Infinity);
    expect(estimatesDifference(-1, 5)).toBe(Infinity);
  });
});
