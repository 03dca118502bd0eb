import type { EcoAssetProvenance, ProvenanceAllocation } from '../../src/domain/api/ecoAssets';
import { sumKg } from '../../src/domain/carbon';
import type { StoreParts } from '../store/dataStore';
import type { EcoAssetRecord } from '../store/records';
import { toEcoAsset } from './ecoAssetView';

/**
 * What an eco asset stands on (beyond the spec: what a buyer or registry asks):
 * each allocation, the signed-off audit it draws on with its statement, and
 * that audit's burns with the numbers frozen at signoff and the analysis
 * version that produced them. Allocations and frozen burns never change, so
 * the chain reads the same every time.
 */
export async function provenanceOf(data: Pick<StoreParts, 'ecoAssets' | 'audits' | 'facilities'>, asset: EcoAssetRecord): Promise<EcoAssetProvenance> {
  const allocations = await data.ecoAssets.allocations(asset.id);
  const chains = await Promise.all(
    allocations.map(async (al): Promise<ProvenanceAllocation> => {
      const [audit, burns, logs] = await Promise.all([data.audits.get(al.audit_id), data.audits.burns(al.audit_id), data.audits.logsOf(al.audit_id)]);
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
        burns: burns.map((b) => ({
          analysis_id: b.kilnlog_id,
          kiln_id: logById.get(b.kilnlog_id)?.kiln_id ?? null,
          logts: logById.get(b.kilnlog_id)?.logts ?? null,
          co2_removed: b.co2_removed,
          biochar_produced: b.biochar_produced,
          algorithm_version: b.algorithm_version,
        })),
      };
    }),
  );
  return { eco_asset: toEcoAsset(asset), allocations: chains };
}
