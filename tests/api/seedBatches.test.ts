import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_SOIL_DATASET, SIGNING_DEMO_LAB, demoLabPrivateKey } from '../../mock-server/seed/batches';
import { signBytes, verifiesBytes } from '../../mock-server/kilns/kilnKeys';
import { unzipSync } from 'fflate';
import type { PackageManifest } from '../../mock-server/auditPackage/manifest';
import { EXIT, verifyPackage } from '../../mock-server/auditPackage/verify';
import { binaryBody, useTestServer } from '../helpers/testServer';

/**
 * The demo's production evidence (mock-server/seed/batches.ts), on either store: the signed-off
 * audits' burns in batches of one facility, kiln type and feedstock within 31 days, each with a
 * lab result whose certificate is stored and, for the signing laboratory, verifies with its key,
 * values where real biochars lie on both sides of H/C_org 0.40, and end uses within the dry char,
 * all recorded before the audit's signoff, so that its package carries them and verifies.
 */

const api = useTestServer();

describe('the demo seed', () => {
  it("batches the signed-off audits' burns, samples each batch and applies its char to soil", async () => {
    const { data, blobs } = api.server.ctx;
    const batches = await data.batches.list();
    expect(batches.length).toBeGreaterThanOrEqual(2);
    const audited = new Set((await data.audits.history({ facilityIds: null })).flatMap((t) => t.audit.analysis_ids));
    const labs = await data.labs.list();
    expect(labs.map((l) => l.name)).toContain(SIGNING_DEMO_LAB);
    const ratios: number[] = [];
    for (const batch of batches) {
      expect(
        batch.analysis_ids.every((id) => audited.has(id)),
        batch.label,
      ).toBe(true);
      expect(batch.state, batch.label).toBe('sampled');
      const spanDays = (Date.parse(`${batch.last_logts}Z`) - Date.parse(`${batch.first_logts}Z`)) / 86_400_000;
      expect(spanDays, batch.label).toBeLessThanOrEqual(31);
      const [result] = await data.batches.labResults(batch.id);
      const certificate = (await blobs.readAll(result.certificate_key))!;
      expect(createHash('sha256').update(certificate).digest('hex')).toBe(result.certificate_sha256);
      expect(certificate.subarray(0, 5).toString()).toBe('%PDF-');
      const lab = labs.find((l) => l.id === result.lab_id)!;
      expect(result.lab_signed, batch.label).toBe(lab.name === SIGNING_DEMO_LAB);
      if (result.lab_signed) {
        const [key] = await data.labs.keys(lab.id);
        expect(verifiesBytes(key.public_key, certificate, Buffer.from(signBytes(demoLabPrivateKey(lab.name), certificate), 'base64'))).toBe(
          true,
        );
      }
      expect(result.c_org_pct!).toBeGreaterThanOrEqual(50);
      expect(result.c_org_pct!).toBeLessThanOrEqual(85);
      expect(Math.abs(result.c_tot_pct! - result.c_inorg_pct! - result.c_org_pct!)).toBeLessThanOrEqual(0.5);
      expect(result.moisture_pct!).toBeGreaterThanOrEqual(10);
      expect(result.moisture_pct!).toBeLessThanOrEqual(40);
      // exact decimals as a lab reports them, no binary float artefact (0.33999999999999997)
      const reported = [result.c_tot_pct, result.c_inorg_pct, result.c_org_pct, result.h_c_org, result.o_c_org, result.moisture_pct];
      for (const value of [...reported, result.ash_pct, result.volatile_matter_pct])
        expect(String(value), batch.label).toMatch(/^\d+(\.\d{1,2})?$/);
      ratios.push(result.h_c_org!);
      expect(batch.dry_biochar_g).toBe(Math.floor((batch.wet_biochar_g * (100 - result.moisture_pct!)) / 100));
      const uses = await data.batches.endUses(batch.id);
      expect(uses.length).toBeGreaterThan(0);
      expect(uses.reduce((sum, u) => sum + u.dry_g, 0)).toBeLessThanOrEqual(batch.dry_biochar_g!);
      for (const use of uses) {
        expect(use.soil_temp_source).toBe(DEMO_SOIL_DATASET);
        expect(await blobs.readAll(use.evidence_key)).not.toBeNull();
      }
    }
    expect(ratios.some((r) => r > 0.4)).toBe(true);
    expect(ratios.some((r) => r <= 0.4)).toBe(true);
  });
  it("records every batch's evidence before its audit's signoff: each signed-off demo package carries it and verifies", async () => {
    const { data } = api.server.ctx;
    const signedOff = (await data.audits.history({ facilityIds: null })).map((t) => t.audit);
    expect(signedOff.length).toBeGreaterThan(0);
    const packagedBatches = new Set<number>();
    for (const audit of signedOff) {
      const res = await api.server.http.get(`/api/audit/${audit.id}/package`).set(api.as('broker')).buffer(true).parse(binaryBody);
      expect(res.status).toBe(200);
      const manifest = JSON.parse(Buffer.from(unzipSync(res.body as Buffer)['manifest.json']).toString('utf8')) as PackageManifest;
      expect(manifest.batches?.length, audit.job_id).toBeGreaterThan(0);
      for (const batch of manifest.batches!) {
        packagedBatches.add(batch.id);
        expect(batch.lab_results.length, batch.label).toBeGreaterThan(0);
        expect(batch.end_uses.length, batch.label).toBeGreaterThan(0);
        expect(batch.dry_biochar_g, batch.label).toBe((await data.batches.get(batch.id))!.dry_biochar_g);
      }
      expect(manifest.labs?.length, audit.job_id).toBeGreaterThan(0);
      const outcome = await verifyPackage(res.body as Buffer);
      expect(
        outcome.lines.filter((l) => l.startsWith('DIFFERENT')),
        audit.job_id,
      ).toEqual([]);
      expect(outcome.code, audit.job_id).toBe(EXIT.verified);
    }
    expect([...packagedBatches].sort((a, b) => a - b)).toEqual((await data.batches.list()).map((b) => b.id).sort((a, b) => a - b));
  }, 120_000);
});
