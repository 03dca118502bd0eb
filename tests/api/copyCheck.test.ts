import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBurn, KILN_TYPE, type GenerateBurnOptions } from '../../mock-server/analysis';
import { DEFAULT_CALIBRATION } from '../../mock-server/analysis/generate';
import { judgeUnjudged } from '../../mock-server/fleet/anomalyPass';
import { checkCopy, copyChecksSettled } from '../../mock-server/fleet/copyCheck';
import { KilnLogFiles } from '../../mock-server/kilnlogs/storage';
import { DEMO_ANOMALY_MIN_LOGS } from '../../mock-server/seed/kilnlogs';
import type { FacilityRecord } from '../../mock-server/store/model';
import type { PotentialLogsResponse } from '../../src/domain/api/audits';
import type { Anomaly } from '../../src/domain/api/fleet';
import { sameDayBurns } from '../bench/disguiseSet';
import { disguiseLog, type Disguise } from '../helpers/disguise';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';

/**
 * The copy check as the server applies it (docs/analysis.md, "Fleet anomalies", COPIED_BURN):
 * a burn uploaded again under another owner's facility, its weights, temperatures or clock
 * disguised, is flagged after the upload's answer as a copy naming its original, and held out
 * of the audits; clean burns, two of one kiln on one day among them, and the demo's are not.
 */

let server: TestServer;
let token: string;
const calibration = DEFAULT_CALIBRATION.terrafix;
const scale = { zero: calibration.zero_weight, countsPerKg: calibration.per_g_weight * 1000 };

beforeAll(async () => {
  // a demo big enough to hold the seed's anomalies, its copied curves among them
  server = await startTestServer({ demoLogCount: DEMO_ANOMALY_MIN_LOGS });
  token = await server.login('superadmin');
}, 120_000);
afterAll(() => server.close());

async function addKiln(facility: FacilityRecord, kilnId: string): Promise<void> {
  await server.ctx.data.kilns.create({
    kiln_id: kilnId,
    facility_id: facility.id,
    type: KILN_TYPE.TERRAFIX,
    install_date: '2024-01-01',
    last_update: new Date().toISOString(),
    config: JSON.stringify({ terrafix: { per_g_weight: calibration.per_g_weight } }),
    approved_ts: new Date().toISOString(),
    approved_by: null,
  });
}

async function upload(text: string): Promise<number> {
  const res = await server.http.post('/api/kilnlogs/upload').set(bearer(token)).set('Content-Type', 'text/csv').send(text);
  expect(res.status, res.text).toBe(201);
  return (res.body as { analysis_id: number }).analysis_id;
}

async function anomaliesOf(logId: number): Promise<Anomaly[]> {
  const res = await server.http
    .get('/api/fleet/anomalies')
    .query({ filter: JSON.stringify({ log_id: logId }) })
    .set(bearer(token));
  expect(res.status, res.text).toBe(200);
  return res.body as Anomaly[];
}

const centre = (f: FacilityRecord) => ({
  latitude: Math.round(((f.latitude_min + f.latitude_max) / 2) * 1e5) / 1e5,
  longitude: Math.round(((f.longitude_min + f.longitude_max) / 2) * 1e5) / 1e5,
});

/** The issue's own examples: small edits an operator who wants a burn paid twice could make. */
const EXAMPLES: Record<string, Disguise> = {
  'weights ×1.03': { weightScale: 1.03 },
  'temperatures +9 °C': { tempOffsetC: 9 },
  'clock ×1.03': { clockStretch: 1.03 },
  'weights +1.6 kg': { weightOffsetKg: 1.6 },
};

describe('the copy check', () => {
  it('takes none of the demo\u2019s burns for a copy of another, but the copies the seed made on purpose, which its rules flag already', async () => {
    const data = server.ctx.data;
    const files = new KilnLogFiles(server.ctx.blobs);
    const burns = await data.fleet.burns({ facilityIds: null });
    expect(burns.length).toBeGreaterThan(20);
    const found: { log: number; original: number }[] = [];
    for (const burn of burns) {
      const finding = await checkCopy({ data, files }, burn.log_id);
      if (finding) found.push({ log: burn.log_id, original: finding.original });
    }
    const all = await server.http.get('/api/fleet/anomalies').query({ range: '[0,999]' }).set(bearer(token));
    const anomalies = all.body as Anomaly[];
    const seededCopies = new Set(anomalies.filter((a) => a.code === 'DUPLICATE_CURVE').map((a) => `${a.log_id}:${a.other_log_id}`));
    // every match the check finds among the demo's burns is a copy the seed made, named by DUPLICATE_CURVE: no second flag
    expect(found.map((f) => `${f.log}:${f.original}`).sort()).toEqual([...seededCopies].sort());
    expect(seededCopies.size).toBeGreaterThanOrEqual(2);
    expect(anomalies.filter((a) => a.code === 'COPIED_BURN' && burns.some((b) => b.log_id === a.log_id))).toEqual([]);
  });

  it('flags a disguised copy filed at another owner\u2019s facility, naming its original, and holds it out of the audits; clean burns stay clear', async () => {
    const facilities = await server.ctx.data.facilities.list();
    const here = facilities[0];
    const there = facilities.find((f) => f.owner_id !== here.owner_id)!;
    expect(there).toBeDefined();
    await addKiln(here, 'COPY-A001');
    await addKiln(there, 'COPY-B001');
    await addKiln(there, 'TFX-D001');
    const options: GenerateBurnOptions = {
      kiln_type: KILN_TYPE.TERRAFIX,
      kiln_id: 'COPY-A001',
      seed: 77_001,
      start_ts: Date.UTC(2026, 7, 3, 6),
      calibration,
      facility: here,
      truth: { biomass_kg: 900, loads: 3 },
    };
    const original = await upload(generateBurn(options).text);
    const copies: Record<string, number> = {};
    for (const [name, disguise] of Object.entries(EXAMPLES))
      copies[name] = await upload(disguiseLog(generateBurn(options).text, { ...disguise, kilnId: 'COPY-B001', ...centre(there) }, scale));
    // clean: another burn of the first kiln, and three of one kiln on one day with the same load (the closest independent burns come)
    const clean = [await upload(generateBurn({ ...options, seed: 77_002, start_ts: Date.UTC(2026, 7, 4, 6) }).text)];
    for (const text of sameDayBurns(calibration)) clean.push(await upload(disguiseLog(text, centre(there), scale)));
    await copyChecksSettled(server.ctx.data);

    const potential = await server.http.get('/api/audit/potential_logs').query({ kiln_type: -1, facility_id: there.id }).set(bearer(token));
    expect(potential.status, potential.text).toBe(200);
    const body = potential.body as PotentialLogsResponse;
    const listed = [...body.data, ...body.needs_reanalysis].map((l) => l.id);
    for (const [name, copy] of Object.entries(copies)) {
      const flags = (await anomaliesOf(copy)).filter((a) => a.code === 'COPIED_BURN');
      expect(flags, name).toHaveLength(1);
      expect(flags[0], name).toMatchObject({ other_log_id: original, facility_id: there.id, checked_ts: null });
      expect(flags[0].message, name).toMatch(new RegExp(`copy of burn ${original}: .*\\(z \\d+\\.\\d; a copy needs 7\\)`));
      expect(listed, name).not.toContain(copy);
      expect(
        body.held_back.find((h) => h.id === copy),
        name,
      ).toMatchObject({ codes: ['COPIED_BURN'] });
    }
    for (const id of [original, ...clean])
      expect(
        (await anomaliesOf(id)).filter((a) => a.code === 'COPIED_BURN'),
        `log ${id}`,
      ).toEqual([]);

    // a burn whose record is of older rules (here: none at all) is keyed, filed and checked by the start-up upgrade, in the background
    const copy = copies['clock ×1.03'];
    await server.ctx.data.fleet.forget(copy);
    expect(await anomaliesOf(copy)).toEqual([]);
    const summary = await judgeUnjudged(server.ctx, () => undefined);
    expect(summary.judged).toBeGreaterThanOrEqual(1);
    await copyChecksSettled(server.ctx.data);
    expect((await anomaliesOf(copy)).map((a) => [a.code, a.other_log_id])).toEqual([['COPIED_BURN', original]]);
  });
});
