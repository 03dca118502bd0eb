import { sql } from 'kysely';
import type { CopyKey } from '../../../src/domain/fleet/copyKey';
import { raisedAnomaly, type StoredCopyKey } from '../model';
import type { FleetStore } from '../parts/fleet';
import { atomic, type Db } from './atomic';

/** the copy check's own anomaly, which the rules' judgement leaves alone */
export const COPY_CODE = 'COPIED_BURN';

/** The copy index's lookup and the copy check's verdicts in PostgreSQL (migration 2026-12-03-0003), part of the fleet's store. */
export function postgresCopyChecks(db: Db): Pick<FleetStore, 'copyKeysFiledUnder' | 'copied'> {
  return {
    copyKeysFiledUnder: async (buckets, beforeLogId): Promise<StoredCopyKey[]> => {
      if (buckets.length === 0) return [];
      // the buckets' rows by the primary key (bucket, log_id), then each burn's record by its own
      const rows = await db
        .selectFrom('fleet_burns')
        .select(['log_id', sql<CopyKey>`fingerprint->'copy_key'`.as('copy_key')])
        .where('log_id', 'in', (eb) =>
          eb
            .selectFrom('copy_key_buckets')
            .select('copy_key_buckets.log_id')
            .where('bucket', '=', sql<string>`any(${[...buckets]}::text[])`)
            .where('copy_key_buckets.log_id', '<', beforeLogId),
        )
        .orderBy('log_id')
        .execute();
      return rows.filter((r) => r.copy_key !== null);
    },
    copied: (burn, found, raisedTs) =>
      atomic(db, async (tx) => {
        // the log row first, as judge does: a re-analysis, archival or purge of it waits, or this waits for it
        const log = await tx.selectFrom('kilnlogs').select('id').where('id', '=', burn.log_id).forUpdate().executeTakeFirst();
        const recorded = log && (await tx.selectFrom('fleet_burns').select('log_id').where('log_id', '=', burn.log_id).executeTakeFirst());
        if (!recorded) return;
        const before = await tx
          .selectFrom('anomalies')
          .select(['id', 'other_log_id'])
          .where('log_id', '=', burn.log_id)
          .where('code', '=', COPY_CODE)
          .execute();
        const gone = before.filter((r) => found === null || r.other_log_id !== found.other_log_id).map((r) => r.id);
        if (gone.length) await tx.deleteFrom('anomalies').where('id', 'in', gone).execute();
        if (found && gone.length === before.length)
          await tx
            .insertInto('anomalies')
            .values(raisedAnomaly(burn, found, raisedTs))
            .execute();
      }),
  };
}
