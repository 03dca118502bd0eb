import { generateKeyPairSync, sign } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Batch, EndUse, Lab, LabResult } from '../../src/domain/api/batches';
import type { FacilityRecord, KilnLogRecord } from '../../mock-server/store/model';
import { END_USE_EVIDENCE_AREA, LAB_CERTIFICATE_AREA } from '../../mock-server/store/fileAreas';
import { sweepFiles } from '../../mock-server/store/fileSweep';
import { TINY_PDF, pngImage, usersWithout, type DemoUsername } from '../helpers/configure';
import { fileExists } from '../helpers/storeAccess';
import { binaryBody, useTestServer } from '../helpers/testServer';
import { addFacility, addLogs, type LogOptions } from '../store/fixtures';
import { addTestKiln, burnCsv } from '../helpers/kilnLogUploads';
import { labValues } from '../helpers/labValues';

/** A batch's emissions with every figure and text given as none. */
const NO_EMISSIONS = { methane_g_per_kg: null, methane_method: null, other_co2e_g: null, other_note: null };

/**
 * Production batches through the API (issue 43), on either store: who may
 * make, close and complete a batch, record its lab results (with their
 * certificates, lab-signed or not), end uses (with their evidence) and
 * emissions, and register laboratories and their keys; every rule refused
 * with a 400 naming the field and nothing stored; a batched burn kept from
 * archiving; the files kept by the start-up sweep.
 */

const api = useTestServer();
const { as } = api;
const http = () => api.server.http;
const data = () => api.server.ctx.data;

const FACILITY_ADMIN_ID = 5;
/** the facility admin's facility and one it does not own */
let own: FacilityRecord;
let foreign: FacilityRecord;

beforeAll(async () => {
  own = await addFacility(data(), 'BTA', FACILITY_ADMIN_ID);
  foreign = await addFacility(data(), 'BTB', 1);
});

/** burns of the facility admin's facility in March 2026 unless told otherwise (40 kg of biochar and a little more each) */
const burns = (options: LogOptions[]): Promise<KilnLogRecord[]> =>
  addLogs(
    data(),
    options.map((o, i) => ({ facility: own, logts: `2026-03-${String(i + 1).padStart(2, '0')}T06:00:00`, ...o })),
  );

const createBatch = (who: DemoUsername, body: Record<string, unknown>) => http().post('/api/batches').set(as(who)).send(body);
const batchBody = (ids: number[], o: Record<string, unknown> = {}) => ({
  label: 'March wood',
  facility_id: own.id,
  kiln_type: 0,
  feedstock: 'wood',
  analysis_ids: ids,
  ...o,
});
const newBatch = async (biochar = [40.25, 40.5], who: DemoUsername = 'facilityadmin'): Promise<Batch> => {
  const rows = await burns(biochar.map((b) => ({ biochar: b })));
  const res = await createBatch(who, batchBody(rows.map((r) => r.id)));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const batchCount = async () => (await data().batches.list()).length;

let labCount = 0;
const newLab = async (): Promise<Lab> => {
  const res = await http()
    .post('/api/labs')
    .set(as('superadmin'))
    .send({ name: `Soil Lab ${++labCount}`, accreditation: 'ISO/IEC 17025 KENAS-0123' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

type Fields = Record<string, string | number | boolean | string[]>;
const LAB_FIELDS: Fields = { sample_id: 'S-1', ...labValues() };
const withFields = <T extends { field(name: string, value: string): T }>(req: T, fields: Fields): T => {
  let r = req;
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) r = r.field(name, String(v));
  }
  return r;
};
const addLabResult = (who: DemoUsername, batchId: number, fields: Fields, file: Buffer | null = TINY_PDF, name = 'certificate.pdf') => {
  const req = withFields(http().post(`/api/batches/${batchId}/lab-results`).set(as(who)), fields);
  return file ? req.attach('certificate', file, name) : req;
};

const END_USE_FIELDS: Fields = {
  kind: 'soil_application',
  date: '2026-05-10',
  latitude: -1.29,
  longitude: 36.82,
  soil_temp_c: 21.4,
  soil_temp_source: 'measured',
  recipient: 'Kamau farm',
};
const addEndUse = (who: DemoUsername, batchId: number, fields: Fields, file: Buffer | null = pngImage(8, 8), name = 'delivery.png') => {
  const req = withFields(http().post(`/api/batches/${batchId}/end-uses`).set(as(who)), { ...END_USE_FIELDS, ...fields });
  return file ? req.attach('evidence', file, name) : req;
};

const READERS: DemoUsername[] = ['superadmin', 'kilnadmin', 'facilityadmin', 'broker'];
const MAKERS: DemoUsername[] = ['superadmin', 'kilnadmin', 'facilityadmin'];
const LAB_RECORDERS: DemoUsername[] = ['superadmin', 'kilnadmin'];

describe('batches: made of burns of one facility, kiln type and period, by those who may', () => {
  it("a facility admin makes one of its facility's burns: exact grams, open, read by every reader", async () => {
    const batch = await newBatch([40.25, 40.5]);
    expect(batch).toMatchObject({
      label: 'March wood',
      facility_id: own.id,
      kiln_type: 0,
      feedstock: 'wood',
      feedstock_note: null,
      state: 'open',
      wet_biochar_g: 80_750,
      dry_biochar_g: null,
      emissions: null,
      created_by: FACILITY_ADMIN_ID,
    });
    expect(batch.analysis_ids).toHaveLength(2);
    expect(batch.first_logts).toBe('2026-03-01T06:00:00');
    expect(batch.last_logts).toBe('2026-03-02T06:00:00');
    for (const who of READERS) {
      const res = await http().get(`/api/batches/${batch.id}`).set(as(who));
      expect(res.status, who).toBe(200);
      expect(res.body, who).toEqual(batch);
      const list = await http().get('/api/batches').set(as(who));
      expect(list.status, who).toBe(200);
      expect(
        (list.body as Batch[]).map((b) => b.id),
        who,
      ).toContain(batch.id);
    }
    for (const who of usersWithout(READERS)) expect((await http().get(`/api/batches/${batch.id}`).set(as(who))).status, who).toBe(403);
    expect((await http().get(`/api/batches/${batch.id}`)).status).toBe(401);
  });

  it('lists as simple REST: filtered, sorted, paged with its Content-Range; an unknown filter key is a 400', async () => {
    const batch = await newBatch([41]);
    const filter = encodeURIComponent(JSON.stringify({ id: [batch.id], facility_id: own.id, state: 'open', feedstock: 'wood' }));
    const res = await http()
      .get(`/api/batches?filter=${filter}&range=${encodeURIComponent('[0,9]')}`)
      .set(as('broker'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as Batch[]).map((b) => b.id)).toEqual([batch.id]);
    expect(res.headers['content-range']).toBe('batches 0-0/1');
    const bad = await http()
      .get(`/api/batches?filter=${encodeURIComponent('{"colour":"red"}')}`)
      .set(as('broker'));
    expect(bad.status).toBe(400);
  });

  it("another facility's batch is a 404 for a facility admin, and is not listed to it; others reach it", async () => {
    const [row] = await addLogs(data(), [{ facility: foreign, logts: '2026-03-05T06:00:00' }]);
    const res = await createBatch('kilnadmin', batchBody([row.id], { facility_id: foreign.id }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = (res.body as Batch).id;
    expect((await http().get(`/api/batches/${id}`).set(as('facilityadmin'))).status).toBe(404);
    expect((await http().get(`/api/batches/${id}/lab-results`).set(as('facilityadmin'))).status).toBe(404);
    expect((await http().get(`/api/batches/${id}/end-uses`).set(as('facilityadmin'))).status).toBe(404);
    expect((await http().post(`/api/batches/${id}/close`).set(as('facilityadmin'))).status).toBe(404);
    expect((await http().put(`/api/batches/${id}/emissions`).set(as('facilityadmin')).send(NO_EMISSIONS)).status).toBe(404);
    expect((await addEndUse('facilityadmin', id, { dry_g: 1 })).status).toBe(404);
    const listed = await http().get('/api/batches').set(as('facilityadmin'));
    expect((listed.body as Batch[]).map((b) => b.id)).not.toContain(id);
    expect((listed.body as Batch[]).every((b) => b.facility_id !== foreign.id)).toBe(true);
    for (const who of ['superadmin', 'kilnadmin', 'broker'] as const)
      expect((await http().get(`/api/batches/${id}`).set(as(who))).status).toBe(200);
    // nor may it make one there: its facility is a 404 as well
    const [other] = await addLogs(data(), [{ facility: foreign, logts: '2026-03-06T06:00:00' }]);
    const before = await batchCount();
    expect((await createBatch('facilityadmin', batchBody([other.id], { facility_id: foreign.id }))).status).toBe(404);
    expect(await batchCount()).toBe(before);
  });

  it('only a super-admin, a kiln file admin and a facility admin make batches (403 for the others, nothing stored)', async () => {
    const [row] = await burns([{}]);
    const before = await batchCount();
    for (const who of usersWithout(MAKERS)) expect((await createBatch(who, batchBody([row.id]))).status, who).toBe(403);
    expect(await batchCount()).toBe(before);
  });

  it('refuses burns that cannot form one, naming analysis_ids and each burn, and stores nothing', async () => {
    const [batched] = await burns([{}]);
    const first = await createBatch('facilityadmin', batchBody([batched.id]));
    expect(first.status).toBe(201);
    const [ok, retort, archived, invalid, unanalysed] = await burns([
      {},
      { type: 1 },
      { archivedTs: '2026-04-01T00:00:00.000Z' },
      { status: 'invalid' },
      { status: 'error' },
    ]);
    const [elsewhere] = await addLogs(data(), [{ facility: foreign, logts: '2026-03-03T06:00:00' }]);
    const before = await batchCount();
    const cases: [string, number[], string][] = [
      ['two facilities', [ok.id, elsewhere.id], `log ${elsewhere.id} is of another facility`],
      ['two kiln types', [ok.id, retort.id], `log ${retort.id} is of another kiln type`],
      ['a burn in a batch already', [ok.id, batched.id], `log ${batched.id} is in batch ${(first.body as Batch).id} already`],
      ['an archived burn', [ok.id, archived.id], `log ${archived.id} is archived`],
      ['an invalid burn', [ok.id, invalid.id], `log ${invalid.id} is not a valid burn`],
      ['an unanalysed burn', [ok.id, unanalysed.id], `log ${unanalysed.id} is not analysed`],
      ['no such burn', [ok.id, 2_147_483_000], 'log 2147483000 does not exist'],
    ];
    for (const [what, ids, reason] of cases) {
      const res = await createBatch('facilityadmin', batchBody(ids));
      expect(res.status, what).toBe(400);
      expect(Object.keys(res.body.errors), what).toEqual(['analysis_ids']);
      expect(res.body.errors.analysis_ids, what).toContain(reason);
    }
    expect(await batchCount()).toBe(before);
    expect((await data().batches.ofLogs([ok.id])).length).toBe(0);
  });

  it("refuses a period longer than the facility's batch period (31 days by default), saying by how much", async () => {
    const [a, b] = await burns([{ logts: '2026-03-01T06:00:00' }, { logts: '2026-04-01T06:00:01' }]);
    const res = await createBatch('facilityadmin', batchBody([a.id, b.id]));
    expect(res.status).toBe(400);
    expect(res.body.errors.analysis_ids).toContain("31 d 0 h 0 min 1 s, more than the facility's batch period of 31 days");
    const [c] = await burns([{ logts: '2026-04-01T06:00:00' }]);
    expect((await createBatch('facilityadmin', batchBody([a.id, c.id]))).status).toBe(201);
  });

  it('refuses each field out of its rules with a 400 naming it, never a 500', async () => {
    const [row] = await burns([{}]);
    const before = await batchCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ label: '  ' }, 'label'],
      [{ feedstock: 'coal' }, 'feedstock'],
      [{ kiln_type: 7 }, 'kiln_type'],
      [{ feedstock: 'other' }, 'feedstock_note'],
      [{ feedstock_note: 'coffee husk' }, 'feedstock_note'],
      [{ analysis_ids: [] }, 'analysis_ids'],
      [{ analysis_ids: [row.id, row.id] }, 'analysis_ids'],
      [{ analysis_ids: 'all' }, 'analysis_ids'],
      [{ facility_id: 'one' }, 'facility_id'],
      [{ label: 'x'.repeat(201) }, 'label'],
    ];
    for (const [change, field] of cases) {
      const res = await createBatch('facilityadmin', { ...batchBody([row.id]), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(change)).toContain(field);
    }
    expect(await batchCount()).toBe(before);
    const other = await createBatch('facilityadmin', batchBody([row.id], { feedstock: 'other', feedstock_note: 'coffee husk' }));
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({ feedstock: 'other', feedstock_note: 'coffee husk' });
  });

  it("takes as its production temperature the lowest of its burns' highest treatment temperatures, as the analysis records them", async () => {
    const kiln = await addTestKiln(api.server, 'BTA-CG1-0001', own.id);
    const temps: number[] = [];
    const ids: number[] = [];
    for (const seed of [4301, 4302, 4303]) {
      const uploaded = await http()
        .post('/api/kilnlogs/upload')
        .set(as('superadmin'))
        .set('Content-Type', 'text/csv')
        .send(burnCsv(kiln.kiln_id, own, { seed }));
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const id = (uploaded.body as { id: number }).id;
      const stored = (await data().kilnLogs.get(id))!;
      const temp = (JSON.parse(stored.analysis!) as { highest_treatment_temp_c: number }).highest_treatment_temp_c;
      expect(temp).toBeGreaterThanOrEqual(350);
      temps.push(temp);
      ids.push(id);
    }
    expect(new Set(temps).size).toBeGreaterThan(1);
    const res = await createBatch('facilityadmin', batchBody(ids, { label: 'Measured temperatures' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.production_temp_c).toBe(Math.min(...temps));
    expect((await http().get(`/api/batches/${res.body.id}`).set(as('broker'))).body.production_temp_c).toBe(Math.min(...temps));
  });

  it('closes an open batch once (409 after), for those who update batches', async () => {
    const batch = await newBatch([40]);
    for (const who of usersWithout(MAKERS))
      expect((await http().post(`/api/batches/${batch.id}/close`).set(as(who))).status, who).toBe(403);
    const closed = await http().post(`/api/batches/${batch.id}/close`).set(as('facilityadmin'));
    expect(closed.status).toBe(200);
    expect(closed.body.state).toBe('closed');
    const again = await http().post(`/api/batches/${batch.id}/close`).set(as('kilnadmin'));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/closed already/);
    expect((await http().post('/api/batches/2147483647/close').set(as('superadmin'))).status).toBe(404);
  });
});

describe('archiving a batched burn', () => {
  it('is refused (409) naming its batch, and the burn stays live; a burn in no batch is archived as before', async () => {
    const batch = await newBatch([40]);
    const id = batch.analysis_ids[0];
    const res = await http().post(`/api/kilnlogs/${id}/archive`).set(as('kilnadmin'));
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`in batch ${batch.id}`);
    expect((await data().kilnLogs.get(id))?.archived_ts).toBeNull();
    const [loose] = await burns([{}]);
    expect((await http().post(`/api/kilnlogs/${loose.id}/archive`).set(as('kilnadmin'))).status).toBe(200);
  });
});

describe('laboratories and their keys: registered by a super-admin alone, read by those who read batches', () => {
  it('registers a laboratory; a taken name (any case) and bad fields are 400s naming the field', async () => {
    const lab = await newLab();
    expect(lab).toMatchObject({ name: lab.name, accreditation: 'ISO/IEC 17025 KENAS-0123', created_by: 1, keys: [] });
    const taken = await http()
      .post('/api/labs')
      .set(as('superadmin'))
      .send({ name: ` ${lab.name.toUpperCase()} `, accreditation: 'x' });
    expect(taken.status).toBe(400);
    expect(Object.keys(taken.body.errors)).toEqual(['name']);
    const blank = await http().post('/api/labs').set(as('superadmin')).send({ name: 'New Lab', accreditation: ' ' });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body.errors)).toEqual(['accreditation']);
    for (const who of usersWithout(['superadmin'])) {
      const res = await http()
        .post('/api/labs')
        .set(as(who))
        .send({ name: `Lab of ${who}`, accreditation: 'x' });
      expect(res.status, who).toBe(403);
    }
    expect((await data().labs.list()).some((l) => l.name.startsWith('Lab of'))).toBe(false);
  });

  it("registers a lab's key, in force at once; a bad or taken key is a 400 on public_key; no lab is a 404", async () => {
    const lab = await newLab();
    const { publicKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    for (const who of usersWithout(['superadmin'])) {
      expect((await http().post(`/api/labs/${lab.id}/keys`).set(as(who)).send({ public_key: pem })).status, who).toBe(403);
    }
    const added = await http().post(`/api/labs/${lab.id}/keys`).set(as('superadmin')).send({ public_key: pem });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ lab_id: lab.id, public_key: pem, revoked_ts: null, revoked_by: null, registered_by: 1 });
    expect(added.body.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const again = await http().post(`/api/labs/${lab.id}/keys`).set(as('superadmin')).send({ public_key: pem });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.errors)).toEqual(['public_key']);
    const notKey = await http().post(`/api/labs/${lab.id}/keys`).set(as('superadmin')).send({ public_key: 'not a key' });
    expect(notKey.status).toBe(400);
    expect(Object.keys(notKey.body.errors)).toEqual(['public_key']);
    const { publicKey: other } = generateKeyPairSync('ed25519');
    const none = await http()
      .post('/api/labs/2147483647/keys')
      .set(as('superadmin'))
      .send({ public_key: other.export({ type: 'spki', format: 'pem' }).toString() });
    expect(none.status).toBe(404);
    for (const who of READERS) {
      const list = await http().get('/api/labs').set(as(who));
      expect(list.status, who).toBe(200);
      expect(
        (list.body as Lab[]).find((l) => l.id === lab.id)?.keys.map((k) => k.id),
        who,
      ).toEqual([added.body.id]);
    }
    for (const who of usersWithout(READERS)) expect((await http().get('/api/labs').set(as(who))).status, who).toBe(403);
  });

  it("revokes a lab's key for a super-admin alone, for good: it signs no new result, the results it signed stay lab-signed", async () => {
    const lab = await newLab();
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const key = (
      await http()
        .post(`/api/labs/${lab.id}/keys`)
        .set(as('superadmin'))
        .send({ public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString() })
    ).body as { id: number };
    const batch = await newBatch([40]);
    const signature = sign(null, TINY_PDF, privateKey).toString('base64');
    const before = await addLabResult('kilnadmin', batch.id, { ...LAB_FIELDS, lab_id: lab.id, certificate_signature: signature });
    expect(before.body.lab_signed).toBe(true);
    const revoke = (who: DemoUsername, labId = lab.id, keyId = key.id) =>
      http().post(`/api/labs/${labId}/keys/${keyId}/revoke`).set(as(who));
    for (const who of usersWithout(['superadmin'])) expect((await revoke(who)).status, who).toBe(403);
    expect((await data().labs.keys(lab.id))[0].revoked_ts).toBeNull();
    const revoked = await revoke('superadmin');
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body).toMatchObject({ id: key.id, lab_id: lab.id, revoked_by: 1 });
    expect(Date.parse(revoked.body.revoked_ts)).not.toBeNaN();
    expect((await data().labs.keys(lab.id))[0]).toMatchObject({ revoked_by: 1, revoked_ts: revoked.body.revoked_ts });
    const again = await revoke('superadmin');
    expect(again.status).toBe(409);
    expect((await data().labs.keys(lab.id))[0]).toMatchObject({ revoked_by: 1, revoked_ts: revoked.body.revoked_ts });
    expect(again.body.message).toContain('revoked already');
    expect((await revoke('superadmin', lab.id, 2147483647)).status).toBe(404);
    expect((await revoke('superadmin', 2147483647)).status).toBe(404);
    expect((await http().post(`/api/labs/${lab.id}/keys/abc/revoke`).set(as('superadmin'))).status).toBe(400);
    const after = await addLabResult('kilnadmin', batch.id, { ...LAB_FIELDS, lab_id: lab.id, certificate_signature: signature });
    expect(after.status).toBe(400);
    expect(Object.keys(after.body.errors)).toEqual(['certificate_signature']);
    expect((await data().batches.labResults(batch.id)).map((r) => r.lab_signed)).toEqual([true]);
  });
});

describe("lab results: a kiln file admin's or a super-admin's, with a certificate checked as statements are", () => {
  let lab: Lab;
  beforeAll(async () => {
    lab = await newLab();
  });
  const results = async (batchId: number) => data().batches.labResults(batchId);

  it('records a result with its PDF certificate: the batch is sampled with its dry biochar; every reader reads it and its certificate', async () => {
    const batch = await newBatch([40.25, 40.5]);
    const res = await addLabResult('kilnadmin', batch.id, { ...LAB_FIELDS, lab_id: lab.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const result = res.body as LabResult;
    expect(result).toMatchObject({
      batch_id: batch.id,
      lab_id: lab.id,
      sample_id: 'S-1',
      methods: ['ISO 16948', 'ASTM D5373'],
      c_org_pct: 75,
      h_c_org: 0.45,
      moisture_pct: 20,
      ro_pct: null,
      contaminants_pass: true,
      lab_signed: false,
      supersedes: null,
      recorded_by: 4,
    });
    expect(result.certificate_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect('certificate_key' in result).toBe(false);
    const after = (await http().get(`/api/batches/${batch.id}`).set(as('broker'))).body as Batch;
    expect(after).toMatchObject({ state: 'sampled', dry_biochar_g: 64_600 });
    for (const who of READERS) {
      const list = await http().get(`/api/batches/${batch.id}/lab-results`).set(as(who));
      expect(list.status, who).toBe(200);
      expect(list.body, who).toEqual([result]);
      const file = await http()
        .get(`/api/batches/${batch.id}/lab-results/${result.id}/certificate`)
        .set(as(who))
        .buffer(true)
        .parse(binaryBody);
      expect(file.status, who).toBe(200);
      expect(file.headers['content-type'], who).toBe('application/pdf');
      expect(Buffer.compare(file.body as Buffer, TINY_PDF), who).toBe(0);
    }
    expect((await http().get(`/api/batches/${batch.id}/lab-results/2147483647/certificate`).set(as('broker'))).status).toBe(404);
    // a correction supersedes it; both are kept, and the dry biochar follows the correction
    const fix = await addLabResult('superadmin', batch.id, { ...LAB_FIELDS, lab_id: lab.id, moisture_pct: 25, supersedes: result.id });
    expect(fix.status, JSON.stringify(fix.body)).toBe(201);
    expect((await results(batch.id)).map((r) => r.id)).toEqual([result.id, fix.body.id]);
    expect((await data().batches.get(batch.id))?.dry_biochar_g).toBe(60_562);
  });

  it('is refused to a facility admin and every role without create lab-result (403), nothing stored', async () => {
    const batch = await newBatch([40]);
    for (const who of usersWithout(LAB_RECORDERS)) {
      expect((await addLabResult(who, batch.id, { ...LAB_FIELDS, lab_id: lab.id })).status, who).toBe(403);
    }
    expect(await results(batch.id)).toEqual([]);
    expect((await data().batches.get(batch.id))?.state).toBe('open');
  });

  it('refuses a certificate that is not a PDF, a missing one, and each value out of its range, naming the field; nothing stored', async () => {
    const batch = await newBatch([40]);
    const keysBefore: string[] = [];
    for await (const b of api.server.ctx.blobs.list(`${LAB_CERTIFICATE_AREA}/`, 1000)) keysBefore.push(b.key);
    const cases: [string, Fields, Buffer | null, string][] = [
      ['a PNG certificate', {}, pngImage(4, 4), 'certificate'],
      ['a text certificate', {}, Buffer.from('not a pdf at all'), 'certificate'],
      ['no certificate', {}, null, 'certificate'],
      ['H/C_org above 2.5', { h_c_org: 2.6 }, TINY_PDF, 'h_c_org'],
      ['O/C_org above 1.5', { o_c_org: 1.6 }, TINY_PDF, 'o_c_org'],
      ['moisture above 100 %', { moisture_pct: 101 }, TINY_PDF, 'moisture_pct'],
      ['ash below 0 %', { ash_pct: -1 }, TINY_PDF, 'ash_pct'],
      ['a value that is no number', { volatile_matter_pct: 'lots' }, TINY_PDF, 'volatile_matter_pct'],
      ['C_org off the identity', { c_org_pct: 70 }, TINY_PDF, 'c_org_pct'],
      ['a report before its sample', { reported_date: '2026-04-01' }, TINY_PDF, 'reported_date'],
      ['no such date', { sampled_date: '2026-02-30' }, TINY_PDF, 'sampled_date'],
      ['no method', { methods: [] }, TINY_PDF, 'methods'],
      ['no sample id', { sample_id: ' ' }, TINY_PDF, 'sample_id'],
      ['contaminants neither passed nor failed', { contaminants_pass: 'maybe' }, TINY_PDF, 'contaminants_pass'],
      ['no such laboratory', { lab_id: 2_147_483_000 }, TINY_PDF, 'lab_id'],
      ['a laboratory that is no id', { lab_id: 'the good one' }, TINY_PDF, 'lab_id'],
      ['a correction of no result of the batch', { supersedes: 2_147_483_000 }, TINY_PDF, 'supersedes'],
      ['a signature that is not one', { certificate_signature: 'c2lnbmVk' }, TINY_PDF, 'certificate_signature'],
    ];
    for (const [what, change, file, field] of cases) {
      const res = await addLabResult('kilnadmin', batch.id, { ...LAB_FIELDS, lab_id: lab.id, ...change }, file);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), what).toContain(field);
    }
    expect(await results(batch.id)).toEqual([]);
    expect((await data().batches.get(batch.id))?.state).toBe('open');
    const keysAfter: string[] = [];
    for await (const b of api.server.ctx.blobs.list(`${LAB_CERTIFICATE_AREA}/`, 1000)) keysAfter.push(b.key);
    expect(keysAfter).toEqual(keysBefore);
  });

  it('is lab-signed when an active key of the lab signed the certificate bytes; a signature no key of the lab makes is a 400', async () => {
    const signer = await newLab();
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const added = await http()
      .post(`/api/labs/${signer.id}/keys`)
      .set(as('superadmin'))
      .send({ public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString() });
    expect(added.status).toBe(201);
    const batch = await newBatch([40]);
    const signature = sign(null, TINY_PDF, privateKey).toString('base64');
    const signed = await addLabResult('kilnadmin', batch.id, { ...LAB_FIELDS, lab_id: signer.id, certificate_signature: signature });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(signed.body.lab_signed).toBe(true);
    // the same signature over other bytes, and a key of another lab, are refused
    const otherBytes = Buffer.concat([TINY_PDF, Buffer.from('% changed\n')]);
    const wrong = await addLabResult(
      'kilnadmin',
      batch.id,
      { ...LAB_FIELDS, lab_id: signer.id, certificate_signature: signature },
      otherBytes,
    );
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toEqual(['certificate_signature']);
    const otherLab = await addLabResult('kilnadmin', batch.id, { ...LAB_FIELDS, lab_id: lab.id, certificate_signature: signature });
    expect(otherLab.status).toBe(400);
    expect(Object.keys(otherLab.body.errors)).toEqual(['certificate_signature']);
    expect((await results(batch.id)).map((r) => r.lab_signed)).toEqual([true]);
  });
});

describe("end uses: recorded with their evidence by those who update batches, never beyond the batch's char", () => {
  const endUses = (batchId: number) => data().batches.endUses(batchId);

  it('records end uses with a photo or a PDF until the char is used; beyond it a 400 on dry_g says by how much', async () => {
    const batch = await newBatch([40.25]);
    const first = await addEndUse('facilityadmin', batch.id, { dry_g: 30_000 });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body as EndUse).toMatchObject({
      batch_id: batch.id,
      kind: 'soil_application',
      kind_note: null,
      dry_g: 30_000,
      date: '2026-05-10',
      latitude: -1.29,
      longitude: 36.82,
      soil_temp_c: 21.4,
      soil_temp_source: 'measured',
      recipient: 'Kamau farm',
      recorded_by: FACILITY_ADMIN_ID,
    });
    expect('evidence_key' in first.body).toBe(false);
    const second = await addEndUse('kilnadmin', batch.id, { dry_g: 10_000, kind: 'other', kind_note: 'compost' }, TINY_PDF, 'note.pdf');
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const over = await addEndUse('facilityadmin', batch.id, { dry_g: 251 });
    expect(over.status).toBe(400);
    expect(Object.keys(over.body.errors)).toEqual(['dry_g']);
    expect(over.body.errors.dry_g).toContain('0.001 kg more than');
    expect(over.body.errors.dry_g).toContain('(0.250 kg left)');
    expect((await addEndUse('superadmin', batch.id, { dry_g: 250 })).status).toBe(201);
    for (const who of READERS) {
      const list = await http().get(`/api/batches/${batch.id}/end-uses`).set(as(who));
      expect(list.status, who).toBe(200);
      expect(
        (list.body as EndUse[]).map((e) => e.dry_g),
        who,
      ).toEqual([30_000, 10_000, 250]);
    }
  });

  it('answers its evidence, the bytes as uploaded with their type, to every reader in reach; 404 for no such end use of the batch', async () => {
    const batch = await newBatch([40]);
    const photo = pngImage(8, 8);
    const first = (await addEndUse('facilityadmin', batch.id, { dry_g: 1_000 }, photo)).body as EndUse;
    const second = (await addEndUse('facilityadmin', batch.id, { dry_g: 1_000 }, TINY_PDF, 'note.pdf')).body as EndUse;
    const evidence = (who: DemoUsername, eid: number | string, batchId: number = batch.id) =>
      http().get(`/api/batches/${batchId}/end-uses/${eid}/evidence`).set(as(who)).buffer(true).parse(binaryBody);
    for (const who of READERS) {
      const png = await evidence(who, first.id);
      expect(png.status, who).toBe(200);
      expect(png.headers['content-type']).toContain('image/png');
      expect(Buffer.compare(png.body as Buffer, photo)).toBe(0);
      const pdf = await evidence(who, second.id);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(Buffer.compare(pdf.body as Buffer, TINY_PDF)).toBe(0);
    }
    for (const who of usersWithout(READERS)) expect((await evidence(who, first.id)).status, who).toBe(403);
    const other = await newBatch([40]);
    expect((await evidence('superadmin', first.id, other.id)).status).toBe(404);
    expect((await evidence('superadmin', 2147483647)).status).toBe(404);
    expect((await evidence('superadmin', 'abc')).status).toBe(400);
    // another facility's batch is a 404 for a facility admin, its evidence too
    const foreignRows = await addLogs(data(), [{ facility: foreign, logts: '2026-03-01T06:00:00' }]);
    const foreignBatch = (await createBatch('superadmin', batchBody([foreignRows[0].id], { facility_id: foreign.id }))).body as Batch;
    const foreignUse = (await addEndUse('superadmin', foreignBatch.id, { dry_g: 1_000 })).body as EndUse;
    expect((await evidence('facilityadmin', foreignUse.id, foreignBatch.id)).status).toBe(404);
    expect((await evidence('broker', foreignUse.id, foreignBatch.id)).status).toBe(200);
  });

  it('is refused to the broker and the roles without update batch (403), nothing stored', async () => {
    const batch = await newBatch([40]);
    for (const who of usersWithout(MAKERS)) expect((await addEndUse(who, batch.id, { dry_g: 1 })).status, who).toBe(403);
    expect(await endUses(batch.id)).toEqual([]);
  });

  it('refuses evidence that is neither a PDF nor an image, and each field out of its rules, naming the field; nothing stored', async () => {
    const batch = await newBatch([40]);
    const cases: [string, Fields, Buffer | null, string][] = [
      ['text evidence', { dry_g: 1 }, Buffer.from('a delivery note, typed'), 'evidence'],
      ['no evidence', { dry_g: 1 }, null, 'evidence'],
      ['grams that are not whole', { dry_g: 1.5 }, pngImage(4, 4), 'dry_g'],
      ['no grams', { dry_g: 0 }, pngImage(4, 4), 'dry_g'],
      ['a latitude off the earth', { dry_g: 1, latitude: 91 }, pngImage(4, 4), 'latitude'],
      ['a longitude off the earth', { dry_g: 1, longitude: -181 }, pngImage(4, 4), 'longitude'],
      ['a soil hotter than any', { dry_g: 1, soil_temp_c: 51 }, pngImage(4, 4), 'soil_temp_c'],
      ['no soil temperature source', { dry_g: 1, soil_temp_source: '' }, pngImage(4, 4), 'soil_temp_source'],
      ['an unknown kind', { dry_g: 1, kind: 'burnt' }, pngImage(4, 4), 'kind'],
      ['other without a note', { dry_g: 1, kind: 'other' }, pngImage(4, 4), 'kind_note'],
      ['no recipient', { dry_g: 1, recipient: ' ' }, pngImage(4, 4), 'recipient'],
      ['no such date', { dry_g: 1, date: '2026-13-01' }, pngImage(4, 4), 'date'],
      ['beyond the char', { dry_g: 40_001 }, pngImage(4, 4), 'dry_g'],
    ];
    for (const [what, change, file, field] of cases) {
      const res = await addEndUse('facilityadmin', batch.id, change, file);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), what).toContain(field);
    }
    expect(await endUses(batch.id)).toEqual([]);
    const keys: string[] = [];
    for await (const b of api.server.ctx.blobs.list(`${END_USE_EVIDENCE_AREA}/`, 1000)) keys.push(b.key);
    const named = new Set((await Promise.all((await data().batches.list()).map((b) => endUses(b.id)))).flat().map((e) => e.evidence_key));
    expect(keys.filter((k) => !named.has(k))).toEqual([]);
  });
});

describe("a batch's emissions: set whole by those who update batches", () => {
  it('sets and replaces them; a figure without its text, or out of range, is a 400 naming the field', async () => {
    const batch = await newBatch([40]);
    const set = await http()
      .put(`/api/batches/${batch.id}/emissions`)
      .set(as('facilityadmin'))
      .send({ methane_g_per_kg: 4.2, methane_method: ' chamber, 3 burns ', other_co2e_g: 12_000, other_note: 'diesel for the loader' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.emissions).toEqual({
      methane_g_per_kg: 4.2,
      methane_method: 'chamber, 3 burns',
      methane_evidence_sha256: null,
      other_co2e_g: 12_000,
      other_note: 'diesel for the loader',
      other_evidence_sha256: null,
    });
    const replaced = await http()
      .put(`/api/batches/${batch.id}/emissions`)
      .set(as('kilnadmin'))
      .send({ ...NO_EMISSIONS, other_co2e_g: 5, other_note: 'transport' });
    expect(replaced.status).toBe(200);
    expect(replaced.body.emissions).toMatchObject({ methane_g_per_kg: null, methane_method: null, other_co2e_g: 5 });
    const cases: [Record<string, unknown>, string][] = [
      [{ methane_g_per_kg: 4.2 }, 'methane_method'],
      [{ methane_method: 'chamber' }, 'methane_method'],
      [{ methane_g_per_kg: 1001, methane_method: 'chamber' }, 'methane_g_per_kg'],
      [{ methane_g_per_kg: -1, methane_method: 'chamber' }, 'methane_g_per_kg'],
      [{ other_co2e_g: 1.5, other_note: 'x' }, 'other_co2e_g'],
      [{ other_co2e_g: -5, other_note: 'x' }, 'other_co2e_g'],
      [{ other_note: 'x' }, 'other_note'],
      [{ methane_g_per_kg: 'much', methane_method: 'x' }, 'methane_g_per_kg'],
    ];
    // an empty body, or one leaving a field out, never clears them: each field is given, null for none
    for (const field of Object.keys(NO_EMISSIONS)) {
      const { [field]: _left, ...body } = NO_EMISSIONS as Record<string, unknown>;
      const res = await http().put(`/api/batches/${batch.id}/emissions`).set(as('facilityadmin')).send(body);
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), field).toContain(field);
    }
    for (const [partial, field] of cases) {
      const body = { ...NO_EMISSIONS, ...partial };
      const res = await http().put(`/api/batches/${batch.id}/emissions`).set(as('facilityadmin')).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    for (const who of usersWithout(MAKERS)) {
      expect((await http().put(`/api/batches/${batch.id}/emissions`).set(as(who)).send(NO_EMISSIONS)).status, who).toBe(403);
    }
    expect((await data().batches.get(batch.id))?.emissions).toMatchObject({ other_co2e_g: 5, other_note: 'transport' });
  });
});

describe("the files of a batch's lab results and end uses", () => {
  it('outlive the start-up file sweep, which removes no certificate or evidence a record names', async () => {
    const lab = await newLab();
    const batch = await newBatch([40]);
    expect((await addLabResult('kilnadmin', batch.id, { ...LAB_FIELDS, lab_id: lab.id })).status).toBe(201);
    expect((await addEndUse('facilityadmin', batch.id, { dry_g: 100 })).status).toBe(201);
    const [result] = await data().batches.labResults(batch.id);
    const [endUse] = await data().batches.endUses(batch.id);
    expect(result.certificate_key.startsWith(`${LAB_CERTIFICATE_AREA}/`)).toBe(true);
    expect(endUse.evidence_key.startsWith(`${END_USE_EVIDENCE_AREA}/`)).toBe(true);
    const swept = await sweepFiles(data(), api.server.ctx.blobs, { graceMs: 0 });
    expect(swept.removed.filter((k) => k.startsWith(LAB_CERTIFICATE_AREA) || k.startsWith(END_USE_EVIDENCE_AREA))).toEqual([]);
    expect(await fileExists(api.server, result.certificate_key)).toBe(true);
    expect(await fileExists(api.server, endUse.evidence_key)).toBe(true);
  });
});
