import { sql, type Selectable, type SqlBool } from 'kysely';
import type { KilnLogRecord } from '../model';
import type { Db } from './atomic';
import type { KilnLogsTable } from './tables/kilnLogs';

/** A kilnlogs row and a log record, one into the other: the analysis result lives in kilnlog_analyses, analysis_detail in two columns. */
export type LogRow = Selectable<KilnLogsTable>;

export function toLogRecord(row: LogRow, analysis: string | null): KilnLogRecord {
  const { co2_removed, biochar_produced, status_rank: _rank, ...rest } = row;
  return {
    ...rest,
    analysis,
    analysis_detail: co2_removed === null || biochar_produced === null ? null : { co2_removed, biochar_produced },
  };
}

export function toLogColumns(row: KilnLogRecord): Omit<LogRow, 'status_rank'> {
  const { analysis_detail, analysis: _analysis, ...rest } = row;
  return {
    ...rest,
    uploaded_by: rest.uploaded_by ?? null,
    co2_removed: analysis_detail?.co2_removed ?? null,
    biochar_produced: analysis_detail?.biochar_produced ?? null,
  };
}

export const toAnalysisRows = (rows: readonly KilnLogRecord[]) =>
  rows.filter((r) => r.analysis !== null).map((r) => ({ kilnlog_id: r.id, analysis: r.analysis! }));

/**
 * `column = any($1)`: one array parameter however many ids, where `in (...)`
 * takes one parameter each and PostgreSQL's protocol stops at 65,535 (the
 * potential logs of a 100,000-log business are more).
 */
export const anyOf = (column: string, ids: readonly number[]) => sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::int[])`;

/** The rows as records, each with its analysis result, fetched in one query for all of them. */
export async function complete(db: Db, rows: readonly LogRow[]): Promise<KilnLogRecord[]> {
  if (rows.length === 0) return [];
  const found = await db
    .selectFrom('kilnlog_analyses')
    .select(['kilnlog_id', 'analysis'])
    .where(
      anyOf(
        'kilnlog_id',
        rows.map((r) => r.id),
      ),
    )
    .execute();
  const byId = new Map(found.map((a) => [a.kilnlog_id, a.analysis]));
  return rows.map((r) => toLogRecord(r, byId.get(r.id) ?? null));
}

export async function completeOne(db: Db, row: LogRow | undefined): Promise<KilnLogRecord | null> {
  return row ? (await complete(db, [row]))[0] : null;
}
