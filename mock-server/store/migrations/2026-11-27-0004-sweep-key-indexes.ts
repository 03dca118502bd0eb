import { sql, type Kysely } from 'kysely';

/**
 * The start-up file sweep reads the keys the records name a page at a time in
 * byte order (store/postgres/fileKeys.ts). Without these, each page sorted
 * every kiln log's two keys again: at 1,000,000 logs, some 200 pages of
 * 2,000,000 keys. The analysis key is spelled as store/fileSweep.ts's
 * FILE_KEY_SPELLING spells it; another spelling still reads right, only slower.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('kilnlogs_s3key_bytes')
    .on('kilnlogs')
    .expression(sql`(s3key) collate "C"`)
    .execute();
  await db.schema
    .createIndex('kilnlogs_analysis_key_bytes')
    .on('kilnlogs')
    .expression(sql`('analysis/' || id::text || '.json') collate "C"`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('kilnlogs_analysis_key_bytes').execute();
  await db.schema.dropIndex('kilnlogs_s3key_bytes').execute();
}
