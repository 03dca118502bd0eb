import { sql, type Kysely } from 'kysely';
import type { ClientRateLimitInfo, Store } from 'express-rate-limit';
import { afterFailure, isForgotten, type DelayEntry } from '../loginDelays';
import type { LoginThrottle, LoginThrottleOptions } from '../loginThrottle';
import type { Database } from './tables';

/**
 * The login throttles in PostgreSQL (tables of migration 2026-11-25-0002),
 * shared by every server on the database, timed by the database's clock so
 * the servers' clocks need not agree. Each change is one atomic statement or
 * a transaction holding the pair's row, so failures racing on several
 * servers are all counted.
 */

const nowMs = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

const entryOf = (row: { failures: number; last_failure_ms: number; blocked_until_ms: number }): DelayEntry => ({
  failures: row.failures,
  lastFailure: row.last_failure_ms,
  blockedUntil: row.blocked_until_ms,
});

export function postgresLoginThrottle(db: Kysely<Database>, options: LoginThrottleOptions): LoginThrottle {
  const expiresAt = (entry: DelayEntry) => Math.max(entry.lastFailure + options.windowMs, entry.blockedUntil);

  return {
    async waitMs(client, name) {
      const row = await db
        .selectFrom('login_failures')
        .select(['failures', 'last_failure_ms', 'blocked_until_ms', nowMs.as('now')])
        .where('client', '=', client)
        .where('name', '=', name)
        .executeTakeFirst();
      if (!row) return 0;
      const entry = entryOf(row);
      return isForgotten(entry, row.now, options) ? 0 : Math.max(0, entry.blockedUntil - row.now);
    },

    async failed(client, name) {
      await db.transaction().execute(async (tx) => {
        const { now } = (await sql<{ now: number }>`select ${nowMs} as now`.execute(tx)).rows[0];
        // the forgotten pairs go, a few at a time, so the table stays as small as the memory one
        await sql`delete from login_failures where ctid = any(array(select ctid from login_failures where expires_ms < ${now} limit 100))`.execute(
          tx,
        );
        await tx
          .insertInto('login_failures')
          .values({ client, name, failures: 0, last_failure_ms: now, blocked_until_ms: 0, expires_ms: now })
          .onConflict((oc) => oc.columns(['client', 'name']).doNothing())
          .execute();
        const row = await tx
          .selectFrom('login_failures')
          .select(['failures', 'last_failure_ms', 'blocked_until_ms'])
          .where('client', '=', client)
          .where('name', '=', name)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const before = entryOf(row);
        const next = afterFailure(before.failures > 0 && !isForgotten(before, now, options) ? before : undefined, now, options);
        await tx
          .updateTable('login_failures')
          .set({
            failures: next.failures,
            last_failure_ms: next.lastFailure,
            blocked_until_ms: next.blockedUntil,
            expires_ms: expiresAt(next),
          })
          .where('client', '=', client)
          .where('name', '=', name)
          .execute();
      });
    },

    async succeeded(client, name) {
      await db.deleteFrom('login_failures').where('client', '=', client).where('name', '=', name).execute();
    },

    clientStore: postgresClientStore(db, options.clientWindowMs),
  };
}

/** express-rate-limit's store for the per-client cap of failed logins: one row a client, its count and when it resets. */
function postgresClientStore(db: Kysely<Database>, windowMs: number): Store {
  return {
    async increment(client): Promise<ClientRateLimitInfo> {
      await sql`delete from login_client_failures where ctid = any(array(select ctid from login_client_failures where reset_ms < ${nowMs} limit 100))`.execute(
        db,
      );
      const { rows } = await sql<{ hits: number; reset_ms: number }>`
        insert into login_client_failures as f (client, hits, reset_ms) values (${client}, 1, ${nowMs} + ${windowMs})
        on conflict (client) do update set
          hits = case when f.reset_ms <= ${nowMs} then 1 else f.hits + 1 end,
          reset_ms = case when f.reset_ms <= ${nowMs} then excluded.reset_ms else f.reset_ms end
        returning hits, reset_ms`.execute(db);
      return { totalHits: rows[0].hits, resetTime: new Date(rows[0].reset_ms) };
    },
    async decrement(client) {
      await db
        .updateTable('login_client_failures')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('client', '=', client)
        .where('hits', '>', 0)
        .execute();
    },
    async resetKey(client) {
      await db.deleteFrom('login_client_failures').where('client', '=', client).execute();
    },
  };
}
