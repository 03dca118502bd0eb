import type { AuditAllocation, AvailableCo2Response, EcoAsset, EcoRetirement, FacilityEcoAsset } from '../../src/domain/api/ecoAssets';
import { sumKg, toGrams, toKg } from '../../src/domain/carbon';
import type { AllocationWithAudit, EcoAssetStore } from '../store/dataStore';
import type { EcoAssetRecord, EcoRetirementRecord } from '../store/model';

/** The answers of the eco-asset calls (docs/product.md#eco-asset), made from the store's records. */

export const toEcoAsset = (e: EcoAssetRecord): EcoAsset => ({
  id: e.id,
  minting_note: e.minting_note,
  transaction_id: e.transaction_id,
  co2_allocated: e.co2_allocated,
  co2_issued: e.co2_issued,
  co2_buffer: e.co2_buffer,
  co2_retired: e.co2_retired,
  serial_first: e.serial_first,
  serial_last: e.serial_last,
  buffer_serial_first: e.buffer_serial_first,
  buffer_serial_last: e.buffer_serial_last,
  minted_ts: e.minted_ts,
});

export const toEcoRetirement = (r: EcoRetirementRecord): EcoRetirement => ({
  id: r.id,
  eco_asset_id: r.eco_asset_id,
  co2_retired: r.co2_retired,
  serial_first: r.serial_first,
  serial_last: r.serial_last,
  beneficiary: r.beneficiary,
  purpose: r.purpose,
  retired_ts: r.retired_ts,
});

type Available = Awaited<ReturnType<EcoAssetStore['available']>>;

/** An eco asset in one facility's list: the part its allocations draw from that facility, and how many facilities it spans. */
export const toFacilityEcoAsset = (
  e: EcoAssetRecord,
  allocations: readonly AllocationWithAudit[],
  facilityId: number,
): FacilityEcoAsset => ({
  ...toEcoAsset(e),
  facility_co2: sumKg(allocations.filter((al) => al.facility_id === facilityId).map((al) => al.co2_allocated)),
  facility_count: new Set(allocations.map((al) => al.facility_id)).size,
});

/** docs/product.md#available-co2-response: per facility its signed-off audits and the kg left over all of them. */
export function toAvailableCo2(rows: Available): AvailableCo2Response {
  const byFacility: AvailableCo2Response['audits_by_facility'] = {};
  const leftGrams = new Map<number, number>();
  for (const row of rows) {
    const facilityId = row.audit.facility_id;
    const entry = (byFacility[String(facilityId)] ??= { facility_name: row.facility_name, available_co2: 0, audits: [] });
    entry.audits.push({
      signoff_id: row.audit.id,
      audited_co2: row.audited_co2,
      utilised_co2: row.utilised_co2,
      signoff_ts: row.audit.signoff_ts ?? '',
      job_id: row.audit.job_id,
      methodology: row.audit.methodology,
      methodology_version: row.audit.methodology_version,
    });
    leftGrams.set(facilityId, (leftGrams.get(facilityId) ?? 0) + Math.max(0, toGrams(row.remaining_co2)));
  }
  for (const [facilityId, grams] of leftGrams) byFacility[String(facilityId)].available_co2 = toKg(grams);
  return { audits_by_facility: byFacility };
}

/** docs/product.md#audit-allocation, with the audit's job id and facility for the review's accordion. */
export const toAuditAllocation = (al: AllocationWithAudit): AuditAllocation => ({
  signoff_id: al.audit_id,
  signoff_ts: al.signoff_ts,
  co2_allocated: al.co2_allocated,
  doc_key: al.doc_key,
  evidence_mime_type: al.evidence_mime_type,
  job_id: al.job_id,
  facility_id: al.facility_id,
  facility_name: al.facility_name,
});
