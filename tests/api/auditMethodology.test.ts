import { describe, expect, it } from 'vitest';
import type { AuditLog, PotentialLogsResponse, ProposedAuditsResponse } from '../../src/domain/api/audits';
import type { Batch } from '../../src/domain/api/batches';
import type { AuditCredits } from '../../src/domain/api/credits';
import type { AvailableCo2Response } from '../../src/domain/api/ecoAssets';
import { sumKg, toGrams, toKg } from '../../src/domain/carbon';
import { TINY_PDF, usersWithout, type DemoUsername } from '../helpers/configure';
import { labValues } from '../helpers/labValues';
import { useTestServer } from '../helpers/testServer';

/**
 * An audit credited under a methodology (issue 44), over HTTP on either store: proposed with
 * `methodology` (absent: spec-factor, the spec's flow and figure unchanged), refused with a 400
 * naming `methodology` for an unknown id or burns whose batches the methodology cannot credit;
 * signed off, it freezes each batch's figure with the rulebook's version and SHA-256, mints
 * exactly that figure, and keeps it when a lab result is superseded afterwards.
 */

const api = useTestServer({ demoLogCount: 120 });
const http = () => api.server.http;
const as = api.as;
const METHOD = 'vm0044-1.2';
const READERS: DemoUsername[] = ['superadmin', 'kilnadmin', 'facilityadmin', 'broker'];

let jobs = 0;
const propose = (ids: number[], methodology?: string) =>
  http()
    .post('/api/audit/propose')
    .query({ job_id: `METHOD-${++jobs}`, kiln_type: -1, ...(methodology === undefined ? {} : { methodology }) })
    .set(as('kilnadmin'))
    .send({ analysis_ids: ids });

const signoff = (auditId: number, ids: number[]) => {
  let req = http().post('/api/audit/signoff').set(as('superadmin')).field('proposed_audit_id', String(auditId));
  for (const id of ids) req = req.field('analysis_ids', String(id));
  return req.field('file_type', 'pdf').attach('file', TINY_PDF, 'statement.pdf');
};

const creditsOf = async (auditId: number, who: DemoUsername = 'broker') => {
  const res = await http().get(`/api/audit/${auditId}/credits`).set(as(who));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AuditCredits;
};

const availableOf = async (auditId: number) => {
  const res = await http().get('/api/eco-asset/available_co2').set(as('broker'));
  expect(res.status).toBe(200);
  const audits = Object.values((res.body as AvailableCo2Response).audits_by_facility).flatMap((f) => f.audits);
  return audits.find((a) => a.signoff_id === auditId)!;
};

const mint = (auditId: number, kg: number) =>
  http()
    .post('/api/eco-asset/mint')
    .set(as('broker'))
    .send({ minting_note: 'methodology test', transaction_id: `TX-METHOD-${++jobs}`, co2_utilisation: { [auditId]: kg } });

/** free burns of one facility and kiln type within 31 days of the first, n of them */
async function freeBurns(n: number): Promise<AuditLog[]> {
  const res = await http().get('/api/audit/potential_logs').query({ kiln_type: -1 }).set(as('kilnadmin'));
  const batched = new Set((await api.server.ctx.data.batches.list()).flatMap((b) => b.analysis_ids));
  const groups = new Map<string, AuditLog[]>();
  for (const log of (res.body as PotentialLogsResponse).data.filter((l) => !batched.has(l.id))) {
    const key = `${log.facility_id}/${log.type}`;
    groups.set(key, [...(groups.get(key) ?? []), log]);
  }
  const MONTH_MS = 30 * 24 * 3600 * 1000;
  const ms = (log: AuditLog) => Date.parse(`${log.logts}Z`);
  // the first run of n burns within a month, in any group
  for (const logs of groups.values()) {
    const sorted = [...logs].sort((a, b) => ms(a) - ms(b));
    for (let i = 0; i + n <= sorted.length; i++) if (ms(sorted[i + n - 1]) - ms(sorted[i]) <= MONTH_MS) return sorted.slice(i, i + n);
  }
  throw new Error(`no facility has ${n} free burns of one type within a month`);
}

const fields = <T extends { field(name: string, value: string): T }>(req: T, values: Record<string, unknown>): T => {
  let r = req;
  for (const [name, value] of Object.entries(values)) for (const v of Array.isArray(value) ? value : [value]) r = r.field(name, String(v));
  return r;
};

let labs = 0;
/** a batch of the burns, sampled by a lab, its dry char all applied to soil */
async function creditedBatch(burns: AuditLog[]): Promise<Batch> {
  const created = await http()
    .post('/api/batches')
    .set(as('kilnadmin'))
    .send({
      label: `Methodology batch ${burns[0].id}`,
      facility_id: burns[0].facility_id,
      kiln_type: burns[0].type,
      feedstock: 'wood',
      analysis_ids: burns.map((b) => b.id),
    });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const lab = await http()
    .post('/api/labs')
    .set(as('superadmin'))
    .send({ name: `Methodology Lab ${++labs}`, accreditation: 'ISO/IEC 17025 TEST-0044' });
  expect(lab.status, JSON.stringify(lab.body)).toBe(201);
  const result = await fields(http().post(`/api/batches/${created.body.id}/lab-results`).set(as('kilnadmin')), {
    sample_id: `M-${created.body.id}`,
    lab_id: lab.body.id,
    ...labValues(),
  }).attach('certificate', TINY_PDF, 'certificate.pdf');
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  const batch = (await http().get(`/api/batches/${created.body.id}`).set(as('kilnadmin'))).body as Batch;
  const use = await fields(http().post(`/api/batches/${batch.id}/end-uses`).set(as('kilnadmin')), {
    kind: 'soil_application',
    dry_g: batch.dry_biochar_g,
    date: '2026-05-10',
    latitude: -1.29,
    longitude: 36.82,
    soil_temp_c: 21.4,
    soil_temp_source: 'measured',
    recipient: 'Methodology farm',
  }).attach('evidence', TINY_PDF, 'delivery.pdf');
  expect(use.status, JSON.stringify(use.body)).toBe(201);
  return batch;
}

describe('an audit under a methodology', () => {
  it('without methodology is spec-factor: the spec flow, its burns figure, nothing frozen', async () => {
    const burns = await freeBurns(2);
    const res = await propose(burns.map((b) => b.id));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ methodology: 'spec-factor', methodology_version: 1 });
    const open = (await http().get('/api/dropdowns/audits').set(as('kilnadmin'))).body as ProposedAuditsResponse;
    expect(open.data.find((p) => p.id === res.body.id)).toMatchObject({ methodology: 'spec-factor', methodology_version: 1 });
    const signed = await signoff(res.body.id, res.body.analysis_ids);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const co2 = sumKg(burns.map((b) => b.analysis_detail!.co2_removed));
    expect(signed.body.audited_co2).toBe(co2);
    expect(await availableOf(res.body.id)).toMatchObject({ audited_co2: co2, methodology: 'spec-factor', methodology_version: 1 });
    const credits = await creditsOf(res.body.id);
    expect(credits).toMatchObject({ methodology: 'spec-factor', methodology_version: 1, frozen: [] });
    expect(credits.unbatched_ids.sort()).toEqual(burns.map((b) => b.id).sort());
  });

  it('refuses an unknown methodology with a 400 naming methodology, and proposes nothing', async () => {
    const burns = await freeBurns(1);
    for (const bad of ['nope', '', 'SPEC-FACTOR']) {
      const res = await propose([burns[0].id], bad);
      expect(res.status, bad).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), bad).toEqual(['methodology']);
    }
    const again = await freeBurns(1);
    expect(again[0].id).toBe(burns[0].id);
  });

  it('refuses burns in no batch, part of a batch, or a batch missing inputs, saying which batch lacks what', async () => {
    const loose = await freeBurns(1);
    const noBatch = await propose([loose[0].id], METHOD);
    expect(noBatch.status).toBe(400);
    expect(noBatch.body.errors.methodology).toMatch(/in no batch/);

    const burns = await freeBurns(2);
    const batch = await http()
      .post('/api/batches')
      .set(as('kilnadmin'))
      .send({
        label: 'Unsampled',
        facility_id: burns[0].facility_id,
        kiln_type: burns[0].type,
        feedstock: 'wood',
        analysis_ids: burns.map((b) => b.id),
      });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    const part = await propose([burns[0].id], METHOD);
    expect(part.status).toBe(400);
    expect(part.body.errors.methodology).toMatch(/also holds burn \d+, not selected/);
    const unsampled = await propose(
      burns.map((b) => b.id),
      'puro-2025',
    );
    expect(unsampled.status).toBe(400);
    expect(unsampled.body.errors.methodology).toMatch(/batch Unsampled \(\d+\) lacks .*C_org/);
    // spec-factor takes them as ever
    expect((await propose(burns.map((b) => b.id))).status).toBe(201);
  });

  it('freezes each batch figure at signoff, mints exactly it, and keeps it when a lab result is superseded', async () => {
    const burns = await freeBurns(2);
    const batch = await creditedBatch(burns);
    const book = api.server.ctx.rulebooks.find((b) => b.id === METHOD)!;
    const proposed = await propose(
      burns.map((b) => b.id),
      METHOD,
    );
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    expect(proposed.body).toMatchObject({ methodology: METHOD, methodology_version: book.version });

    const before = await creditsOf(proposed.body.id);
    const live = before.results.find((r) => r.methodology === METHOD && r.batch_id === batch.id)!;
    expect(live).toMatchObject({ eligible: true, missing: [], batch_label: batch.label });
    expect(before.results.filter((r) => r.batch_id === batch.id).map((r) => r.methodology)).toEqual(
      api.server.ctx.rulebooks.map((b) => b.id),
    );
    expect(before.frozen).toEqual([]);
    const grams = live.net_co2e_g!;
    expect(Number.isSafeInteger(grams) && grams > 0).toBe(true);
    // the methodology credits something else than the burns' factor
    expect(grams).not.toBe(toGrams(sumKg(burns.map((b) => b.analysis_detail!.co2_removed))));

    const signed = await signoff(proposed.body.id, proposed.body.analysis_ids);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.audited_co2).toBe(toKg(grams));
    const frozen = [
      { batch_id: batch.id, methodology: METHOD, methodology_version: book.version, rulebook_sha256: book.sha256, net_co2e_g: grams },
    ];
    expect((await creditsOf(proposed.body.id)).frozen).toEqual(frozen);
    expect(await availableOf(proposed.body.id)).toMatchObject({ audited_co2: toKg(grams), utilised_co2: 0, methodology: METHOD });

    // a correction of the lab result changes the live computation, never the frozen figure
    const [first] = (await http().get(`/api/batches/${batch.id}/lab-results`).set(as('kilnadmin'))).body as {
      id: number;
      lab_id: number;
    }[];
    const corrected = await fields(http().post(`/api/batches/${batch.id}/lab-results`).set(as('kilnadmin')), {
      sample_id: 'M-corrected',
      lab_id: first.lab_id,
      supersedes: first.id,
      ...labValues(),
      c_tot_pct: 70,
      c_org_pct: 65,
    }).attach('certificate', TINY_PDF, 'certificate.pdf');
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201);
    const after = await creditsOf(proposed.body.id);
    expect(after.results.find((r) => r.methodology === METHOD && r.batch_id === batch.id)!.net_co2e_g).not.toBe(grams);
    expect(after.frozen).toEqual(frozen);
    expect((await availableOf(proposed.body.id)).audited_co2).toBe(toKg(grams));

    // minting draws exactly the frozen figure: a gram more is refused, the figure itself is taken
    expect((await mint(proposed.body.id, toKg(grams + 1))).status).toBe(409);
    const minted = await mint(proposed.body.id, toKg(grams));
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    expect(minted.body.eco_asset.co2_allocated).toBe(toKg(grams));
    expect(await availableOf(proposed.body.id)).toMatchObject({ audited_co2: toKg(grams), utilised_co2: toKg(grams) });
  });

  it('is read by every role that reads batches, 403 for the others, 404 for no audit', async () => {
    // one of facility 1, the demo facility admin's
    const { id } = ((await http().get('/api/dropdowns/audits').set(as('facilityadmin'))).body as ProposedAuditsResponse).data[0];
    for (const who of READERS) expect((await http().get(`/api/audit/${id}/credits`).set(as(who))).status, who).toBe(200);
    for (const who of usersWithout(READERS)) expect((await http().get(`/api/audit/${id}/credits`).set(as(who))).status, who).toBe(403);
    expect((await http().get(`/api/audit/${id}/credits`)).status).toBe(401);
    expect((await http().get('/api/audit/999999/credits').set(as('superadmin'))).status).toBe(404);
  });
});
