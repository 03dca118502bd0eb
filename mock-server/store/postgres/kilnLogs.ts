import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import type { KilnLogSortField } from '../../../src/domain/kilnLogSort';
import type { KilnLogFilter, KilnLogScope } from '../kilnLogQuery';
import { conflict } from '../errors';
import type { ListPage } from '../paging';
import type { KilnLogPatch, KilnLogStore } from '../parts/kilnLogs';
import { atomic, desc, unique, type Db } from './atomic';
import { anyOf, complete, completeOne, toAnalysisRows, toLogColumns, toLogRecord, type LogRow } from './logRows';
import type { Database } from './tables';

const LOG_SORT: Record<KilnLogSortField, keyof LogRow> = {
  id: 'id',
  kiln_id: 'kiln_id',
  facility_name: 'facility_name',
  logts: 'logts',
  file_size: 'file_size',
  gps_in_range: 'gps_in_range',
  analysis: 'status_rank',
  co2_removed: 'co2_removed',
  biochar_produced: 'biochar_produced',
  upload_ts: 'upload_ts',
  file_name: 'file_name',
  archived_ts: 'archived_ts',
  delete_after: 'delete_after',
};
const NOT_NULL_SORTS: ReadonlySet<KilnLogSortField> = new Set(['id', 'file_size', 'analysis', 'upload_ts', 'file_name']);
const STATUS_RANK = { error: 0, invalid: 1, valid: 2 } as const;
/** above every character a kiln clock writes, so a date-time bound takes its whole second */
const TEXT_END = '\uffff';

function logWhere(eb: ExpressionBuilder<Database, 'kilnlogs'>, scope: KilnLogScope, f: KilnLogFilter): Expression<SqlBool> {
  const ids = (set: ReadonlySet<number>) => (set.size ? [...set] : [0]);
  const text = (col: 'kiln_id' | 'facility_name' | 'file_name' | 'error_message') =>
    eb(eb.fn('strpos', [eb.fn('lower', [col]), eb.val(f.q!)]), '>', 0);
  return eb.and([
    scope.archived ? eb('archived_ts', 'is not', null) : eb('archived_ts', 'is', null),
    ...(scope.facilityIds ? [eb('facility_id', 'in', ids(scope.facilityIds))] : []),
    ...(f.ids ? [eb('id', 'in', ids(f.ids))] : []),
    ...(f.facilityIds ? [eb('facility_id', 'in', ids(f.facilityIds))] : []),
    ...(f.kiln !== undefined ? [eb('kiln', '=', f.kiln)] : []),
    ...(f.kilnId !== undefined ? [eb('kiln_id', '=', f.kilnId)] : []),
    ...(f.type !== undefined ? [eb('type', '=', f.type)] : []),
    ...(f.from !== undefined ? [eb('logts', '>=', f.from)] : []),
    ...(f.to !== undefined ? [eb('logts', '<=', f.to + TEXT_END)] : []),
    ...(f.status !== undefined ? [eb('status_rank', '=', STATUS_RANK[f.status])] : []),
    ...(f.audited !== undefined ? [eb('audited', '=', f.audited)] : []),
    ...(f.q !== undefined
      ? [eb.or([text('kiln_id'), text('facility_name'), text('file_name'), text('error_message'), eb(eb.cast('id', 'text'), '=', f.q)])]
      : []),
  ]);
}

/** the filters whose totals the tallies keep (migration 0007); any other filter is counted */
const TALLIED: ReadonlySet<keyof KilnLogFilter> = new Set(['facilityIds', 'kiln', 'type', 'status', 'audited']);

/**
 * The number of logs in scope that match the filter: summed from the tallies
 * the triggers keep when the filter is one of facility, kiln, type, status
 * and audited (the Kiln Logs screen's selects), else counted.
 */
async function countLogs(db: Db, scope: KilnLogScope, filter: KilnLogFilter): Promise<number> {
  const tallied = Object.entries(filter).every(([key, value]) => value === undefined || TALLIED.has(key as keyof KilnLogFilter));
  if (!tallied) {
    const { n } = await db
      .selectFrom('kilnlogs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => logWhere(eb, scope, filter))
      .executeTakeFirstOrThrow();
    return Number(n);
  }
  const limits = [scope.facilityIds, filter.facilityIds].filter((set): set is ReadonlySet<number> => Boolean(set));
  const facilities = limits.length ? [...limits[0]].filter((id) => limits.every((set) => set.has(id))) : null;
  if (facilities?.length === 0) return 0;
  // a null facility, kiln or type is tallied as -1, which no filter asks for
  let q = db
    .selectFrom('kilnlog_tallies')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
    .where('archived', '=', scope.archived);
  if (facilities) q = q.where(anyOf('facility_key', facilities));
  if (filter.kiln !== undefined) q = q.where('kiln_key', '=', filter.kiln);
  if (filter.type !== undefined) q = q.where('type_key', '=', filter.type);
  if (filter.status !== undefined) q = q.where('status_rank', '=', STATUS_RANK[filter.status]);
  if (filter.audited !== undefined) q = q.where('audited', '=', filter.audited);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** A patch as kilnlogs columns (analysis_detail split), and the analysis result it sets, kept in kilnlog_analyses. */
function patchColumns(patch: KilnLogPatch) {
  const { analysis_detail, analysis, ...rest } = patch;
  const detail =
    analysis_detail === undefined
      ? {}
      : { co2_removed: analysis_detail?.co2_removed ?? null, biochar_produced: analysis_detail?.biochar_produced ?? null };
  return { columns: { ...rest, ...detail }, analysis };
}

/** Sets (a string), removes (null) or keeps (undefined) a log's analysis result. */
async function writeAnalysis(tx: Transaction<Database>, id: number, analysis: string | null | undefined): Promise<void> {
  if (analysis === null) await tx.deleteFrom('kilnlog_analyses').where('kilnlog_id', '=', id).execute();
  if (typeof analysis === 'string') {
    await tx
      .insertInto('kilnlog_analyses')
      .values({ kilnlog_id: id, analysis })
      .onConflict((oc) => oc.column('kilnlog_id').doUpdateSet({ analysis }))
      .execute();
  }
}

export function postgresKilnLogs(db: Db): KilnLogStore {
  const refuseTwin = async (sha256: string): Promise<never> => {
    const twin = await db.selectFrom('kilnlogs').select(['id', 'archived_ts']).where('sha256', '=', sha256).executeTakeFirst();
    throw conflict(
      twin ? `This file was uploaded before, as log ${twin.id}${twin.archived_ts ? ' (archived)' : ''}.` : 'This file was uploaded before.',
    );
  };
  return {
    reserveId: async () =>
      Number((await sql<{ id: string }>`select nextval(pg_get_serial_sequence('kilnlogs', 'id')) as id`.execute(db)).rows[0].id),
    insert: async (row) => {
      // one statement, so one round trip, atomic without a transaction of its own: the row and its analysis,
      // neither when the same content is stored (the unique index's conflict aborts no transaction it runs in)
      const { analysis } = row;
      const logRow = db
        .insertInto('kilnlogs')
        .values(toLogColumns(row))
        .onConflict((oc) => oc.column('sha256').doNothing())
        .returningAll();
      const stored =
        analysis === null
          ? await logRow.executeTakeFirst()
          : await db
              .with('stored', () => logRow)
              .with('analysis', (q) =>
                q
                  .insertInto('kilnlog_analyses')
                  .columns(['kilnlog_id', 'analysis'])
                  .expression((eb) =>
                    eb.selectFrom('stored').select((s) => [s.ref('stored.id').as('kilnlog_id'), s.val(analysis).as('analysis')]),
                  ),
              )
              .selectFrom('stored')
              .selectAll()
              .executeTakeFirst();
      return stored ? toLogRecord(stored, analysis) : refuseTwin(row.sha256);
    },
    insertMany: async (rows) => {
      if (rows.length === 0) return;
      await unique(db, 'A log repeats the content or id of another.', (q) =>
        atomic(q, async (tx) => {
          // a few hundred rows a statement keeps each under PostgreSQL's 65,535 parameters
          for (let i = 0; i < rows.length; i += 500) {
            const batch = rows.slice(i, i + 500);
            await tx.insertInto('kilnlogs').values(batch.map(toLogColumns)).execute();
            const analyses = toAnalysisRows(batch);
            if (analyses.length) await tx.insertInto('kilnlog_analyses').values(analyses).execute();
          }
          await sql`select setval(pg_get_serial_sequence('kilnlogs', 'id'), greatest((select max(id) from kilnlogs), 1))`.execute(tx);
        }),
      );
      // fresh planner statistics and visibility map, so the first lists after a bulk load use the indexes (not possible inside a transaction)
      if (!db.isTransaction) await sql`vacuum analyze kilnlogs, kilnlog_analyses`.execute(db);
    },
    get: async (id) => {
      // read to be changed: the row stays locked to the end of the transaction, as a signoff locks the burns it audits
      const query = db.selectFrom('kilnlogs').selectAll().where('id', '=', id);
      return completeOne(db, await (db.isTransaction ? query.forUpdate() : query).executeTakeFirst());
    },
    findBySha256: async (sha256) => {
      return completeOne(db, await db.selectFrom('kilnlogs').selectAll().where('sha256', '=', sha256).executeTakeFirst());
    },
    list: async (scope, filter, page: ListPage & { sort: { field: KilnLogSortField } }) => {
      const d = desc(page.sort.order);
      // a column that is never null sorts without NULLS LAST, so one index serves both directions
      const direction = sql.raw(d ? 'desc' : 'asc');
      const nulls = sql.raw(NOT_NULL_SORTS.has(page.sort.field) ? '' : ' nulls last');
      const order = sql`${sql.ref(LOG_SORT[page.sort.field])} ${direction}${nulls}, ${sql.ref('id')} ${direction}`;
      // the page's ids, read from the sort's index alone (index-only) however deep the page, then their rows and
      // analysis results joined in the same query, in the page's order
      const ids = db
        .selectFrom('kilnlogs')
        .select(['id', sql<number>`row_number() over (order by ${order})`.as('place')])
        .where((eb) => logWhere(eb, scope, filter))
        .orderBy(order)
        .offset(page.range[0])
        .limit(page.range[1] - page.range[0] + 1);
      const pageRows = db
        .selectFrom(ids.as('p'))
        .innerJoin('kilnlogs as l', 'l.id', 'p.id')
        .leftJoin('kilnlog_analyses as a', 'a.kilnlog_id', 'l.id')
        // the audit by its primary key, and the open proposal claiming the burn (a claim outlives its signoff), for the page's rows only
        .leftJoin('audits as au', 'au.id', 'l.audit_id')
        .leftJoin('audit_claims as c', 'c.kilnlog_id', 'l.id')
        .leftJoin('audits as ap', (join) => join.onRef('ap.id', '=', 'c.audit_id').on('ap.signoff_ts', 'is', null))
        .selectAll('l')
        .select(['a.analysis', 'au.job_id as audit_job_id', 'ap.job_id as proposal_job_id'])
        .orderBy('p.place')
        .execute()
        .then((rows) =>
          rows.map(({ analysis, audit_job_id, proposal_job_id, ...row }) => ({
            ...toLogRecord(row, analysis),
            audit_job_id,
            proposal_job_id,
          })),
        );
      // the page and its total at once, on two connections of the pool
      const [rows, total] = await Promise.all([pageRows, countLogs(db, scope, filter)]);
      return { rows, start: page.range[0], total };
    },
    update: async (id, patch) => {
      const { columns: changes, analysis } = patchColumns(patch);
      return atomic(db, async (tx) => {
        const row = Object.keys(changes).length
          ? await tx.updateTable('kilnlogs').set(changes).where('id', '=', id).returningAll().executeTakeFirst()
          : await tx.selectFrom('kilnlogs').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) return null;
        await writeAnalysis(tx, id, analysis);
        return completeOne(tx, row);
      });
    },
    fileUnassigned: async (id, patch) => {
      const { columns, analysis } = patchColumns(patch);
      return atomic(db, async (tx) => {
        // the condition is the lock: of two assignments at once, the second finds the log filed
        const row = await tx
          .updateTable('kilnlogs')
          .set(columns)
          .where('id', '=', id)
          .where('facility_id', 'is', null)
          .where('audited', '=', false)
          .where('archived_ts', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!row) return null;
        await writeAnalysis(tx, id, analysis);
        return completeOne(tx, row);
      });
    },
    outdated: async (algorithmVersion) => {
      // the version as its index reads it (migration 2026-11-28-0003): a range each side of the current one, so
      // only the outdated results are read, not every log's
      const version = sql<string>`kilnlog_algorithm_version(a.analysis)`;
      const rows = await db
        .selectFrom('kilnlogs as k')
        .innerJoin('kilnlog_analyses as a', 'a.kilnlog_id', 'k.id')
        .select('k.id')
        .where('k.audited', '=', false)
        .where((eb) => eb.or([eb(version, '<', algorithmVersion), eb(version, '>', algorithmVersion)]))
        .orderBy('k.id')
        .execute();
      return rows.map((r) => r.id);
    },
    dueForPurge: async (now) =>
      complete(
        db,
        await db
          .selectFrom('kilnlogs')
          .selectAll()
          .where('archived_ts', 'is not', null)
          .where('audited', '=', false)
          .where('delete_after', '<=', now.toISOString())
          .orderBy('id')
          .execute(),
      ),
    remove: async (ids) => {
      if (ids.length === 0) return [];
      const rows = await db
        .deleteFrom('kilnlogs')
        .where(anyOf('id', ids))
        .where('audited', '=', false)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('audit_claims as c').select('c.kilnlog_id').whereRef('c.kilnlog_id', '=', 'kilnlogs.id'))),
        )
        .returningAll()
        .execute();
      // the analyses went with their rows (on delete cascade): answered without them
      return rows.map((r) => toLogRecord(r, null)).sort((a, b) => a.id - b.id);
    },
  };
}
