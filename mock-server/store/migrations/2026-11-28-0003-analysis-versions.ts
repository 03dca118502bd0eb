import { sql, type Kysely } from 'kysely';

/**
 * The start-up upgrade asks which results an older algorithm computed
 * (kilnLogs.outdated, store/analysisVersions.ts). Without this index it read
 * every log's result, a page at a time: at 1,000,000 logs, minutes of a server's
 * CPU and of the database's at every start. The version is read as
 * resultVersion reads it: '' when the result names none or is not JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function kilnlog_algorithm_version(analysis text) returns text language plpgsql immutable as $$
    declare
      result json;
    begin
      -- PostgreSQL refuses an escaped NUL character anywhere in JSON it reads, and a failing index expression would
      -- fail the write: each is read as U+FFFD, which no version holds. Whatever else fails reads as '' (analysed again)
      result := replace(analysis, '\\u0000', '\\ufffd')::json;
      return case when json_typeof(result->'algorithm_version') = 'string' then result->>'algorithm_version' else '' end;
    exception when others then
      return '';
    end
    $$`.execute(db);
  await db.schema
    .createIndex('kilnlog_analyses_algorithm_version')
    .on('kilnlog_analyses')
    .expression(sql`kilnlog_algorithm_version(analysis)`)
    .execute();
  // the planner's figures for the new expression: without them it reads every result rather than the index
  await sql`analyze kilnlog_analyses`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('kilnlog_analyses_algorithm_version').execute();
  await sql`drop function kilnlog_algorithm_version(text)`.execute(db);
}
