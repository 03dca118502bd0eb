import { sql, type Kysely } from 'kysely';
import type { FileKeySpelling } from '../dataStore';
import type { Database } from './tables';

/**
 * A page of the file keys the records name, in key order: keyset pagination
 * on the key under COLLATE "C" (byte order, the bucket's listing order), so
 * each page is one statement holding one page, whatever the database's collation.
 */
export async function fileKeysAfter(db: Kysely<Database>, after: string | null, limit: number, spelling: FileKeySpelling): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`
    select key from (
      select distinct key collate "C" as key from (
        select s3key as key from kilnlogs
        union all select ${spelling.analysisPrefix}::text || id || ${spelling.analysisSuffix}::text from kilnlogs
        union all select photo->>'key' from facility_photos
        union all select thumb->>'key' from facility_photos
        union all select file->>'key' from facility_audits
        union all select ${spelling.evidencePrefix}::text || doc_key from audits where doc_key is not null
      ) as named
    ) as keys
    where key is not null ${after === null ? sql`` : sql`and key collate "C" > ${after}::text`}
    order by key collate "C"
    limit ${limit}`.execute(db);
  return rows.map((row) => row.key);
}
