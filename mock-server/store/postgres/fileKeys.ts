import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FileKeySpelling } from '../dataStore';
import type { Database } from './tables';

/**
 * A page of the file keys the records name, in key order: keyset pagination
 * on the key under COLLATE "C" (byte order, the bucket's listing order), so
 * each page is one statement holding one page, whatever the database's
 * collation. Each source gives its own next `limit` keys first, the kiln logs'
 * from the indexes of migration 2026-11-27-0004 (the spelling is inlined so
 * the analysis key matches its index's expression): a page reads about
 * `limit` index entries a source, not every log of the store.
 */
export async function fileKeysAfter(
  db: Kysely<Database>,
  after: string | null,
  limit: number,
  spelling: FileKeySpelling,
): Promise<string[]> {
  const next = (key: RawBuilder<unknown>, from: string) =>
    sql`(select ${key} as key from ${sql.raw(from)} where ${key} is not null ${after === null ? sql`` : sql`and ${key} > ${after}::text`} order by ${key} limit ${limit})`;
  const c = (expression: RawBuilder<unknown>) => sql`(${expression}) collate "C"`;
  const { rows } = await sql<{ key: string }>`
    select distinct key from (
      ${next(c(sql`s3key`), 'kilnlogs')}
      union all ${next(c(sql`${sql.lit(spelling.analysisPrefix)} || id::text || ${sql.lit(spelling.analysisSuffix)}`), 'kilnlogs')}
      union all ${next(c(sql`photo->>'key'`), 'facility_photos')}
      union all ${next(c(sql`thumb->>'key'`), 'facility_photos')}
      union all ${next(c(sql`file->>'key'`), 'facility_audits')}
      union all ${next(c(sql`${sql.lit(spelling.evidencePrefix)} || doc_key`), 'audits')}
    ) as named
    order by key
    limit ${limit}`.execute(db);
  return rows.map((row) => row.key);
}
