import { KILN_TYPE } from '../../../mock-server/analysis';
import { analyseText, generate, KILN_TYPES, kilnOf, TYPE_NAMES } from './helpers';

const TOLERANCE = 0.03;
const SEEDS = [1, 2, 3, 4, 5, 6];

function relativeError(measured: number | undefined, truth: number): number {
  return Math.abs((measured ?? NaN) / truth - 1);
}

describe('recovery of the generated truth', () => {
  it.each(KILN_TYPES.flatMap((type) => SEEDS.map((seed) => ({ type, seed, name: TYPE_NAMES[type] }))))(
    '$name, seed $seed: biomass and biochar within 3 %',
    ({ type, seed }) => {
      const burn = generate(type, seed);
      const { result } = analyseText(burn.text, kilnOf(type));
      expect(relativeError(result?.biomass_loaded, burn.truth.biomass_kg)).toBeLessThan(TOLERANCE);
      expect(relativeError(result?.biochar_produced, burn.truth.biochar_kg)).toBeLessThan(TOLERANCE);
      expect(result?.loads).toHaveLength(burn.truth.loads.length);
    },
  );

  it.each([
    { name: 'a C-Go-1 fed in eight loads', type: KILN_TYPE.CGO1, truth: { loads: 8, biomass_kg: 1200 } },
    { name: 'a C-Go-1 with a single load', type: KILN_TYPE.CGO1, truth: { loads: 1, biomass_kg: 250 } },
    { name: 'a C-Go-1 sampled every second', type: KILN_TYPE.CGO1, truth: { sample_interval_s: 1 } },
    { name: 'a C-Go-1 sampled every 30 s', type: KILN_TYPE.CGO1, truth: { sample_interval_s: 30 } },
    { name: 'a Retort loaded in two lots', type: KILN_TYPE.RETORT, truth: { loads: 2 } },
    { name: 'a Terrafix with a low yield', type: KILN_TYPE.TERRAFIX, truth: { char_yield: 0.12, loads: 5 } },
  ])('$name', ({ type, truth }) => {
    const burn = generate(type, 42, undefined, truth);
    const { result } = analyseText(burn.text, kilnOf(type));
    expect(result?.valid).toBe('true');
    expect(relativeError(result?.biomass_loaded, burn.truth.biomass_kg)).toBeLessThan(TOLERANCE);
    expect(relativeError(result?.biochar_produced, burn.truth.biochar_kg)).toBeLessThan(TOLERANCE);
  });
});
