import type { DataStore } from '../store/dataStore';
import type { EcoAllocationRecord, EcoAssetRecord } from '../store/model';

/**
 * A few minted eco assets on the seeded signed-off audits (docs/product.md#demo-data), minted
 * through the store's own mint once the rest is stored, so they obey the same
 * rules as any mint, on either store. Part of each audit is left for the demo
 * to mint.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** [share of what remains, audit positions] per asset: one audit, two of different facilities, one more */
const PLAN: readonly { note: string; shares: readonly [number, number][] }[] = [
  { note: 'CORC issuance, first biochar batch', shares: [[0, 0.4]] },
  {
    note: 'Forward sale to a corporate buyer, two sites',
    shares: [
      [1, 0.25],
      [0, 0.2],
    ],
  },
  { note: 'Registry retirement on behalf of a client', shares: [[2, 0.3]] },
];

export async function seedEcoAssets(
  data: Pick<DataStore, 'ecoAssets'>,
  now = new Date(),
): Promise<{ asset: EcoAssetRecord; allocations: EcoAllocationRecord[] }[]> {
  const sources = (await data.ecoAssets.available()).filter((a) => a.remaining_co2 >= 10);
  // the second asset draws on two facilities where the seed has them
  const firstOfOther = sources.findIndex((a) => a.audit.facility_id !== sources[0]?.audit.facility_id);
  const order =
    firstOfOther > 0 ? [sources[0], sources[firstOfOther], ...sources.filter((_, i) => i !== 0 && i !== firstOfOther)] : sources;
  const minted: { asset: EcoAssetRecord; allocations: EcoAllocationRecord[] }[] = [];
  for (const [n, plan] of PLAN.entries()) {
    const allocations = new Map<number, number>();
    let latestSignoff = 0;
    for (const [position, share] of plan.shares) {
      const source = order[position];
      if (!source) continue;
      // whole kilograms of what remained when the seed began
      allocations.set(source.audit.id, Math.floor(source.remaining_co2 * share));
      latestSignoff = Math.max(latestSignoff, Date.parse(source.audit.signoff_ts ?? ''));
    }
    if (allocations.size === 0 || [...allocations.values()].some((kg) => kg <= 0)) continue;
    const mintedTs = new Date(Math.min(now.getTime(), latestSignoff + (5 + 4 * n) * DAY_MS));
    minted.push(
      await data.ecoAssets.mint({
        minting_note: plan.note,
        transaction_id: `PURO-${mintedTs.getUTCFullYear()}-${String(n + 1).padStart(5, '0')}`,
        allocations,
        minted_ts: mintedTs.toISOString(),
        minted_by: null,
      }),
    );
  }
  return minted;
}
