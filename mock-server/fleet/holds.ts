import type { DataStore } from '../store/dataStore';
import { heldReason as reasonOfCodes } from '../store/auditRules';
import type { ListedAnomaly } from '../store/model';

/**
 * A flag holds the burn: a burn with an open anomaly is no potential
 * log, and no proposal or signoff takes it, until a second person checks it.
 */

/** The anomalies of these burns, open or checked, by anomaly id. */
export async function anomaliesOfBurns(data: Pick<DataStore, 'fleet'>, logIds: readonly number[], open: boolean): Promise<ListedAnomaly[]> {
  if (logIds.length === 0) return [];
  const { rows } = await data.fleet.anomalies(
    { facilityIds: null, filter: { open, logIds: new Set(logIds) } },
    // a burn raises each code at most once a pair: a few per burn at most
    { sort: { field: 'id', order: 'ASC' }, range: [0, logIds.length * 10 + 99] },
  );
  return rows;
}

/** The open anomalies of these burns, by burn id. */
export async function openAnomaliesOf(data: Pick<DataStore, 'fleet'>, logIds: readonly number[]): Promise<Map<number, ListedAnomaly[]>> {
  const held = new Map<number, ListedAnomaly[]>();
  for (const row of await anomaliesOfBurns(data, logIds, true)) held.set(row.log_id, [...(held.get(row.log_id) ?? []), row]);
  return held;
}

/** Why a burn is held back, one sentence naming it and its open anomalies. */
export const heldReason = (logId: number, open: readonly Pick<ListedAnomaly, 'code'>[]): string =>
  reasonOfCodes(
    logId,
    open.map((a) => a.code),
  );

/** The sentence of a refused proposal or signoff naming held burns; null when none is held. */
export function heldProblems(held: ReadonlyMap<number, readonly Pick<ListedAnomaly, 'code'>[]>): string | null {
  if (held.size === 0) return null;
  return [...held.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, open]) => heldReason(id, open))
    .join('; ');
}
