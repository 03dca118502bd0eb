import { sql, type Kysely } from 'kysely';

/**
 * A job id names one audit: unique across all audits, pending or
 * signed off, in the form jobKey compares them (trimmed, NFKC, case folded).
 * Audits stored before that share a key keep their names but the first; each
 * later one gets ' (proposal <id>)' appended, so the index holds over what is
 * stored and no audit is lost.
 */
const KEY = sql`lower(normalize(btrim(job_id), NFKC))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update audits a
       set job_id = a.job_id || ' (proposal ' || a.id || ')'
      from (select id, row_number() over (partition by ${KEY} order by id) as n from audits) d
     where d.id = a.id and d.n > 1`.execute(db);
  await db.schema.createIndex('audits_job_key').unique().on('audits').expression(KEY).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audits_job_key').execute();
}
