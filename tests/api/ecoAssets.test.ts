import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AvailableCo2Response,
  EcoAsset,
  EcoAssetAuditsResponse,
  EcoAssetProvenance,
  MintPayload,
} from '../../src/domain/api/ecoAssets';
import { toGrams, toKg } from '../../src/domain/carbon';
import { NOTHING_CHOSEN } from '../../src/domain/minting';
import { ALGORITHM_VERSION } from '../../mock-server/analysis/constants';
import { usersWithout } from '../helpers/configure';
import { signedOffNewBurns, type SignedOffAudit } from '../helpers/signedOffAudits';
import { bearer, useTestServer } from '../helpers/testServer';
import { addFacility, addLogs } from '../store/fixtures';

/**
 * The eco-asset calls over HTTP, on either store: the signed-off audits they
 * draw on are made through the store interface (propose, then signoff).
 */

const api = useTestServer();

let jobs = 0;
/** A signed-off audit of new burns of one seeded facility, with these CO2 figures (kg). */
async function signedOffAudit(facilityId: number, co2: number[]): Promise<SignedOffAudit & { jobId: string }> {
  const data = api.server.ctx.data;
  const facility = (await data.facilities.get(facilityId))!;
  const jobId = `ECO-TEST-${++jobs}`;
  const audit = await signedOffNewBurns(
    data,
    facility,
    co2.map((kg) => ({ co2: kg })),
    { jobId, docName: 'eco-test' },
  );
  return { ...audit, jobId };
}

const broker = () => bearer(api.tokens.broker);
let transactions = 0;
const payload = (co2: Record<number, number>, overrides: Partial<MintPayload> = {}): MintPayload => ({
  minting_note: 'Batch for a buyer',
  transaction_id: `TX-API-${++transactions}`,
  co2_utilisation: Object.fromEntries(Object.entries(co2)),
  ...overrides,
});
const mint = (body: unknown) =>
  api.server.http
    .post('/api/eco-asset/mint')
    .set(broker())
    .send(body as object);

async function available(): Promise<AvailableCo2Response['audits_by_facility']> {
  const res = await api.server.http.get('/api/eco-asset/available_co2').set(broker());
  expect(res.status).toBe(200);
  return (res.body as AvailableCo2Response).audits_by_facility;
}

/** kg left of one audit, as the Minting page reads it */
async function left(auditId: number): Promise<number> {
  for (const entry of Object.values(await available())) {
    const audit = entry.audits.find((a) => a.signoff_id === auditId);
    if (audit) return toKg(toGrams(audit.audited_co2) - toGrams(audit.utilised_co2));
  }
  throw new Error(`audit ${auditId} is not available`);
}

describe('the demo data', () => {
  it('holds a few eco assets minted from the seeded audits, within what each audit holds', async () => {
    const facilities = await available();
    const used = Object.values(facilities).flatMap((f) => f.audits.filter((a) => a.utilised_co2 > 0));
    expect(used.length).toBeGreaterThan(0);
    for (const audit of used) expect(toGrams(audit.utilised_co2)).toBeLessThanOrEqual(toGrams(audit.audited_co2));
    const [facilityId] = Object.entries(facilities).find(([, f]) => f.audits.some((a) => a.utilised_co2 > 0))!;
    const list = await api.server.http.get(`/api/eco-asset/list?facility_id=${facilityId}`).set(broker());
    expect((list.body as { eco_assets: EcoAsset[] }).eco_assets.length).toBeGreaterThan(0);
  });
});

describe('eco-asset calls: who may make them', () => {
  const calls = [
    ['GET', '/api/eco-asset/available_co2', ['superadmin', 'broker']],
    ['POST', '/api/eco-asset/mint', ['superadmin', 'broker']],
    ['GET', '/api/eco-asset/list?facility_id=1', ['superadmin', 'broker']],
    ['GET', '/api/eco-asset/audits?id=1', ['superadmin', 'broker']],
    ['GET', '/api/eco-asset/1/provenance', ['superadmin', 'broker']],
  ] as const;

  it.each(calls)('%s %s answers 401 without a valid token', async (method, path) => {
    const call = method === 'GET' ? api.server.http.get(path) : api.server.http.post(path).send(payload({ 1: 1 }));
    expect((await call).status).toBe(401);
    const forged = method === 'GET' ? api.server.http.get(path) : api.server.http.post(path).send(payload({ 1: 1 }));
    expect((await forged.set(bearer('not.a.token'))).status).toBe(401);
  });

  it.each(calls)('%s %s answers 403 to every role without the eco-asset rule', async (method, path, allowed) => {
    for (const who of usersWithout(allowed)) {
      const call = method === 'GET' ? api.server.http.get(path) : api.server.http.post(path).send(payload({ 1: 1 }));
      const res = await call.set(bearer(api.tokens[who]));
      expect(res.status, who).toBe(403);
    }
  });
});

describe('POST /api/eco-asset/mint', () => {
  let nrb: { id: number; jobId: string };
  let second: { id: number; jobId: string };
  beforeAll(async () => {
    nrb = await signedOffAudit(1, [120.5, 80.25]);
    second = await signedOffAudit(2, [60]);
  });

  it('mints from two audits of two facilities: the asset, its allocations, both lists and the CO2 left', async () => {
    const before = await available();
    expect(before['1'].audits.find((a) => a.signoff_id === nrb.id)).toMatchObject({
      audited_co2: 200.75,
      utilised_co2: 0,
      job_id: nrb.jobId,
    });
    const res = await mint(
      payload({ [nrb.id]: 50.125, [second.id]: 10 }, { minting_note: '  Forward sale  ', transaction_id: ' 0xFEED-1 ' }),
    );
    expect(res.status).toBe(200);
    const asset = (res.body as { status: number; eco_asset: EcoAsset }).eco_asset;
    expect(res.body.status).toBe(1);
    expect(asset).toMatchObject({ minting_note: 'Forward sale', transaction_id: '0xFEED-1', co2_allocated: 60.125 });

    expect(await left(nrb.id)).toBe(150.625);
    expect(await left(second.id)).toBe(50);
    const after = await available();
    // a facility's available_co2 is what remains over all its audits
    for (const id of ['1', '2']) {
      expect(toGrams(before[id].available_co2) - toGrams(after[id].available_co2)).toBe(id === '1' ? 50125 : 10000);
    }

    for (const facilityId of [1, 2]) {
      const list = await api.server.http.get(`/api/eco-asset/list?facility_id=${facilityId}`).set(broker());
      expect(list.status).toBe(200);
      expect((list.body as { eco_assets: EcoAsset[] }).eco_assets.map((e) => e.id)).toContain(asset.id);
    }
    const audits = await api.server.http.get(`/api/eco-asset/audits?id=${asset.id}`).set(broker());
    expect(audits.status).toBe(200);
    expect((audits.body as EcoAssetAuditsResponse).audits).toEqual([
      expect.objectContaining({
        signoff_id: nrb.id,
        co2_allocated: 50.125,
        job_id: nrb.jobId,
        doc_key: `audit-evidence/eco-test-${nrb.id}.pdf`,
        evidence_mime_type: 'application/pdf',
      }),
      expect.objectContaining({ signoff_id: second.id, co2_allocated: 10, job_id: second.jobId }),
    ]);
    // carbon summaries count what was allocated as utilised
    const utilisedAt = async (facilityId: number) => {
      const res = await api.server.http.get('/api/co2/summary').set(broker());
      expect(res.status).toBe(200);
      const facility = (res.body.data.facilities as { id: number; data: { utilised_co2: number }[] }[]).find((f) => f.id === facilityId)!;
      return facility.data.reduce((n, row) => n + toGrams(row.utilised_co2), 0);
    };
    const summed = await utilisedAt(2);
    await mint(payload({ [second.id]: 0.5 }));
    expect(await utilisedAt(2)).toBe(summed + 500);
    expect(await left(second.id)).toBe(49.5);
  });

  it.each([
    ['a blank minting note', { minting_note: '   ' }, 'minting_note'],
    ['a blank transaction ID', { transaction_id: '' }, 'transaction_id'],
    ['a note too long', { minting_note: 'x'.repeat(501) }, 'minting_note'],
  ])('answers 400 for %s, naming the field', async (_what, overrides, field) => {
    const res = await mint(payload({ [nrb.id]: 1 }, overrides));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('answers 400 with the spec sentence when no amount is chosen, and for an amount of 0, below 0, of more than 3 decimals or for no audit id', async () => {
    const none = await mint(payload({}));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(NOTHING_CHOSEN);
    for (const [amount, words] of [
      [0, 'must be greater than 0'],
      [-5, 'must be greater than 0'],
      [1.0001, 'may have at most 3 decimals'],
    ] as const) {
      const res = await mint(payload({ [nrb.id]: amount }));
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.message).toContain(`The amount for audit ${nrb.id} ${words}`);
      expect(res.body.errors).toHaveProperty(`co2_utilisation.${nrb.id}`);
    }
    const notAnId = await mint({ ...payload({}), co2_utilisation: { abc: 1 } });
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.errors).toHaveProperty('co2_utilisation.abc');
    // the contract refuses other shapes
    expect((await mint({ ...payload({}), co2_utilisation: { [nrb.id]: '5' } })).status).toBe(400);
    expect((await mint({ ...payload({ [nrb.id]: 1 }), extra: 1 })).status).toBe(400);
    expect((await mint({ minting_note: 'n', co2_utilisation: { [nrb.id]: 1 } })).status).toBe(400);
    expect(await left(nrb.id)).toBe(150.625);
  });

  it('answers 409 naming the audit for more than remains, an unknown or unsigned audit, all or nothing', async () => {
    const over = await mint(payload({ [second.id]: 49.501 }));
    expect(over.status).toBe(409);
    expect(over.body.message).toContain(`audit ${second.id} has 49.5 kg left`);
    // one amount fits, the other does not: neither is allocated
    const mixed = await mint(payload({ [nrb.id]: 1, [second.id]: 51 }));
    expect(mixed.status).toBe(409);
    expect(mixed.body.message).toContain(`audit ${second.id}`);
    expect(mixed.body.message).not.toContain(`audit ${nrb.id}`);
    const unknown = await mint(payload({ 999999: 1 }));
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toContain('audit 999999 is not signed off');
    const facility = (await api.server.ctx.data.facilities.get(1))!;
    const [log] = await addLogs(api.server.ctx.data, [{ facility, co2: 5, algorithmVersion: ALGORITHM_VERSION }]);
    const open = await api.server.ctx.data.audits.propose({
      job_id: 'OPEN',
      kiln_type: 0,
      facility_id: 1,
      analysis_ids: [log.id],
      create_ts: new Date().toISOString(),
      proposed_by: 1,
      algorithm_version: ALGORITHM_VERSION,
    });
    const unsigned = await mint(payload({ [open.id]: 1 }));
    expect(unsigned.status).toBe(409);
    expect(unsigned.body.message).toContain(`audit ${open.id} is not signed off`);
    expect(await left(nrb.id)).toBe(150.625);
    expect(await left(second.id)).toBe(49.5);
  });

  it('answers 409 for a transaction ID already used, whatever its case', async () => {
    const first = await mint(payload({ [nrb.id]: 0.625 }, { transaction_id: 'REG-2026-7' }));
    expect(first.status).toBe(200);
    const again = await mint(payload({ [nrb.id]: 1 }, { transaction_id: 'reg-2026-7' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('reg-2026-7');
    expect(await left(nrb.id)).toBe(150);
  });

  // L7 of the 2026-11-25 review: "T-18b\u200b" was a second T-18b
  it.each([
    ['a zero-width space', 'REG-2026-8\u200b'],
    ['a right-to-left override', 'REG-\u202e2026-8'],
    ['a line break inside', 'REG-2026\n-8'],
    ['a soft hyphen', 'REG-20\u00ad26-8'],
  ])('answers 400 naming transaction_id for an ID holding %s', async (_what, transactionId) => {
    const res = await mint(payload({ [nrb.id]: 1 }, { transaction_id: transactionId }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      transaction_id: expect.stringMatching(/^transaction_id may not contain invisible or control characters/),
    });
    expect(await left(nrb.id)).toBe(150);
  });

  it('compares transaction IDs after NFKC and case folding, in the route and in the store itself', async () => {
    const first = await mint(payload({ [nrb.id]: 0.5 }, { transaction_id: 'Straße-T18b' }));
    expect(first.status).toBe(200);
    for (const twin of ['STRASSE-t18b', 'Ｓｔｒａßｅ-Ｔ18ｂ', '\u00a0straße-t18b\u00a0']) {
      const res = await mint(payload({ [nrb.id]: 0.5 }, { transaction_id: twin }));
      expect(res.status, twin).toBe(409);
    }
    // the store's own uniqueness (the unique index on PostgreSQL) drops invisible characters too
    const store = api.server.ctx.data.ecoAssets.mint({
      minting_note: 'n',
      transaction_id: 'Straße-T18b\u200b',
      allocations: new Map([[nrb.id, 0.5]]),
      minted_ts: new Date().toISOString(),
      minted_by: 1,
    });
    await expect(store).rejects.toMatchObject({ kind: 'conflict' });
    expect(await left(nrb.id)).toBe(149.5);
  });

  // L4 of the 2026-11-25 review: 85,000 allocations stalled the embedded store and were a 500 on PostgreSQL
  it('answers 400 for a mint drawing on more than 200 audits, allocating nothing', async () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i + 1), 1]));
    const before = await left(nrb.id);
    const over = await mint(payload(many(201)));
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/^co2_utilisation .*200/);
    const huge = await mint(payload(many(85_000)));
    expect(huge.status).toBe(400);
    expect(huge.body.message).toMatch(/^co2_utilisation .*200/);
    expect(huge.text.length).toBeLessThan(1000);
    expect(await left(nrb.id)).toBe(before);
  });

  it('lets 50 concurrent mints on one audit allocate no more than it holds', async () => {
    const audit = await signedOffAudit(3, [123.457]);
    const share = toKg(Math.floor(toGrams(123.457) / 10));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => mint(payload({ [audit.id]: share }, { minting_note: `race ${i}` }))),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(10);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toContain(`audit ${audit.id}`);
    }
    expect(await left(audit.id)).toBe(toKg(toGrams(123.457) - 10 * toGrams(share)));
    const allocated = await Promise.all(
      won.map((r) => api.server.ctx.data.ecoAssets.allocations((r.body as { eco_asset: EcoAsset }).eco_asset.id)),
    );
    expect(allocated.flat().reduce((n, al) => n + toGrams(al.co2_allocated), 0)).toBeLessThanOrEqual(toGrams(123.457));
  });
});

describe('GET /api/eco-asset/list, /audits and /{id}/provenance', () => {
  it('answers 400 for a facility or eco asset id that is not one, 404 for an unknown one', async () => {
    expect((await api.server.http.get('/api/eco-asset/list').set(broker())).status).toBe(400);
    expect((await api.server.http.get('/api/eco-asset/list?facility_id=abc').set(broker())).status).toBe(400);
    expect((await api.server.http.get('/api/eco-asset/list?facility_id=0').set(broker())).status).toBe(400);
    expect((await api.server.http.get('/api/eco-asset/list?facility_id=9999').set(broker())).status).toBe(404);
    expect((await api.server.http.get('/api/eco-asset/audits').set(broker())).status).toBe(400);
    expect((await api.server.http.get('/api/eco-asset/audits?id=9999').set(broker())).status).toBe(404);
    expect((await api.server.http.get('/api/eco-asset/9999/provenance').set(broker())).status).toBe(404);
    expect((await api.server.http.get('/api/eco-asset/x/provenance').set(broker())).status).toBe(400);
  });

  it('answers a facility with no eco asset with an empty list', async () => {
    const facility = await addFacility(api.server.ctx.data, 'ECOEMPTY');
    const res = await api.server.http.get(`/api/eco-asset/list?facility_id=${facility.id}`).set(broker());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ eco_assets: [] });
  });

  it('traces an eco asset to its audits and their burns, with the frozen numbers and analysis versions', async () => {
    const a = await signedOffAudit(1, [10.5, 20.25]);
    const b = await signedOffAudit(2, [7]);
    // the burns' analysis changes after signoff: the provenance keeps the signed-off numbers
    await api.server.ctx.data.kilnLogs.update(a.burnIds[0], { analysis_detail: { co2_removed: 999, biochar_produced: 1 } });
    const minted = await mint(payload({ [a.id]: 30, [b.id]: 2.5 }));
    const id = (minted.body as { eco_asset: EcoAsset }).eco_asset.id;
    const res = await api.server.http.get(`/api/eco-asset/${id}/provenance`).set(broker());
    expect(res.status).toBe(200);
    const chain = res.body as EcoAssetProvenance;
    expect(chain.eco_asset).toMatchObject({ id, co2_allocated: 32.5 });
    expect(chain.allocations.map((al) => [al.signoff_id, al.co2_allocated, al.audited_co2, al.facility_id, al.job_id])).toEqual([
      [a.id, 30, 30.75, 1, a.jobId],
      [b.id, 2.5, 7, 2, b.jobId],
    ]);
    expect(chain.allocations[0].burns.map((x) => [x.analysis_id, x.co2_removed, x.algorithm_version])).toEqual([
      [a.burnIds[0], 10.5, ALGORITHM_VERSION],
      [a.burnIds[1], 20.25, ALGORITHM_VERSION],
    ]);
    expect(chain.allocations[0].facility_name).toBe((await api.server.ctx.data.facilities.get(1))!.name);
  });
});
