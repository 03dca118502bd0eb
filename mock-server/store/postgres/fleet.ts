import { sql, type ExpressionBuilder } from 'kysely';
import { KILN_HISTORY, type QuarterBall } from '../../../src/domain/fleet/anomalies';
import type { ListedAnomaly as Anomaly } from '../model';
import { conflict } from '../errors';
import type { AnomalyQuery } from '../anomalyQuery';
import { ARCHIVED_NOTE, type FleetStore } from '../parts/fleet';
import { copyKeyFiling, raisedAnomaly } from '../model';
import { atomic, type Db } from './atomic';
import { COPY_CODE, postgresCopyChecks } from './copyChecks';
import { BURN_COLUMNS, toBurnRecord } from './fleetRows';
import type { Database } from './tables';

type AnomalyRow = ExpressionBuilder<Database, 'anomalies' | 'facilities'>;

function anomalyWhere(eb: AnomalyRow, { facilityIds, filter: f }: AnomalyQuery) {
  const and = [];
  if (facilityIds !== null) and.push(facilityIds.size ? eb('anomalies.facility_id', 'in', [...facilityIds]) : eb.val(false));
  if (f.facilityId !== undefined) and.push(eb('anomalies.facility_id', '=', f.facilityId));
  if (f.kiln !== undefined) and.push(eb('anomalies.kiln', '=', f.kiln));
  if (f.code !== undefined) and.push(eb('anomalies.code', '=', f.code));
  if (f.logIds) and.push(f.logIds.size ? eb('anomalies.log_id', 'in', [...f.logIds]) : eb.val(false));
  if (f.open !== undefined) and.push(eb('anomalies.checked_ts', f.open ? 'is' : 'is not', null));
  return eb.and(and);
}

const selectAnomalies = (db: Db) =>
  db
    .selectFrom('anomalies')
    .innerJoin('facilities', 'facilities.id', 'anomalies.facility_id')
    .selectAll('anomalies')
    .select('facilities.name as facility_name');

/** The fleet's records and anomalies in PostgreSQL (migration 2026-11-26-0003), and the copy index (2026-12-03-0003). */
export function postgresFleet(db: Db): FleetStore {
  const anomaly = async (id: number): Promise<Anomaly | null> =>
    (await selectAnomalies(db).where('anomalies.id', '=', id).executeTakeFirst()) ?? null;
  return {
    judge: (burn, raised, raisedTs) =>
      atomic(db, async (tx) => {
        // the log row first: its re-analysis, archival or purge waits, or this waits for it
        const log = await tx.selectFrom('kilnlogs').select('id').where('id', '=', burn.log_id).forUpdate().executeTakeFirst();
        if (!log) return;
        const row = toBurnRecord(burn);
        await tx
          .insertInto('fleet_burns')
          .values(row)
          .onConflict((oc) => oc.column('log_id').doUpdateSet(row))
          .execute();
        await tx.deleteFrom('copy_key_buckets').where('log_id', '=', burn.log_id).execute();
        const filing = copyKeyFiling(burn);
        if (filing.length) await tx.insertInto('copy_key_buckets').values(filing).execute();
        const before = await tx
          .selectFrom('anomalies')
          .select(['id', 'code', 'other_log_id'])
          .where('log_id', '=', burn.log_id)
          .where('code', '<>', COPY_CODE)
          .execute();
        const same = (a: { code: string; other_log_id: number | null }, b: { code: string; other_log_id: number | null }) =>
          a.code === b.code && a.other_log_id === b.other_log_id;
        const gone = before.filter((r) => !raised.some((d) => same(d, r))).map((r) => r.id);
        if (gone.length) await tx.deleteFrom('anomalies').where('id', 'in', gone).execute();
        for (const found of raised) {
          const kept = before.find((r) => same(r, found));
          if (kept) {
            await tx.updateTable('anomalies').set({ message: found.message, logts: burn.logts }).where('id', '=', kept.id).execute();
            continue;
          }
          await tx
            .insertInto('anomalies')
            .values(raisedAnomaly(burn, found, raisedTs))
            .execute();
        }
      }),
    judgeFirst: async (burn, raised, raisedTs) => {
      // one statement: the record, unless the log has one (ON CONFLICT), and its buckets and anomalies only with it
      const record = db
        .insertInto('fleet_burns')
        .values(toBurnRecord(burn))
        .onConflict((oc) => oc.column('log_id').doNothing())
        .returning('log_id');
      const buckets = copyKeyFiling(burn).map((f) => f.bucket);
      if (raised.length === 0 && buckets.length === 0) return void (await record.execute());
      await db
        .with('recorded', () => record)
        .with('filed', (qc) =>
          qc
            .insertInto('copy_key_buckets')
            .columns(['bucket', 'log_id'])
            .expression(sql`select b.bucket, recorded.log_id from recorded, unnest(${buckets}::text[]) as b(bucket)`)
            .returning('log_id'),
        )
        .insertInto('anomalies')
        .columns(['log_id', 'code', 'other_log_id', 'kiln', 'kiln_id', 'facility_id', 'message', 'logts', 'raised_ts'])
        .expression(
          // the raised anomalies as rows: one array a column, each cast to its column's type
          sql`select recorded.log_id, r.code, r.other_log_id, ${burn.kiln}::integer, ${burn.kiln_id}::text, ${burn.facility_id}::integer,
            r.message, ${burn.logts}::text, ${raisedTs}::timestamptz
            from recorded, unnest(${raised.map((d) => d.code)}::text[], ${raised.map((d) => d.other_log_id)}::integer[],
              ${raised.map((d) => d.message)}::text[]) as r(code, other_log_id, message)`,
        )
        .execute();
    },
    forget: (logId) =>
      atomic(db, async (tx) => {
        await tx.deleteFrom('anomalies').where('log_id', '=', logId).execute();
        // its buckets go with the record (on delete cascade)
        await tx.deleteFrom('fleet_burns').where('log_id', '=', logId).execute();
      }),
    ...postgresCopyChecks(db),
    kilnHistory: async (burn) => {
      // each part of KILN_HISTORY from its own index (migration 2026-11-27-0003), newest first
      const earlier = (limit: number) =>
        db
          .selectFrom('fleet_burns')
          .select(BURN_COLUMNS)
          .where('kiln', '=', burn.kiln)
          .where('log_id', '<>', burn.log_id)
          .where(sql<boolean>`(start_ts, log_id) < (${burn.start_ts}, ${burn.log_id})`)
          .orderBy('start_ts', 'desc')
          .orderBy('log_id', 'desc')
          .limit(limit);
      const parts = await Promise.all([
        earlier(KILN_HISTORY.last).execute(),
        earlier(KILN_HISTORY.withTare)
          .where(sql<boolean>`(fingerprint->>'tare_kg') is not null`)
          .execute(),
        earlier(KILN_HISTORY.validWithYield)
          .where('valid', '=', true)
          .where(sql<boolean>`(fingerprint->>'char_yield') is not null`)
          .execute(),
      ]);
      const byId = new Map(parts.flat().map((r) => [r.log_id, r]));
      return [...byId.values()].sort((a, b) => b.start_ts - a.start_ts || b.log_id - a.log_id);
    },
    curveCandidateIds: async (q) => {
      // the quarter means' ball (curveCandidateQuery), where both have them: a stored curve with a missing point has none.
      // The squared distance is written out a term a quarter, in inBall's order: a third of the time of a subquery over unnest
      const nearShape = (column: 'temp_quarters' | 'weight_quarters', ball: QuarterBall | null) =>
        ball
          ? sql<boolean>`(${sql.ref(column)} is null or ${sql.join(
              ball.centre.map((c, k) => sql`(${sql.ref(column)}[${sql.lit(k + 1)}] - ${c}::float8) ^ 2`),
              sql` + `,
            )} <= ${ball.radius2})`
          : sql<boolean>`true`;
      // every bound a key of an index or carried by it (migrations 2026-11-28-0001, 0002, and 0004 led by the weight mean): the scan reads no row
      const bounded = db
        .selectFrom('fleet_burns')
        .select('log_id')
        .where('facility_id', '=', q.facility_id)
        .where('kiln_type', '=', q.kiln_type)
        .where('log_id', '<', q.beforeLogId)
        .where('span_ms', '>=', q.span[0])
        .where('span_ms', '<=', q.span[1])
        .where(() => nearShape('temp_quarters', q.tempQuarters))
        .where(() => nearShape('weight_quarters', q.weightQuarters));
      // as isCurveCandidate: a stored curve with a missing point has no mean and stays a candidate
      const meanWithin =
        (column: 'temp_mean' | 'weight_mean', range: [number, number] | null) => (eb: ExpressionBuilder<Database, 'fleet_burns'>) =>
          range ? eb.or([eb(column, 'is', null), eb.between(column, range[0], range[1])]) : eb.val(true);
      const incomplete = bounded
        .where((eb) => eb.or([eb('temp_mean', 'is', null), eb('weight_mean', 'is', null)]))
        .where(meanWithin('temp_mean', q.tempMean))
        .where(meanWithin('weight_mean', q.weightMean));
      const ids =
        q.tempMean && q.weightMean
          ? bounded
              .where('temp_mean', '>=', q.tempMean[0])
              .where('temp_mean', '<=', q.tempMean[1])
              .where('weight_mean', '>=', q.weightMean[0])
              .where('weight_mean', '<=', q.weightMean[1])
              .unionAll(incomplete)
          : bounded.where(meanWithin('temp_mean', q.tempMean)).where(meanWithin('weight_mean', q.weightMean));
      // found in one scan of the index; ordering ids alone costs little however many
      const rows = await db.selectFrom(ids.as('c')).select('c.log_id').orderBy('c.log_id').execute();
      return rows.map((r) => r.log_id);
    },
    records: async (logIds) =>
      logIds.length === 0
        ? []
        : db
            .selectFrom('fleet_burns')
            .select(BURN_COLUMNS)
            .where('log_id', '=', sql<number>`any(${[...logIds]}::integer[])`)
            .orderBy('log_id')
            .execute(),
    unjudged: async (version) =>
      (
        await db
          .selectFrom('kilnlogs')
          .innerJoin('kilnlog_analyses', 'kilnlog_analyses.kilnlog_id', 'kilnlogs.id')
          .leftJoin('fleet_burns', 'fleet_burns.log_id', 'kilnlogs.id')
          .select('kilnlogs.id')
          .where('kilnlogs.kiln', 'is not', null)
          .where('kilnlogs.facility_id', 'is not', null)
          .where((eb) => eb.or([eb('fleet_burns.version', 'is', null), eb('fleet_burns.version', '<>', version)]))
          .orderBy(sql`kilnlogs.logts asc nulls first`)
          .orderBy('kilnlogs.id', 'asc')
          .execute()
      ).map((r) => r.id),
    burns: async ({ facilityIds, facilityId }) => {
      if (facilityIds !== null && facilityIds.size === 0) return [];
      let q = db
        .selectFrom('fleet_burns as b')
        .innerJoin('kilnlogs as l', 'l.id', 'b.log_id')
        .select([
          'b.log_id',
          'b.kiln',
          'b.kiln_id',
          'b.facility_id',
          'b.kiln_type',
          'b.logts',
          'b.start_ts',
          'b.span_ms',
          'b.latitude',
          'b.longitude',
          'b.valid',
          'b.reasons',
          'b.burn_duration',
          'b.biomass_loaded',
          'b.biochar_produced',
          'b.co2_removed',
          sql<number>`(select count(*)::int from anomalies a where a.log_id = b.log_id and a.checked_ts is null)`.as('open_anomalies'),
        ])
        .where('l.archived_ts', 'is', null);
      if (facilityIds !== null) q = q.where('b.facility_id', 'in', [...facilityIds]);
      if (facilityId !== undefined) q = q.where('b.facility_id', '=', facilityId);
      return q.orderBy('b.start_ts').orderBy('b.log_id').execute();
    },
    anomalies: async (query, page) => {
      const [first, last] = page.range;
      const [rows, total] = await Promise.all([
        selectAnomalies(db)
          .where((eb) => anomalyWhere(eb, query))
          .orderBy(sql`${sql.ref(`anomalies.${page.sort.field}`)} ${sql.raw(page.sort.order === 'ASC' ? 'asc' : 'desc')} nulls last`)
          .orderBy('anomalies.id', page.sort.order === 'ASC' ? 'asc' : 'desc')
          .offset(first)
          .limit(last - first + 1)
          .execute(),
        db
          .selectFrom('anomalies')
          .innerJoin('facilities', 'facilities.id', 'anomalies.facility_id')
          .select(sql<number>`count(*)::int`.as('n'))
          .where((eb) => anomalyWhere(eb, query))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, start: first, total: total.n };
    },
    anomaly,
    archived: async (logId, archivedTs) => {
      if (archivedTs !== null) {
        await db
          .updateTable('anomalies')
          .set({ checked_ts: archivedTs, checked_by: null, checked_by_name: null, check_note: ARCHIVED_NOTE })
          .where('log_id', '=', logId)
          .where('checked_ts', 'is', null)
          .execute();
        return;
      }
      await db
        .updateTable('anomalies')
        .set({ checked_ts: null, checked_by_name: null, check_note: null })
        .where('log_id', '=', logId)
        .where('checked_by', 'is', null)
        .where('check_note', '=', ARCHIVED_NOTE)
        .execute();
    },
    check: (id, check) =>
      atomic(db, async (tx) => {
        const row = await tx
          .selectFrom('anomalies')
          .select(['id', 'checked_ts', 'checked_by_name'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return null;
        if (row.checked_ts !== null) throw conflict(`Anomaly ${id} was checked already, by ${row.checked_by_name ?? 'someone'}.`);
        await tx.updateTable('anomalies').set(check).where('id', '=', id).execute();
        return (await selectAnomalies(tx).where('anomalies.id', '=', id).executeTakeFirst()) ?? null;
      }),
  };
}
