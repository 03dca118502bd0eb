/**
 * A minted eco asset (docs/product.md#eco-asset); co2_allocated is the sum of its allocations, in kg.
 * Of it co2_buffer is withheld against reversal and co2_issued (the rest) is
 * what may be sold and retired; each part has its own block of gram serials
 * (src/domain/ledger.ts), null when the part is 0 g.
 */
export interface EcoAssetRecord {
  id: number;
  minting_note: string;
  transaction_id: string;
  co2_allocated: number;
  co2_issued: number;
  co2_buffer: number;
  /** kg of the issued units retired so far (the sum of its retirements) */
  co2_retired: number;
  serial_first: number | null;
  serial_last: number | null;
  buffer_serial_first: number | null;
  buffer_serial_last: number | null;
  minted_ts: string;
  minted_by: number | null;
}

/**
 * Issued units of an eco asset retired for a named beneficiary: a child block
 * split off the front of what the asset had left unretired, its serials its own.
 */
export interface EcoRetirementRecord {
  id: number;
  eco_asset_id: number;
  co2_retired: number;
  serial_first: number;
  serial_last: number;
  beneficiary: string;
  purpose: string;
  retired_ts: string;
  retired_by: number | null;
}

/** The buffer share a super-admin set, who and when; the newest is the one mints use (none: 0). */
export interface BufferShareRecord {
  id: number;
  /** percent × 100 (0–5000) */
  basis_points: number;
  set_by: number | null;
  set_ts: string;
}

/** Kilograms of one signed-off audit given to one eco asset. */
export interface EcoAllocationRecord {
  id: number;
  eco_asset_id: number;
  audit_id: number;
  co2_allocated: number;
}
