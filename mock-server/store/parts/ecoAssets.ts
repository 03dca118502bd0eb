import type { BufferShareRecord, EcoAllocationRecord, EcoAssetRecord, EcoRetirementRecord } from '../model';
import type { AuditTotals } from './audits';

export interface MintInput {
  minting_note: string;
  transaction_id: string;
  /** audit id → kg, each > 0 */
  allocations: ReadonlyMap<number, number>;
  minted_ts: string;
  minted_by: number | null;
}

/** An allocation with what names its audit: signoff time, statement, job id and facility. */
export type AllocationWithAudit = EcoAllocationRecord & {
  signoff_ts: string;
  doc_key: string | null;
  evidence_mime_type: string | null;
  job_id: string;
  facility_id: number;
  facility_name: string;
};

export interface RetireInput {
  eco_asset_id: number;
  /** > 0, whole grams */
  kg: number;
  beneficiary: string;
  purpose: string;
  retired_ts: string;
  retired_by: number | null;
}

export interface EcoAssetStore {
  /** signed-off audits with what remains of each (audited − utilised), by facility */
  available(filter?: {
    facilityIds?: readonly number[] | null;
  }): Promise<(AuditTotals & { facility_name: string; remaining_co2: number })[]>;
  /** kg that remains to allocate from one audit (0 for an unknown or unsigned one) */
  remaining(auditId: number): Promise<number>;
  /**
   * Allocates atomically: 409 when the transaction ID is taken (trimmed, whatever
   * its case) or any amount exceeds what remains of its audit, however many mint at once.
   * In the same transaction the buffer share in force splits the kg into issued
   * and buffer, and each part takes the next serials, after every block before it.
   */
  mint(input: MintInput): Promise<{ asset: EcoAssetRecord; allocations: EcoAllocationRecord[] }>;
  /**
   * Retires kg of the asset's issued units not retired yet, the front of them:
   * 409 when none is left, 400 when kg is more than is left; null for an unknown asset.
   */
  retire(input: RetireInput): Promise<{ asset: EcoAssetRecord; retirement: EcoRetirementRecord } | null>;
  /** an asset's retirements, oldest first */
  retirements(ecoAssetId: number): Promise<EcoRetirementRecord[]>;
  /** the buffer share in force (the newest set), null before any was set (0 %) */
  bufferShare(): Promise<BufferShareRecord | null>;
  setBufferShare(share: Omit<BufferShareRecord, 'id'>): Promise<BufferShareRecord>;
  /** every buffer share set, newest first (the Admin screen's trail of who set what, when) */
  bufferShares(): Promise<BufferShareRecord[]>;
  get(id: number): Promise<EcoAssetRecord | null>;
  /** eco assets drawing on audits of this facility, newest first */
  list(filter: { facilityId: number }): Promise<EcoAssetRecord[]>;
  /** an eco asset's allocations, each with its audit's signoff time, statement, job id and facility */
  allocations(ecoAssetId: number): Promise<AllocationWithAudit[]>;
}
