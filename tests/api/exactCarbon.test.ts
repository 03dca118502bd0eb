import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableCo2Response, EcoAssetAuditsResponse, EcoAssetListResponse } from '../../src/domain/api/ecoAssets';
import type { AuditedLogsResponse, AuditHistoryResponse, CarbonSummaryResponse } from '../../src/domain/api/audits';
import { toGrams } from '../../src/domain/carbon';
import { bearer, startWithTokens, type TestServer } from '../helpers/testServer';
import type { DemoUsername } from '../helpers/configure';
import { signedOffNewBurns } from '../helpers/signedOffAudits';

/**
 * Carbon over the seeded business, on either store: every CO2 and biochar
 * figure the audit and eco-asset calls answer (what History, its CSV,
 * Minting and Review Eco Assets show) is kg of whole grams, written without
 * float noise, and the figures add up to the gram across the calls: a
 * facility's eco-asset shares (Review Eco Assets), its audits' utilised CO2
 * (Minting) and its months (Facility Carbon Stats) agree.
 */

let server: TestServer;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  ({ server, tokens } = await startWithTokens());
  await noisyAuditAndMints();
});

/**
 * Beside the seed: a signed-off audit whose burns a float sum adds with noise
 * (0.1 + 0.2 + 310.72 + 310.71 + 310.72 = 932.4499999999999), minted from
 * twice (0.1 and 0.2 kg), through the calls the console makes.
 */
async function noisyAuditAndMints(): Promise<void> {
  const data = server.ctx.data;
  const [facility] = await data.facilities.list();
  const audit = await signedOffNewBurns(
    data,
    facility,
    [0.1, 0.2, 310.72, 310.71, 310.72].map((co2) => ({ co2, biochar: co2 / 2 })),
    { jobId: 'NOISE-1', docName: 'noise' },
  );
  for (const [i, kg] of [0.1, 0.2].entries()) {
    const res = await server.http
      .post('/api/eco-asset/mint')
      .set(bearer(tokens.broker))
      .send({ minting_note: 'Noise check', transaction_id: `NOISE-TX-${i}`, co2_utilisation: { [audit.id]: kg } });
    expect(res.status).toBe(200);
  }
}
afterAll(() => server.close());

async function get<T>(url: string): Promise<T> {
  const res = await server.http.get(url).set(bearer(tokens.broker));
  expect(res.status, url).toBe(200);
  return res.body as T;
}

/** kg of whole grams as JSON writes it: at most 3 decimals (1965.92, never 1965.9199999999998) */
function expectExact(kg: number, what: string): void {
  expect(String(kg), what).toMatch(/^\d+(\.\d{1,3})?$/);
}

const grams = (values: readonly number[]) => values.reduce((n, kg) => n + toGrams(kg), 0);

describe('carbon over the seeded business', () => {
  it('answers every figure exactly and sums audits, burns, allocations and summaries to the gram', async () => {
    const available = (await get<AvailableCo2Response>('/api/eco-asset/available_co2')).audits_by_facility;
    const facilityIds = Object.keys(available);
    expect(facilityIds.length).toBeGreaterThan(1);
    const summary = (await get<CarbonSummaryResponse>('/api/co2/summary')).data.facilities;
    let allocationsSeen = 0;

    for (const facilityId of facilityIds) {
      const entry = available[facilityId];
      expectExact(entry.available_co2, `available_co2 of facility ${facilityId}`);
      // available = what remains of each audit, summed in grams
      expect(toGrams(entry.available_co2)).toBe(
        entry.audits.reduce((n, a) => n + Math.max(0, toGrams(a.audited_co2) - toGrams(a.utilised_co2)), 0),
      );

      const history = (await get<AuditHistoryResponse>(`/api/audit/history?facility_id=${facilityId}`)).data;
      expect(history.map((h) => h.id).sort()).toEqual(entry.audits.map((a) => a.signoff_id).sort());
      for (const audit of entry.audits) {
        const item = history.find((h) => h.id === audit.signoff_id)!;
        for (const [name, kg] of Object.entries({
          audited_co2: audit.audited_co2,
          utilised_co2: audit.utilised_co2,
          history_co2: item.audited_co2,
          history_biochar: item.audited_biochar,
        })) {
          expectExact(kg, `${name} of audit ${audit.signoff_id}`);
        }
        expect(item.audited_co2).toBe(audit.audited_co2);
        // the CSV's rows: the audit's frozen burns add up to its audited figures, to the gram
        const { burns } = await get<AuditedLogsResponse>(`/api/audit/audited_logs?audit_id=${audit.signoff_id}`);
        expect(burns.length).toBe(item.log_count);
        for (const b of burns) {
          expectExact(b.co2_removed, `co2_removed of burn ${b.analysis_id}`);
          expectExact(b.biochar_produced, `biochar_produced of burn ${b.analysis_id}`);
        }
        expect(grams(burns.map((b) => b.co2_removed))).toBe(toGrams(item.audited_co2));
        expect(grams(burns.map((b) => b.biochar_produced))).toBe(toGrams(item.audited_biochar));
      }

      // every allocation from this facility's audits adds up to their utilised CO2
      const allocatedGrams = new Map<number, number>();
      const { eco_assets } = await get<EcoAssetListResponse>(`/api/eco-asset/list?facility_id=${facilityId}`);
      for (const asset of eco_assets) {
        expectExact(asset.co2_allocated, `co2_allocated of eco asset ${asset.id}`);
        const { audits } = await get<EcoAssetAuditsResponse>(`/api/eco-asset/audits?id=${asset.id}`);
        for (const al of audits) expectExact(al.co2_allocated, `allocation of eco asset ${asset.id}`);
        expect(grams(audits.map((al) => al.co2_allocated))).toBe(toGrams(asset.co2_allocated));
        for (const al of audits.filter((a) => entry.audits.some((x) => x.signoff_id === a.signoff_id))) {
          allocatedGrams.set(al.signoff_id, (allocatedGrams.get(al.signoff_id) ?? 0) + toGrams(al.co2_allocated));
          allocationsSeen++;
        }
      }
      for (const audit of entry.audits)
        expect(allocatedGrams.get(audit.signoff_id) ?? 0, `utilised of audit ${audit.signoff_id}`).toBe(toGrams(audit.utilised_co2));
      // Review Eco Assets: each allocation names its facility, and the facility's shares add up to its utilised CO2 on Minting
      for (const asset of eco_assets) {
        const { audits } = await get<EcoAssetAuditsResponse>(`/api/eco-asset/audits?id=${asset.id}`);
        for (const al of audits)
          expect(al.facility_id === Number(facilityId)).toBe(entry.audits.some((a) => a.signoff_id === al.signoff_id));
        expect(toGrams(asset.facility_co2)).toBe(
          grams(audits.filter((al) => al.facility_id === Number(facilityId)).map((al) => al.co2_allocated)),
        );
        expect(asset.facility_count).toBe(new Set(audits.map((al) => al.facility_id)).size);
      }
      expect(grams(eco_assets.map((a) => a.facility_co2))).toBe(grams(entry.audits.map((a) => a.utilised_co2)));

      // Facility Carbon Stats: the months add up to the facility's audits
      const months = summary.find((f) => String(f.id) === facilityId)!.data;
      for (const m of months)
        for (const kg of [m.audited_co2, m.utilised_co2, m.audited_biochar]) expectExact(kg, `summary ${m.year}-${m.month}`);
      expect(grams(months.map((m) => m.audited_co2))).toBe(grams(entry.audits.map((a) => a.audited_co2)));
      expect(grams(months.map((m) => m.utilised_co2))).toBe(grams(entry.audits.map((a) => a.utilised_co2)));
      expect(grams(months.map((m) => m.audited_biochar))).toBe(grams(history.map((h) => h.audited_biochar)));
    }
    expect(allocationsSeen).toBeGreaterThan(0);
  });
});
