import type { EcoAssetProvenance, ProvenanceAllocation } from '../../src/domain/api/ecoAssets';
import { sumKg } from '../../src/domain/carbon';
import type { AppContext } from '../context';
import type { EcoAssetRecord } from '../store/model';
import { auditPackageDigest } from './certificate';
import { toEcoAsset, toEcoRetirement } from './ecoAssetView';

/**
 * A log's signature state: kilns that sign their logs mark them signed with
 * their key's fingerprint; a log without those fields (from before kilns
 * signed, or an unsigned one) is unsigned.
 */
function signatureOf(log: object | undefined): { signed: boolean; key_fingerprint: string | null } {
  const fields: { signed?: unknown; key_fingerprint?: unknown } = log ?? {};
  const signed = fields.signed === true;
  return { signed, key_fingerprint: signed && typeof fields.key_fingerprint === 'string' ? fields.key_fingerprint : null };
}

/**
 * What an eco asset stands on (beyond the spec: what a buyer or registry asks):
 * each allocation, the signed-off audit it draws on with its statement, and
 * that audit's burns with the numbers frozen at signoff and the analysis
 * version that produced them. Allocations and frozen burns never change, so
 * the chain reads the same every time. Its retirements come with it.
 */
export async function provenanceOf(
  ctx: Pick<AppContext, 'data' | 'blobs' | 'signer' | 'config'>,
  asset: EcoAssetRecord,
): Promise<EcoAssetProvenance> {
  const { data } = ctx;
  const [allocations, retirements] = await Promise.all([data.ecoAssets.allocations(asset.id), data.ecoAssets.retirements(asset.id)]);
  const chains = await Promise.all(
    allocations.map(async (al): Promise<ProvenanceAllocation> => {
      const [audit, burns, logs, packageSha256] = await Promise.all([
        data.audits.get(al.audit_id),
        data.audits.burns(al.audit_id),
        data.audits.logsOf(al.audit_id),
        auditPackageDigest(ctx, al.audit_id),
      ]);
      const facility = audit ? await data.facilities.get(audit.facility_id) : null;
      const logById = new Map(logs.map((l) => [l.id, l]));
      return {
        signoff_id: al.audit_id,
        co2_allocated: al.co2_allocated,
        job_id: al.job_id,
        kiln_type: audit?.kiln_type ?? -1,
        facility_id: audit?.facility_id ?? 0,
        facility_name: facility?.name ?? '',
        signoff_ts: al.signoff_ts,
        doc_key: al.doc_key,
        evidence_mime_type: al.evidence_mime_type,
        audited_co2: sumKg(burns.map((b) => b.co2_removed)),
        package_sha256: packageSha256,
        burns: burns.map((b) => {
          const log = logById.get(b.kilnlog_id);
          return {
            analysis_id: b.kilnlog_id,
            kiln_id: log?.kiln_id ?? null,
            logts: log?.logts ?? null,
            file_name: log?.file_name ?? null,
            sha256: log?.sha256 ?? null,
            ...signatureOf(log),
            co2_removed: b.co2_removed,
            biochar_produced: b.biochar_produced,
            algorithm_version: b.algorithm_version,
          };
        }),
      };
    }),
  );
  return { eco_asset: toEcoAsset(asset), retirements: retirements.map(toEcoRetirement), allocations: chains };
}
