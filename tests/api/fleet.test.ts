import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBurn, KILN_TYPE, type GenerateBurnOptions, type KilnType } from '../../mock-server/analysis';
import { DEFAULT_CALIBRATION } from '../../mock-server/analysis/generate';
import { anomalousBurn } from '../../mock-server/fleet/anomalousBurns';
import { judgeUnjudged } from '../../mock-server/fleet/anomalyPass';
import { DEMO_ANOMALY_MIN_LOGS } from '../../mock-server/seed/kilnlogs';
import type { FacilityRecord } from '../../mock-server/store/model';
import type { Anomaly, FleetView } from '../../src/domain/api/fleet';
import { RULE_CODES, type AnomalyCode } from '../../src/domain/fleet/anomalies';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';

/**
 * The Fleet calls on a demo big enough to hold its seeded anomalies:
 * each code raised by a burn built to show it and by no clean burn, facility
 * scope, checking an anomaly, and the start-up pass over logs never judged.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const as = (user: string) => bearer(tokens[user]);

beforeAll(async () => {
  server = await startTestServer({ demoLogCount: DEMO_ANOMALY_MIN_LOGS });
  for (const user of ['superadmin', 'uploader', 'kilnadmin', 'facilityadmin', 'broker']) tokens[user] = await server.login(user);
}, 120_000);
afterAll(() => server.close());

async function anomalies(user: string, filter: Record<string, unknown> = {}, range = '[0,999]'): Promise<Anomaly[]> {
  const res = await server.http
    .get('/api/fleet/anomalies')
    .query({ filter: JSON.stringify(filter), range })
    .set(as(user));
  expect(res.status, res.text).toBe(200);
  return res.body as Anomaly[];
}

describe('the demo fleet', () => {
  it('shows each anomaly, each raised by a burn built to show it, and none on its clean burns', async () => {
    const all = await anomalies('kilnadmin');
    for (const code of RULE_CODES) expect(all.filter((a) => a.code === code).length, code).toBeGreaterThanOrEqual(2);
    // the ordinary burns are the first DEMO_ANOMALY_MIN_LOGS logs; every valid one is clean
    const logs = [
      ...(
        await server.ctx.data.kilnLogs.list(
          { archived: false, facilityIds: null },
          {},
          { sort: { field: 'id', order: 'ASC' }, range: [0, 999] },
        )
      ).rows,
    ];
    const cleanIds = new Set(logs.filter((l) => l.id <= DEMO_ANOMALY_MIN_LOGS && l.valid).map((l) => l.id));
    expect(cleanIds.size).toBeGreaterThan(20);
    expect(all.filter((a) => cleanIds.has(a.log_id))).toEqual([]);
    // of the ordinary burns only a faulty one may raise one (an implausible yield, say): every code's are the built burns'
    const faulty = new Set(logs.filter((l) => l.id <= DEMO_ANOMALY_MIN_LOGS && !l.valid).map((l) => l.id));
    expect(all.filter((a) => a.log_id <= DEMO_ANOMALY_MIN_LOGS && !faulty.has(a.log_id))).toEqual([]);
    for (const code of RULE_CODES)
      expect(all.filter((a) => a.code === code && a.log_id > DEMO_ANOMALY_MIN_LOGS).length, code).toBeGreaterThanOrEqual(2);
  });

  it('lists newest burn first, in pages, filtered by facility, kiln and code', async () => {
    const all = await anomalies('kilnadmin');
    const times = all.map((a) => a.logts ?? '');
    expect(times).toEqual([...times].sort().reverse());
    const page = await server.http.get('/api/fleet/anomalies').query({ range: '[0,2]' }).set(as('kilnadmin'));
    expect(page.body).toHaveLength(3);
    expect(page.headers['content-range']).toBe(`items 0-2/${all.length}`);
    const jumps = await anomalies('kilnadmin', { code: 'GPS_JUMP' });
    expect(jumps.length).toBeGreaterThan(0);
    expect(jumps.every((a) => a.code === 'GPS_JUMP' && a.other_log_id !== null)).toBe(true);
    const kiln = all[0].kiln;
    expect((await anomalies('kilnadmin', { kiln })).every((a) => a.kiln === kiln)).toBe(true);
    const facility = all[0].facility_id;
    expect((await anomalies('kilnadmin', { facility_id: facility })).every((a) => a.facility_id === facility)).toBe(true);
    const bad = await server.http
      .get('/api/fleet/anomalies')
      .query({ filter: JSON.stringify({ code: 'NOPE' }) })
      .set(as('kilnadmin'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('filter.code must be one of');
  });
});

describe('each anomaly code, raised by an upload built to show it', () => {
  let facility: FacilityRecord;
  let kilnCount = 0;

  beforeAll(async () => {
    facility = (await server.ctx.data.facilities.get(3))!;
  });

  /** a new kiln of this type in facility 3, and an uploader of its burns, one a day */
  async function newKiln(type: KilnType) {
    const kilnId = `FLT-${type}-${++kilnCount}`;
    const calibration = type === KILN_TYPE.TERRAFIX ? DEFAULT_CALIBRATION.terrafix : DEFAULT_CALIBRATION.cgo1;
    const config =
      type === KILN_TYPE.CGO1
        ? { cgo1: calibration }
        : type === KILN_TYPE.TERRAFIX
          ? { terrafix: { per_g_weight: calibration.per_g_weight } }
          : {};
    await server.ctx.data.kilns.create({
      kiln_id: kilnId,
      facility_id: facility.id,
      type,
      install_date: '2024-01-01',
      last_update: new Date().toISOString(),
      config: JSON.stringify(config),
      approved_ts: new Date().toISOString(),
      approved_by: null,
    });
    const options = (day: number): GenerateBurnOptions => ({
      kiln_type: type,
      kiln_id: kilnId,
      seed: 31_000 + kilnCount * 100 + day,
      start_ts: Date.UTC(2026, 5, 1 + day, 6),
      calibration: type === KILN_TYPE.RETORT ? undefined : calibration,
      facility,
    });
    const upload = async (text: string): Promise<number> => {
      const res = await server.http.post('/api/kilnlogs/upload').set(as('uploader')).set('Content-Type', 'text/csv').send(text);
      expect(res.status, res.text).toBe(201);
      return (res.body as { analysis_id: number }).analysis_id;
    };
    return { options, upload };
  }

  const codesOf = async (logId: number) => (await anomalies('kilnadmin', { log_id: logId })).map((a) => a.code);

  it.each<[AnomalyCode, KilnType, number]>([
    ['DUPLICATE_CURVE', KILN_TYPE.TERRAFIX, 1],
    ['GPS_JUMP', KILN_TYPE.CGO1, 1],
    ['TARE_DRIFT', KILN_TYPE.CGO1, 3],
    ['YIELD_OUTLIER', KILN_TYPE.RETORT, 0],
    ['RATE_IMPOSSIBLE', KILN_TYPE.CGO1, 0],
  ])('%s (kiln type %s, after %s ordinary burns)', async (code, type, before) => {
    const kiln = await newKiln(type);
    const history: number[] = [];
    for (let day = 0; day < before; day++) history.push(await kiln.upload(generateBurn(kiln.options(day)).text));
    for (const id of history) expect(await codesOf(id)).toEqual([]);
    const base = code === 'DUPLICATE_CURVE' ? kiln.options(before - 1) : kiln.options(before);
    const flagged = await kiln.upload(anomalousBurn(code, base).text);
    expect(await codesOf(flagged)).toEqual([code]);
    const [raised] = await anomalies('kilnadmin', { log_id: flagged });
    expect(raised).toMatchObject({ log_id: flagged, facility_id: facility.id, facility_name: facility.name, checked_ts: null });
    if (code === 'DUPLICATE_CURVE') expect(raised.other_log_id).toBe(history[0]);
    if (code === 'GPS_JUMP') expect(raised.other_log_id).toBe(history[history.length - 1]);
  });
});

describe('facility scope', () => {
  it('shows a facility admin only the anomalies and burns of their own facilities; another facility\u2019s anomaly is not there', async () => {
    const all = await anomalies('superadmin');
    const own = await anomalies('facilityadmin');
    const owned = new Set(await server.ctx.data.facilities.idsOwnedBy(5));
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((a) => owned.has(a.facility_id))).toBe(true);
    expect(own.length).toBe(all.filter((a) => owned.has(a.facility_id)).length);
    const foreign = all.find((a) => !owned.has(a.facility_id))!;
    expect(await anomalies('facilityadmin', { facility_id: foreign.facility_id })).toEqual([]);

    const view = await server.http.get('/api/fleet/burns').set(as('facilityadmin'));
    expect(view.status).toBe(200);
    const body = view.body as FleetView;
    expect(body.burns.length).toBeGreaterThan(0);
    expect(body.burns.every((b) => owned.has(b.facility_id))).toBe(true);
    expect(body.facilities.map((f) => f.id).sort()).toEqual([...owned].sort());
  });

  it('refuses a caller without read kilnlog, and marking checked to one without update kilnlog', async () => {
    expect((await server.http.get('/api/fleet/anomalies').set(as('broker'))).status).toBe(403);
    expect((await server.http.get('/api/fleet/burns').set(as('broker'))).status).toBe(403);
    expect((await server.http.get('/api/fleet/anomalies')).status).toBe(401);
    const [one] = await anomalies('facilityadmin');
    const res = await server.http.post(`/api/fleet/anomalies/${one.id}/check`).set(as('facilityadmin')).send({ note: 'looked' });
    expect(res.status).toBe(403);
  });
});

describe('marking an anomaly checked', () => {
  it('records the note, who and when; then it is no longer open, and a second check is a conflict', async () => {
    const [open] = await anomalies('kilnadmin', { open: true, code: 'RATE_IMPOSSIBLE' });
    const before = Date.now();
    const res = await server.http
      .post(`/api/fleet/anomalies/${open.id}/check`)
      .set(as('kilnadmin'))
      .send({ note: '  Logger clock fixed on site.  ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: open.id, checked_by: 4, checked_by_name: 'kilnadmin', check_note: 'Logger clock fixed on site.' });
    expect(Date.parse(res.body.checked_ts)).toBeGreaterThanOrEqual(before - 1000);
    expect((await anomalies('kilnadmin', { open: true })).some((a) => a.id === open.id)).toBe(false);
    expect((await anomalies('kilnadmin', { open: false })).map((a) => a.id)).toContain(open.id);
    const again = await server.http.post(`/api/fleet/anomalies/${open.id}/check`).set(as('kilnadmin')).send({ note: 'again' });
    expect(again.status).toBe(409);
  });

  it('keeps the check when the burn is analysed again and still raises it', async () => {
    const [checked] = await anomalies('kilnadmin', { open: false });
    const res = await server.http.post(`/api/kilnlogs/${checked.log_id}/analyse`).set(as('kilnadmin'));
    expect(res.status, res.text).toBe(200);
    const [after] = await anomalies('kilnadmin', { log_id: checked.log_id, code: checked.code });
    expect(after).toMatchObject({ id: checked.id, checked_by_name: 'kilnadmin', check_note: checked.check_note });
  });

  it('refuses a blank note with a field error, an unknown or another facility\u2019s anomaly with 404', async () => {
    const [open] = await anomalies('kilnadmin', { open: true });
    const blank = await server.http.post(`/api/fleet/anomalies/${open.id}/check`).set(as('kilnadmin')).send({ note: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toHaveProperty('note');
    const missing = await server.http.post('/api/fleet/anomalies/999999/check').set(as('kilnadmin')).send({ note: 'x' });
    expect(missing.status).toBe(404);
  });
});

describe('the start-up pass over logs never judged', () => {
  it('judges every analysed log without a fleet record, and raises what uploads raised', async () => {
    const [flagged] = await anomalies('kilnadmin', { code: 'YIELD_OUTLIER', open: true });
    await server.ctx.data.fleet.forget(flagged.log_id);
    expect(await anomalies('kilnadmin', { log_id: flagged.log_id })).toEqual([]);
    const lines: string[] = [];
    const summary = await judgeUnjudged(server.ctx, (line) => lines.push(line));
    expect(summary).toEqual({ unjudged: 1, judged: 1, failed: 0 });
    const [back] = await anomalies('kilnadmin', { log_id: flagged.log_id });
    expect(back).toMatchObject({ code: 'YIELD_OUTLIER', message: flagged.message });
    expect(await judgeUnjudged(server.ctx, () => undefined)).toEqual({ unjudged: 0, judged: 0, failed: 0 });
  });
});
