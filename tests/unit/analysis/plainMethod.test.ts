import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseLogText, type AnalysisResult } from '../../../mock-server/analysis';
import { factorsOf } from '../../../mock-server/analysis/versions';
import { LocalBlobs } from '../../../mock-server/blobs/localBlobs';
import { configFromEnv } from '../../../mock-server/config';
import { kilnLookup } from '../../../mock-server/kilnlogs/ingest';
import { KilnLogFiles } from '../../../mock-server/kilnlogs/storage';
import type { SeedState } from '../../../mock-server/seed';
import { seedFacilities } from '../../../mock-server/seed/facilities';
import { seedKilnLogs } from '../../../mock-server/seed/kilnlogs';
import { seedKilns } from '../../../mock-server/seed/kilns';
import { emptyDb } from '../../../mock-server/store/embedded/state';
import { toGrams } from '../../../src/domain/carbon';
import { readCorpus } from '../../fixtures/burns/corpus';
import { plainMethod } from '../../helpers/plainMethod';
import { plainPhases } from '../../helpers/plainPhases';

/**
 * docs/analysis.md is enough to re-derive every burn: tests/helpers/plainMethod.ts, written from
 * that text and importing nothing of the engine, gives the engine's figures to the gram on every
 * demo burn (the seed's 400 logs, as a fresh demo has them) and every burn of the corpus
 * (tests/fixtures/burns), from the raw log, the factors and the moments a package records.
 */

interface Burn {
  name: string;
  text: string;
  result: AnalysisResult;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-plain-method-'));
let demo: Burn[] = [];
let corpus: Burn[] = [];

beforeAll(async () => {
  const config = { ...configFromEnv({}), dataDir, demoKilnKeys: false };
  const blobs = new LocalBlobs(path.join(dataDir, 'files'), false);
  const state: SeedState = { ...emptyDb(), fleet_burns: [], anomalies: [], kiln_calibrations: [] };
  for (const seeder of [seedFacilities, seedKilns, seedKilnLogs]) await seeder(state, { config, blobs });
  const files = new KilnLogFiles(blobs);
  demo = await Promise.all(
    state.kilnlogs
      .filter((row) => row.analysis !== null)
      .map(async (row) => ({
        name: `demo log ${row.id}`,
        text: (await files.readRaw(row.s3key)).toString('utf8'),
        result: JSON.parse(row.analysis as string) as AnalysisResult,
      })),
  );
  const lookup = kilnLookup(state.kilns, state.facilities);
  corpus = readCorpus().map(({ name, text }) => {
    const { result } = analyseLogText(text, lookup);
    if (!result) throw new Error(`${name} has no result`);
    return { name, text, result };
  });
}, 600_000);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The plain figures against the engine's: every figure the recipe re-derives, and the grams a package freezes. */
function mismatches(burns: Burn[]): string[] {
  const found: string[] = [];
  for (const { name, text, result } of burns) {
    const plain = plainMethod(text, { factors: factorsOf(result), phases: result.phases });
    const engine = {
      zero_weight: result.zero_weight,
      weight_noise_kg: result.parameters.weight_noise_kg,
      load_step_threshold_kg: result.parameters.load_step_threshold_kg,
      burn_duration: result.burn_duration,
      biochar_prior_to_quench: result.biochar_prior_to_quench,
      unpyrolized_biomass: result.unpyrolized_biomass,
      biochar_produced: result.biochar_produced,
      charing_rate: result.charing_rate,
      co2_removed: result.co2_removed,
      ...(result.parameters.kiln_type === 2
        ? { BIOCHAR_FROM_CHANGEOVER: result.BIOCHAR_FROM_CHANGEOVER, BIOCHAR_LESS_CHANGE: result.BIOCHAR_LESS_CHANGE }
        : {}),
      co2_removed_g: toGrams(result.co2_removed),
      biochar_produced_g: toGrams(result.biochar_produced),
    };
    for (const [field, value] of Object.entries(engine)) {
      const mine = (plain as unknown as Record<string, unknown>)[field];
      if (!Object.is(mine, value))
        found.push(`${name} (kiln type ${result.parameters.kiln_type}): ${field} engine ${value}, plain ${mine}`);
    }
  }
  return found;
}

describe('the by-hand recipe of docs/analysis.md, implemented a second time', () => {
  it('gives every demo burn the engine figures to the gram', () => {
    expect(demo.length).toBeGreaterThan(300);
    // every kiln type, water quenches found before and after t_end, no quench and a Retort's are among them
    expect(new Set(demo.map((b) => b.result.parameters.kiln_type))).toEqual(new Set([0, 1, 2]));
    const evidence = new Set(demo.map((b) => b.result.phases.quench_evidence));
    for (const kind of ['water', 'water_after_cooling', 'none', null]) expect(evidence).toContain(kind);
    expect(mismatches(demo)).toEqual([]);
  }, 120_000);

  it('gives every corpus burn the engine figures to the gram', () => {
    expect(corpus.length).toBe(readCorpus().length);
    expect(mismatches(corpus)).toEqual([]);
  });

  it('needs the water step top of a Terrafix burn: quench_ts alone would over-credit some', () => {
    const terrafix = demo.filter((b) => b.result.parameters.kiln_type === 2 && b.result.phases.quench_evidence !== 'temperature_fall');
    expect(terrafix.length).toBeGreaterThan(10);
    for (const { result } of terrafix) expect(result.phases.quench_top_ts).toBeGreaterThanOrEqual(result.phases.quench_ts);
    const withoutTop = terrafix.filter(({ text, result }) => {
      const { quench_top_ts: _top, ...phases } = result.phases;
      return plainMethod(text, { factors: factorsOf(result), phases }).co2_removed_g !== toGrams(result.co2_removed);
    });
    expect(withoutTop.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('the phases of docs/analysis.md, implemented a second time', () => {
  const phaseMismatches = (burns: Burn[]): string[] =>
    burns.flatMap(({ name, text, result }) => {
      const plain = plainPhases(text, { factors: factorsOf(result), box: result.parameters.facility_box });
      const engine = {
        ...result.phases,
        loads: result.loads,
        biomass_loaded: result.biomass_loaded,
        reasons: result.reasons.map((r) => r.code),
      };
      return Object.entries(engine)
        .filter(([field, value]) => JSON.stringify((plain as unknown as Record<string, unknown>)[field]) !== JSON.stringify(value))
        .map(
          ([field, value]) =>
            `${name} (kiln type ${result.parameters.kiln_type}): ${field} engine ${JSON.stringify(value)}, plain ${JSON.stringify((plain as unknown as Record<string, unknown>)[field])}`,
        );
    });

  it('finds every demo burn the engine phases, loads and failed rules', () => {
    // the seed's faulty burns fail every rule a fault can cause
    const codes = new Set(demo.flatMap((b) => b.result.reasons.map((r) => r.code)));
    for (const code of ['GPS_OUTSIDE', 'TEMP_LOW', 'SENSOR_FAULT', 'DATA_GAP', 'NO_QUENCH', 'PHASES_UNCLEAR'])
      expect(codes, code).toContain(code);
    expect(phaseMismatches(demo)).toEqual([]);
  }, 300_000);

  it('finds every corpus burn the engine phases, loads and failed rules', () => {
    expect(phaseMismatches(corpus)).toEqual([]);
  }, 60_000);
});
