import { toGrams, toKg } from '../../src/domain/carbon';
import { leftToRetire, mintBlocks, mintSplit, retireProblems, unretiredBlock } from '../../src/domain/ledger';
import { conflict, invalid } from './errors';
import type { RetireInput } from './dataStore';
import type { EcoAssetRecord, EcoRetirementRecord } from './model';

/**
 * The ledger's rules both stores apply the same way: a mint's
 * split and serial blocks, a retirement's checks and child block, and the
 * serial blocks that assets minted before the ledger get.
 */

type Ledger = Pick<
  EcoAssetRecord,
  'co2_issued' | 'co2_buffer' | 'co2_retired' | 'serial_first' | 'serial_last' | 'buffer_serial_first' | 'buffer_serial_last'
>;

/** The ledger fields of a new mint of `allocatedKg` at `basisPoints`, its blocks from serial `next` on. */
export function mintLedger(allocatedKg: number, basisPoints: number, next: number): Ledger {
  const split = mintSplit(allocatedKg, basisPoints);
  const blocks = mintBlocks(next, split);
  return {
    co2_issued: split.issued,
    co2_buffer: split.buffer,
    co2_retired: 0,
    serial_first: blocks.issued?.first ?? null,
    serial_last: blocks.issued?.last ?? null,
    buffer_serial_first: blocks.buffer?.first ?? null,
    buffer_serial_last: blocks.buffer?.last ?? null,
  };
}

/** The serial after every block so far: one past the highest last serial of any asset (1 on an empty ledger). */
export const nextSerial = (assets: readonly Pick<EcoAssetRecord, 'serial_last' | 'buffer_serial_last'>[]): number =>
  assets.reduce((n, e) => Math.max(n, e.serial_last ?? 0, e.buffer_serial_last ?? 0), 0) + 1;

/**
 * The check of a retirement against its asset as it stands, then the child
 * block and the asset's new retired kg: 409 when nothing is left to retire
 * (retired units are never retired again), 400 naming the field otherwise.
 */
export function retirementOf(
  asset: EcoAssetRecord,
  input: RetireInput,
): { retirement: Omit<EcoRetirementRecord, 'id'>; co2_retired: number } {
  const left = leftToRetire(asset);
  if (toGrams(left) <= 0) throw conflict(`Eco asset ${asset.id} has no issued units left to retire: they are all retired already.`);
  const problems = retireProblems({ kg: input.kg, beneficiary: input.beneficiary, purpose: input.purpose }, left);
  if (Object.keys(problems).length > 0) throw invalid(Object.values(problems).join(' '), problems);
  const grams = toGrams(input.kg);
  const issued = asset.serial_first === null || asset.serial_last === null ? null : { first: asset.serial_first, last: asset.serial_last };
  const from = unretiredBlock(issued, toGrams(asset.co2_retired))!;
  return {
    retirement: {
      eco_asset_id: asset.id,
      co2_retired: toKg(grams),
      serial_first: from.first,
      serial_last: from.first + grams - 1,
      beneficiary: input.beneficiary.trim(),
      purpose: input.purpose.trim(),
      retired_ts: input.retired_ts,
      retired_by: input.retired_by,
    },
    co2_retired: toKg(toGrams(asset.co2_retired) + grams),
  };
}

/**
 * Serial blocks for assets minted before the ledger (both stores' upgrade):
 * in mint order (minted_ts, then id), from `next` on, each all issued with a
 * buffer of 0; their kilograms stay as they were.
 */
export function legacyLedgers<T extends Pick<EcoAssetRecord, 'id' | 'minted_ts' | 'co2_allocated'>>(
  assets: readonly T[],
  next = 1,
): Map<number, Ledger> {
  const ordered = [...assets].sort((x, y) => (x.minted_ts < y.minted_ts ? -1 : x.minted_ts > y.minted_ts ? 1 : x.id - y.id));
  const ledgers = new Map<number, Ledger>();
  let serial = next;
  for (const asset of ordered) {
    const ledger = mintLedger(asset.co2_allocated, 0, serial);
    serial += toGrams(asset.co2_allocated);
    ledgers.set(asset.id, ledger);
  }
  return ledgers;
}
