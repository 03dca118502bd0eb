import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type {
  AvailableCo2Response,
  BufferShare,
  BufferShareChange,
  EcoAsset,
  EcoAssetProvenance,
  EcoRetirement,
  MintResult,
  RetireResult,
} from '../../src/domain/api/ecoAssets';
import { toGrams } from '../../src/domain/carbon';
import type { EcoAssetRecord } from '../../mock-server/store/model';
import { usersWithout } from '../helpers/configure';
import { signedOffNewBurns } from '../helpers/signedOffAudits';
import { snapshot } from '../helpers/snapshot';
import { bearer, binaryBody, useTestServer } from '../helpers/testServer';

/**
 * The carbon ledger over HTTP, on either store: serial blocks,
 * the buffer share, retirement, provenance and the certificate.
 */

const api = useTestServer();

const broker = () => bearer(api.tokens.broker);
const superadmin = () => bearer(api.tokens.superadmin);

let jobs = 0;
/** A signed-off audit of new burns of seeded facility 1, with these CO2 figures (kg). */
async function signedOffAudit(co2: number[]): Promise<number> {
  const data = api.server.ctx.data;
  const facility = (await data.facilities.get(1))!;
  const names = { jobId: `LEDGER-${++jobs}`, docName: 'ledger' };
  return (
    await signedOffNewBurns(
      data,
      facility,
      co2.map((kg) => ({ co2: kg })),
      names,
    )
  ).id;
}

let transactions = 0;
const mint = (co2: Record<number, number>) =>
  api.server.http
    .post('/api/eco-asset/mint')
    .set(broker())
    .send({ minting_note: 'Ledger test', transaction_id: `TX-LEDGER-${++transactions}`, co2_utilisation: co2 });
const setShare = (percent: unknown, auth = superadmin()) =>
  api.server.http.put('/api/eco-asset/buffer_share').set(auth).send({ buffer_percent: percent });
const retire = (id: number, body: object, auth = broker()) => api.server.http.post(`/api/eco-asset/${id}/retire`).set(auth).send(body);

type StoredAsset = Pick<
  EcoAssetRecord,
  | 'id'
  | 'co2_allocated'
  | 'co2_issued'
  | 'co2_buffer'
  | 'co2_retired'
  | 'serial_first'
  | 'serial_last'
  | 'buffer_serial_first'
  | 'buffer_serial_last'
>;

/**
 * Every block the ledger holds, read from the store: each asset's unretired
 * rest of its issued block, its retired children and its buffer block.
 */
async function ledgerBlocks() {
  const { tables } = await snapshot(api.server);
  const assets = tables.eco_assets.map((line) => JSON.parse(line) as StoredAsset);
  const retirements = tables.eco_retirements.map((line) => JSON.parse(line) as EcoRetirement);
  const allocations = tables.eco_allocations.map((line) => JSON.parse(line) as { eco_asset_id: number; co2_allocated: number });
  const blocks: { first: number; last: number; what: string }[] = [];
  for (const a of assets) {
    const retired = retirements.filter((r) => r.eco_asset_id === a.id).reduce((n, r) => n + toGrams(r.co2_retired), 0);
    if (a.serial_first !== null && a.serial_last !== null && a.serial_first + retired <= a.serial_last) {
      blocks.push({ first: a.serial_first + retired, last: a.serial_last, what: `asset ${a.id} unretired` });
    }
    if (a.buffer_serial_first !== null && a.buffer_serial_last !== null)
      blocks.push({ first: a.buffer_serial_first, last: a.buffer_serial_last, what: `asset ${a.id} buffer` });
  }
  for (const r of retirements) blocks.push({ first: r.serial_first, last: r.serial_last, what: `retirement ${r.id}` });
  return { assets, retirements, allocations, blocks };
}

/** The ledger's invariants: blocks apart, covering exactly the issued and buffer grams; each asset's parts sum to its allocations. */
async function expectSoundLedger() {
  const { assets, retirements, allocations, blocks } = await ledgerBlocks();
  const sorted = [...blocks].sort((x, y) => x.first - y.first);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].first <= sorted[i - 1].last) throw new Error(`${sorted[i].what} overlaps ${sorted[i - 1].what}`);
  }
  const covered = blocks.reduce((n, b) => n + b.last - b.first + 1, 0);
  expect(covered).toBe(assets.reduce((n, a) => n + toGrams(a.co2_issued) + toGrams(a.co2_buffer), 0));
  for (const a of assets) {
    const drawn = allocations.filter((al) => al.eco_asset_id === a.id).reduce((n, al) => n + toGrams(al.co2_allocated), 0);
    expect(toGrams(a.co2_issued) + toGrams(a.co2_buffer)).toBe(toGrams(a.co2_allocated));
    expect(toGrams(a.co2_allocated)).toBe(drawn);
    expect(retirements.filter((r) => r.eco_asset_id === a.id).reduce((n, r) => n + toGrams(r.co2_retired), 0)).toBe(toGrams(a.co2_retired));
    // retired children lie inside their asset's issued block, taken from its front
    for (const r of retirements.filter((x) => x.eco_asset_id === a.id)) {
      expect(r.serial_first).toBeGreaterThanOrEqual(a.serial_first!);
      expect(r.serial_last).toBeLessThanOrEqual(a.serial_last!);
    }
  }
  return assets;
}

describe('the demo ledger', () => {
  it('withholds a 10 % buffer set by the seed, and its assets hold disjoint blocks covering their grams', async () => {
    const share = await api.server.http.get('/api/eco-asset/buffer_share').set(broker());
    expect(share.status).toBe(200);
    expect(share.body).toMatchObject({ buffer_percent: 10, set_by_username: null });
    const assets = await expectSoundLedger();
    expect(assets.length).toBeGreaterThan(0);
    for (const a of assets) expect(toGrams(a.co2_buffer)).toBe(Math.round(toGrams(a.co2_allocated) / 10));
  });
});

describe('the buffer share', () => {
  it('is set by a super-admin alone, 0–50 % with at most 2 decimals, recorded with who and when', async () => {
    for (const user of usersWithout(['superadmin'])) expect((await setShare(5, bearer(api.tokens[user]))).status).toBe(403);
    for (const bad of [50.01, -1, 1.234, 'ten']) {
      const res = await setShare(bad);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.errors).toHaveProperty('buffer_percent');
    }
    const before = Date.now();
    const set = await setShare(12.5);
    expect(set.status).toBe(200);
    const body = set.body as BufferShare;
    expect(body).toMatchObject({ buffer_percent: 12.5, set_by_username: 'superadmin' });
    expect(Date.parse(body.set_ts!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await api.server.http.get('/api/eco-asset/buffer_share').set(broker())).body).toEqual(body);
    // the share in force again records nothing new
    expect((await setShare(12.5)).body).toEqual(body);
    expect((await setShare(10)).status).toBe(200);
  });

  it('keeps a trail of every share set, newest first with who and when, that a super-admin alone reads', async () => {
    const changes = () => api.server.http.get('/api/eco-asset/buffer_share/changes');
    expect((await changes()).status).toBe(401);
    for (const user of usersWithout(['superadmin'])) expect((await changes().set(bearer(api.tokens[user]))).status).toBe(403);
    expect((await setShare(7)).status).toBe(200);
    expect((await setShare(8.25)).status).toBe(200);
    // unchanged: nothing recorded
    expect((await setShare(8.25)).status).toBe(200);
    const res = await changes().set(superadmin());
    expect(res.status).toBe(200);
    const trail = res.body as BufferShareChange[];
    const stored = (await snapshot(api.server)).tables.buffer_shares;
    expect(trail).toHaveLength(stored.length);
    expect(trail.slice(0, 2)).toMatchObject([
      { buffer_percent: 8.25, actor_username: 'superadmin' },
      { buffer_percent: 7, actor_username: 'superadmin' },
    ]);
    expect(trail[0].actor_id).toBe(trail[1].actor_id);
    expect(trail[0].id).toBeGreaterThan(trail[1].id);
    expect(Date.parse(trail[0].ts)).toBeGreaterThanOrEqual(Date.parse(trail[1].ts));
    // the oldest: the demo seed's 10 %, set by nobody
    expect(trail.at(-1)).toMatchObject({ buffer_percent: 10, actor_id: null, actor_username: null });
    expect((await api.server.http.get('/api/eco-asset/buffer_share').set(broker())).body).toMatchObject({
      buffer_percent: 8.25,
      set_ts: trail[0].ts,
    });
    expect((await setShare(10)).status).toBe(200);
  });

  it('splits a mint to the gram: the buffer its share (half a gram away from zero), issued the rest, each with its block', async () => {
    expect((await setShare(12.5)).status).toBe(200);
    const audit = await signedOffAudit([30]);
    // 12.345 kg at 12.5 %: 1543.125 g of buffer, 1543 g
    const res = await mint({ [audit]: 12.345 });
    expect(res.status).toBe(200);
    const asset = (res.body as MintResult).eco_asset;
    expect(asset).toMatchObject({ co2_allocated: 12.345, co2_buffer: 1.543, co2_issued: 10.802, co2_retired: 0 });
    expect(asset.serial_last! - asset.serial_first! + 1).toBe(10802);
    expect(asset.buffer_serial_first).toBe(asset.serial_last! + 1);
    expect(asset.buffer_serial_last! - asset.buffer_serial_first! + 1).toBe(1543);
    // 0.004 kg at 12.5 %: 0.5 g rounds to 1 g
    const small = ((await mint({ [audit]: 0.004 })).body as MintResult).eco_asset;
    expect(small).toMatchObject({ co2_buffer: 0.001, co2_issued: 0.003 });
    expect((await setShare(0)).status).toBe(200);
    const none = ((await mint({ [audit]: 1 })).body as MintResult).eco_asset;
    expect(none).toMatchObject({ co2_buffer: 0, co2_issued: 1, buffer_serial_first: null, buffer_serial_last: null });
    expect(none.serial_first).toBeGreaterThan(small.buffer_serial_last!);
    expect((await setShare(10)).status).toBe(200);
    await expectSoundLedger();
  });
});

describe('50 racing mints', () => {
  it('take disjoint blocks that cover exactly their issued and buffer grams', async () => {
    const audits = await Promise.all(Array.from({ length: 5 }, () => signedOffAudit([40])));
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => mint({ [audits[i % 5]]: (777 + i) / 1000 })));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    await expectSoundLedger();
  });
});

describe('POST /api/eco-asset/{id}/retire', () => {
  it('retires issued units for a beneficiary in child blocks from the front, refusing what the rules refuse', async () => {
    const audit = await signedOffAudit([20]);
    const asset = ((await mint({ [audit]: 10 })).body as MintResult).eco_asset;
    expect(asset.co2_issued).toBe(9);
    for (const user of usersWithout(['superadmin', 'broker']))
      expect((await retire(asset.id, { kg: 1, beneficiary: 'B' }, bearer(api.tokens[user]))).status).toBe(403);
    expect((await api.server.http.post(`/api/eco-asset/${asset.id}/retire`).send({ kg: 1, beneficiary: 'B' })).status).toBe(401);
    expect((await retire(999999, { kg: 1, beneficiary: 'B' })).status).toBe(404);
    const refusals: [object, string][] = [
      [{ kg: 9.001, beneficiary: 'Acme' }, 'kg'],
      [{ kg: 0.0004, beneficiary: 'Acme' }, 'kg'],
      [{ kg: 0, beneficiary: 'Acme' }, 'kg'],
      [{ kg: 1.0005, beneficiary: 'Acme' }, 'kg'],
      [{ kg: 1, beneficiary: '  ' }, 'beneficiary'],
      [{ kg: 1, beneficiary: 'x'.repeat(201) }, 'beneficiary'],
    ];
    for (const [body, field] of refusals) {
      const res = await retire(asset.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toHaveProperty(field);
    }
    expect((await retire(asset.id, { kg: 1 })).status).toBe(400);

    const first = await retire(asset.id, { kg: 2.5, beneficiary: ' Acme Corp ', purpose: '2026 net-zero claim' });
    expect(first.status).toBe(200);
    const one = first.body as RetireResult;
    expect(one.retirement).toMatchObject({
      eco_asset_id: asset.id,
      co2_retired: 2.5,
      beneficiary: 'Acme Corp',
      purpose: '2026 net-zero claim',
      serial_first: asset.serial_first,
      serial_last: asset.serial_first! + 2499,
    });
    expect(one.eco_asset).toMatchObject({
      co2_retired: 2.5,
      co2_issued: 9,
      serial_first: asset.serial_first,
      serial_last: asset.serial_last,
    });
    // more than is left of the rest is a 400; the rest retires whole
    expect((await retire(asset.id, { kg: 6.501, beneficiary: 'Beta' })).status).toBe(400);
    const rest = (await retire(asset.id, { kg: 6.5, beneficiary: 'Beta' })).body as RetireResult;
    expect(rest.retirement).toMatchObject({ serial_first: asset.serial_first! + 2500, serial_last: asset.serial_last });
    expect(rest.eco_asset.co2_retired).toBe(9);
    // retired units are never retired again
    const again = await retire(asset.id, { kg: 0.001, beneficiary: 'Gamma' });
    expect(again.status).toBe(409);
    const provenance = (await api.server.http.get(`/api/eco-asset/${asset.id}/provenance`).set(broker())).body as EcoAssetProvenance;
    expect(provenance.retirements.map((r) => [r.beneficiary, r.co2_retired])).toEqual([
      ['Acme Corp', 2.5],
      ['Beta', 6.5],
    ]);
    await expectSoundLedger();
  });

  it('lets racing retirements of one asset retire no more than it issued', async () => {
    const audit = await signedOffAudit([5]);
    const asset = ((await mint({ [audit]: 1 })).body as MintResult).eco_asset;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => retire(asset.id, { kg: 0.1, beneficiary: `B${i}` })));
    // 0.9 kg issued: nine retirements of 0.1 kg, then nothing left
    expect(results.filter((r) => r.status === 200)).toHaveLength(9);
    expect(results.filter((r) => r.status === 409)).toHaveLength(11);
    await expectSoundLedger();
  });
});

describe('provenance and certificate', () => {
  it('traces an asset to its burns with their signature state and raw logs', async () => {
    const audit = await signedOffAudit([3, 4]);
    const asset = ((await mint({ [audit]: 5 })).body as MintResult).eco_asset;
    const res = await api.server.http.get(`/api/eco-asset/${asset.id}/provenance`).set(broker());
    expect(res.status).toBe(200);
    const [allocation] = (res.body as EcoAssetProvenance).allocations;
    // a fixture audit's burns have no raw files in storage: it has no package to quote
    expect(allocation.package_sha256).toBeNull();
    expect(allocation.burns).toHaveLength(2);
    for (const burn of allocation.burns) {
      expect(burn).toMatchObject({ signed: false, key_fingerprint: null });
      expect(burn.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(burn.file_name).toBeTruthy();
    }
  });

  it("quotes the SHA-256 of each audit's verification package, the bytes its download answers", async () => {
    // the seeded business's assets draw on seeded audits, whose files are all in storage
    const available = await api.server.http.get('/api/eco-asset/available_co2').set(broker());
    const facilities = (available.body as AvailableCo2Response).audits_by_facility;
    const [facilityId] = Object.entries(facilities).find(([, f]) => f.audits.some((a) => a.utilised_co2 > 0))!;
    const list = await api.server.http.get(`/api/eco-asset/list?facility_id=${facilityId}`).set(broker());
    // the oldest: the tests above mint more in the same facility from audits of their own
    const seeded = (list.body as { eco_assets: EcoAsset[] }).eco_assets.reduce((a, b) => (a.id < b.id ? a : b));
    const res = await api.server.http.get(`/api/eco-asset/${seeded.id}/provenance`).set(broker());
    expect(res.status).toBe(200);
    const { allocations } = res.body as EcoAssetProvenance;
    expect(allocations.length).toBeGreaterThan(0);
    for (const allocation of allocations) {
      const pkg = await api.server.http.get(`/api/audit/${allocation.signoff_id}/package`).set(broker()).buffer(true).parse(binaryBody);
      expect(pkg.status).toBe(200);
      expect(allocation.package_sha256).toBe(
        createHash('sha256')
          .update(pkg.body as Buffer)
          .digest('hex'),
      );
    }
  });

  it('answers a one-page PDF certificate to whoever reads eco assets', async () => {
    const audit = await signedOffAudit([3]);
    const asset = ((await mint({ [audit]: 2 })).body as MintResult).eco_asset as EcoAsset;
    await retire(asset.id, { kg: 0.5, beneficiary: 'Zoë Ørsted – Ltd', purpose: 'claim' });
    const res = await api.server.http.get(`/api/eco-asset/${asset.id}/certificate`).set(broker()).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['content-disposition']).toContain(`eco-asset-${asset.id}-certificate.pdf`);
    const pdf = await PDFDocument.load(res.body as Buffer);
    expect(pdf.getPageCount()).toBe(1);
    expect((await api.server.http.get('/api/eco-asset/999999/certificate').set(broker())).status).toBe(404);
    for (const user of usersWithout(['superadmin', 'broker']))
      expect((await api.server.http.get(`/api/eco-asset/${asset.id}/certificate`).set(bearer(api.tokens[user]))).status).toBe(403);
  });
});
