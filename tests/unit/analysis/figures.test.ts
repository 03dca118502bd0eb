import { KILN_TYPE } from '../../../mock-server/analysis';
import type { FacilitySettings } from '../../../mock-server/analysis/config';
import { MINUTE_MS } from '../../../mock-server/analysis/constants';
import { computeFigures } from '../../../mock-server/analysis/fields';
import { flat, phases, series, step } from './handBuilt';

// docs/analysis.md#figures-and-formulas on series and phases built by hand, one reading a minute, so each
// figure's rule can be met at its edges: which rises are loads, where the Terrafix
// temperatures and the water's gain are read, what a Retort's biomass is.

const FACILITY: FacilitySettings = {
  box: { latitude_min: -2, latitude_max: 0, longitude_min: 36, longitude_max: 38 },
  wicf: 0.1,
  carbon_removal_factor: 2.5,
};

describe('the figures of ANALYSIS.md §3', () => {
  it('counts as loads the rises from t0 up to, not at, the quench, and never the quench water', () => {
    const beforeStart = step(3, 10);
    const atStart = step(5, 20);
    const during = step(10, 30);
    const water = step(15, 40);
    const atQuench = step(20, 50);
    const figures = computeFigures(
      series(flat(30, 100)),
      phases({ start: 5, quench: 20, steps: [beforeStart, atStart, during, water, atQuench], quenchStep: water }),
      KILN_TYPE.CGO1,
      FACILITY,
    );
    expect(figures.loads).toEqual([atStart, during]);
    expect(figures.biomassKg).toBe(100 + 20 + 30);
    // from the first load to the last: 150 kg over 5 minutes
    expect(figures.loadingRate).toBe(30);
    expect(figures.burnMs).toBe(15 * MINUTE_MS);
  });

  it('counts a weight missing at t0 as nothing and still adds the loads', () => {
    const kg = flat(30, 100);
    kg[5] = NaN;
    const figures = computeFigures(
      series(kg),
      phases({ start: 5, quench: 20, steps: [step(8, 40), step(12, 60)] }),
      KILN_TYPE.CGO1,
      FACILITY,
    );
    expect(figures.biomassKg).toBe(100);
  });

  it("reads a Terrafix's temperatures from t0 through the quench's own reading, passing over missing ones", () => {
    const t1 = flat(30, 500);
    t1[12] = NaN;
    t1[20] = 700;
    const t2 = flat(30, 450);
    t2[19] = 600;
    t2[20] = NaN;
    const figures = computeFigures(series(flat(30, 300), { t1, t2 }), phases({ start: 5, quench: 20 }), KILN_TYPE.TERRAFIX, FACILITY);
    expect(figures.terrafix).toMatchObject({ minT1: 500, maxT1: 700, minT2: 450, maxT2: 600 });
  });

  /** prior weight 300 kg; the water lifts it to 360 within five minutes of the rise, then it settles to 330 */
  function quenchedTerrafix(changeoverKg?: number) {
    const kg = [...flat(21, 300), 340, 360, 350, 350, 350, 350, 400, 330, 330];
    if (changeoverKg !== undefined) kg.splice(8, 3, changeoverKg, changeoverKg, changeoverKg);
    // the rise ends at minute 21: the gain is read until minute 26; the 400 at minute 27 is past it
    return computeFigures(
      series(kg),
      phases({ start: 2, quench: 20, quenchStep: step(20, 60), changeover: changeoverKg === undefined ? -1 : 10 }),
      KILN_TYPE.TERRAFIX,
      FACILITY,
    );
  }

  it("takes the water's gain as the highest weight from the quench until five minutes after the rise, and no later", () => {
    const figures = quenchedTerrafix();
    // final 330 less the gain (360 - 300)
    expect(figures.terrafix?.lessChangeKg).toBe(270);
    expect(figures.terrafix?.fromChangeoverKg).toBeNull();
    expect(figures.biocharKg).toBe(270);
  });

  it('credits a Terrafix the lower of its two estimates when char was lost after the changeover', () => {
    const figures = quenchedTerrafix(250);
    expect(figures.terrafix?.fromChangeoverKg).toBe(250);
    expect(figures.terrafix?.lessChangeKg).toBe(270);
    expect(figures.biocharKg).toBe(250);
    expect(figures.co2Kg).toBe(250 * FACILITY.carbon_removal_factor);
  });

  it("weighs a Retort's biomass before it heated, not at t0 with its loads", () => {
    const kg = [...flat(10, 500), ...flat(20, 450)];
    const figures = computeFigures(
      series(kg),
      phases({ heatStart: 5, start: 12, quench: 25, steps: [step(14, 30)] }),
      KILN_TYPE.RETORT,
      FACILITY,
    );
    expect(figures.biomassKg).toBe(500);
    expect(figures.unpyrolizedKg).toBe(0);
  });

  it('weighs a Retort that was already hot at its first reading at that reading', () => {
    const kg = [480, ...flat(11, 500), ...flat(18, 450)];
    const figures = computeFigures(series(kg), phases({ heatStart: 0, start: 12, quench: 25 }), KILN_TYPE.RETORT, FACILITY);
    expect(figures.biomassKg).toBe(480);
  });
});
