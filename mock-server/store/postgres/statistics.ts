import { sql } from 'kysely';
import type { StatisticsStore } from '../parts/statistics';
import type { StatisticsSnapshot } from '../model';
import { atomic, type Db } from './atomic';
import type { Database } from './tables';

export function postgresStatistics(db: Db): StatisticsStore {
  const count = async (table: keyof Database, where?: ReturnType<typeof sql>) => {
    const q = sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} ${where ? sql`where ${where}` : sql``}`;
    return (await q.execute(db)).rows[0].n;
  };
  return {
    latest: async () =>
      (await db.selectFrom('statistics').select('snapshot').orderBy('id', 'desc').limit(1).executeTakeFirst())?.snapshot ?? null,
    recompute: (now) =>
      atomic(db, async (tx) => {
        const sums = (
          await sql<{ log_bytes: number; file_bytes: number; audited_co2: number; audited_biochar: number; utilised_co2: number }>`
            select coalesce((select sum(file_size) from kilnlogs), 0)::float8 as log_bytes,
                   coalesce((select sum((photo->>'size')::bigint + (thumb->>'size')::bigint) from facility_photos), 0)
                     + coalesce((select sum((file->>'size')::bigint) from facility_audits), 0) as file_bytes,
                   coalesce((select sum(co2_removed) from audit_burns), 0) as audited_co2,
                   coalesce((select sum(biochar_produced) from audit_burns), 0) as audited_biochar,
                   coalesce((select sum(co2_allocated) from eco_allocations), 0) as utilised_co2`.execute(tx)
        ).rows[0];
        const signed = await count('audits', sql`signoff_ts is not null`);
        const live = await count('kilnlogs', sql`archived_ts is null`);
        const errors = await count('kilnlogs', sql`archived_ts is null and error_message is not null`);
        const snapshot: StatisticsSnapshot = {
          computed_ts: now.toISOString(),
          users: await count('users'),
          facilities: await count('facilities'),
          kilns: await count('kilns'),
          kilnlogs: live,
          valid_kilnlogs: await count('kilnlogs', sql`archived_ts is null and error_message is null and valid`),
          invalid_kilnlogs: await count('kilnlogs', sql`archived_ts is null and error_message is null and not valid`),
          error_kilnlogs: errors,
          archived_kilnlogs: await count('kilnlogs', sql`archived_ts is not null`),
          audits_proposed: (await count('audits')) - signed,
          audits_signed_off: signed,
          eco_assets: await count('eco_assets'),
          storage_bytes: Number(sums.log_bytes) + Number(sums.file_bytes),
          audited_co2: Number(sums.audited_co2),
          utilised_co2: Number(sums.utilised_co2),
          audited_biochar: Number(sums.audited_biochar),
        };
        await tx.deleteFrom('statistics').execute();
        await tx
          .insertInto('statistics')
          .values({ snapshot: JSON.stringify(snapshot) })
          .execute();
        return snapshot;
      }),
  };
}
