import { describe, expect, it } from 'vitest';
import { resolveFacility } from '../../mock-server/analysis/config';
import { facilityCreditSettings } from '../../mock-server/batches/credits';
import type { BatchCredits } from '../../src/domain/api/credits';
import { toGrams, toKg } from '../../src/domain/carbon';
import { currentLabResult } from '../../src/domain/methodologies/credits';
import { creditsOf } from '../../src/domain/methodologies/families';
import { usersWithout, type DemoUsername } from '../helpers/configure';
import { useTestServer } from '../helpers/testServer';

/**
 * GET /api/batches/{id}/credits on either store, for the demo batches (mock-server/seed/batches.ts):
 * one result per rulebook, each the pure computation of the batch's evidence as the store holds it
 * (what a verifier recomputes), spec-factor today's figure to the gram, read by every role that reads
 * batches. (The test server checks every answer against openapi.yaml.)
 */

const api = useTestServer();
const http = () => api.server.http;
const READERS: DemoUsername[] = ['superadmin', 'kilnadmin', 'facilityadmin', 'broker'];

const creditsOfBatch = async (id: number, who: DemoUsername = 'superadmin') => http().get(`/api/batches/${id}/credits`).set(api.as(who));

describe('GET /api/batches/{id}/credits', () => {
  it('answers every methodology for each demo batch, as the pure computation of its stored evidence', async () => {
    const { data, rulebooks } = api.server.ctx;
    const batches = await data.batches.list();
    expect(batches.length).toBeGreaterThanOrEqual(2);
    const labs = await data.labs.list();
    let aboveCsiGate = 0;
    for (const batch of batches) {
      const res = await creditsOfBatch(batch.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { results } = res.body as BatchCredits;
      expect(results.map((r) => r.methodology)).toEqual(rulebooks.map((b) => b.id));

      const facility = (await data.facilities.get(batch.facility_id))!;
      const lab = currentLabResult(await data.batches.labResults(batch.id))!;
      const evidence = {
        batch,
        lab: { ...lab, lab_accreditation: labs.find((l) => l.id === lab.lab_id)!.accreditation },
        end_uses: await data.batches.endUses(batch.id),
        facility: facilityCreditSettings(facility),
      };
      expect(results).toEqual(rulebooks.map((book) => JSON.parse(JSON.stringify(creditsOf(book, evidence)))));

      const byId = Object.fromEntries(results.map((r) => [r.methodology, r]));
      const factor = resolveFacility(facility).carbon_removal_factor;
      expect(byId['spec-factor'].net_co2e_g, batch.label).toBe(toGrams(toKg(batch.wet_biochar_g) * factor));
      // the demo facilities set no VM0044 class: low-tech, temperature unmonitored, the Eq. 9 methane default
      expect(byId['vm0044-1.2'].steps.find((s) => s.id === 'persistence')?.value).toBe('0.560000');
      expect(byId['vm0044-1.2'].steps.find((s) => s.id === 'technology_class')?.value).toBe('low-tech');
      expect(Number.isSafeInteger(byId['vm0044-1.2'].net_co2e_g)).toBe(true);
      // no production methane measured in the demo: the methodologies that measure it give no figure
      for (const id of ['puro-2025', 'isometric-1.3', 'rainbow-1.0', 'csi-global-3.3']) {
        expect(byId[id].net_co2e_g, `${batch.label} ${id}`).toBeNull();
        expect(byId[id].missing, id).toContain('methane_g_per_kg (production methane measured)');
      }
      const uses = evidence.end_uses.reduce((n, u) => n + u.dry_g, 0);
      expect(byId['puro-2025'].pending_end_use_g).toBe(batch.dry_biochar_g! - uses);
      const csiGate = byId['csi-global-3.3'].gates.find((g) => g.id === 'h_c_org')!;
      expect(csiGate.pass).toBe(lab.h_c_org! <= 0.4);
      if (!csiGate.pass) aboveCsiGate += 1;
    }
    expect(aboveCsiGate).toBeGreaterThan(0);
  });

  it('is read by every role that reads batches, 403 for the others, 401 without a token, 404 for no batch', async () => {
    const [batch] = await api.server.ctx.data.batches.list();
    for (const who of READERS) expect((await creditsOfBatch(batch.id, who)).status, who).toBe(200);
    for (const who of usersWithout(READERS)) expect((await creditsOfBatch(batch.id, who)).status, who).toBe(403);
    expect((await http().get(`/api/batches/${batch.id}/credits`)).status).toBe(401);
    expect((await creditsOfBatch(999_999)).status).toBe(404);
    expect((await creditsOfBatch(0)).status).toBe(400);
  });
});
