import { KILN_TYPE, MESSINESS } from '../../../mock-server/analysis';
import { analyseText, generate, KILN_TYPES, kilnOf, TYPE_NAMES } from './helpers';
import { type Errors, KINDS, MUTATION_RUN, percent as pct, recover, SEEDS, TOLERANCE, worstOver } from './recoveryCases';

/**
 * docs/analysis.md#checking-against-known-truth: over many seeds of every kind of field messiness, and all of
 * them at once, for each kiln type, the recovered biomass, biochar prior to
 * quench and burn duration lie within 3 % of the simulator's truth and the
 * burn is valid. The worst error per kind is printed, so a change that makes
 * one kind worse is seen.
 */

const table: { type: string; kind: string; worst: Errors; seeds: number }[] = [];
const relativeError = (measured: number | undefined, truth: number) => Math.abs((measured ?? NaN) / truth - 1);

describe('recovery of the simulated truth on field-like burns (ANALYSIS.md §5)', () => {
  afterAll(() => {
    const lines = table.map(
      (row) =>
        `${row.type.padEnd(9)} ${row.kind.padEnd(19)} biomass ${pct(row.worst.biomass).padStart(7)}  prior ${pct(row.worst.prior).padStart(7)}  duration ${pct(row.worst.duration).padStart(7)}  (${row.seeds} seeds)`,
    );
    console.log(`Worst relative error per kind (tolerance ${pct(TOLERANCE)}):\n${lines.join('\n')}`);
  });

  describe.each(KILN_TYPES.map((type) => ({ type, name: TYPE_NAMES[type] })))('$name', ({ type, name }) => {
    it.each(KINDS)('$name: every seed within 3 % and valid', ({ name: kind, messiness }) => {
      const { worst, failures } = worstOver(type, messiness);
      table.push({ type: name, kind, worst, seeds: SEEDS.length });
      expect(failures).toEqual([]);
    });
  });

  it.each(KILN_TYPES.flatMap((type) => [1, 5, 30].map((interval) => ({ type, interval, name: TYPE_NAMES[type] }))))(
    '$name sampled every $interval s with every other kind of messiness: within 3 % and valid',
    ({ type, interval }) => {
      const messiness = MESSINESS.filter((kind) => kind !== 'irregular_sampling');
      for (const seed of SEEDS.slice(0, interval === 1 || MUTATION_RUN ? 1 : 10)) {
        const { errors, valid, reasons } = recover(type, seed, messiness, interval);
        expect({
          seed,
          valid,
          reasons,
          biomass: errors.biomass < TOLERANCE,
          prior: errors.prior < TOLERANCE,
          duration: errors.duration < TOLERANCE,
        }).toEqual({
          seed,
          valid: 'true',
          reasons: '',
          biomass: true,
          prior: true,
          duration: true,
        });
      }
    },
  );

  it.each([
    { name: 'a C-Go-1 fed in eight loads', type: KILN_TYPE.CGO1, truth: { loads: 8, biomass_kg: 1200 } },
    { name: 'a C-Go-1 with a single load', type: KILN_TYPE.CGO1, truth: { loads: 1, biomass_kg: 250 } },
    { name: 'a Retort loaded in two lots', type: KILN_TYPE.RETORT, truth: { loads: 2 } },
    { name: 'a Terrafix with a low yield', type: KILN_TYPE.TERRAFIX, truth: { char_yield: 0.12, loads: 5 } },
  ])('$name, with all messiness', ({ type, truth }) => {
    const burn = generate(type, 42, undefined, truth, [...MESSINESS]);
    const { result } = analyseText(burn.text, kilnOf(type));
    expect(result?.valid).toBe('true');
    expect(relativeError(result?.biomass_loaded, burn.truth.biomass_kg)).toBeLessThan(TOLERANCE);
    expect(relativeError(result?.biochar_prior_to_quench, burn.truth.biochar_prior_kg)).toBeLessThan(TOLERANCE);
    expect(relativeError(result?.biochar_produced, burn.truth.biochar_kg)).toBeLessThan(TOLERANCE);
  });

  it('finds each load of a clean burn, and the quench at the water', () => {
    const burn = generate(KILN_TYPE.CGO1, 7);
    const { result } = analyseText(burn.text, kilnOf(KILN_TYPE.CGO1));
    expect(result?.loads).toHaveLength(burn.truth.loads.length);
    result?.loads.forEach((load, i) => expect(Math.abs(load.ts - burn.truth.loads[i].ts)).toBeLessThan(60_000));
    expect(Math.abs((result?.phases.quench_ts ?? 0) - (burn.truth.quench_ts ?? NaN))).toBeLessThan(60_000);
  });
});
