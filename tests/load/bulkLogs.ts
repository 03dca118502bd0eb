import pg from 'pg';
import { appendLogEntries } from './bulkLogEntries';

/**
 * The load's bulk path: a PostgreSQL database the demo seed filled (real
 * burns analysed through the upload path, their files in the bucket) grows
 * to `total` logs in minutes instead of hours. PostgreSQL copies the seeded
 * live logs (insert ... select over generate_series, a batch a transaction):
 * each copy is a whole analysed log, its row and its analysis result, with
 * its own id, sha256 and file name, its log and upload times moved a
 * minute earlier per round of copies, never audited or archived, and its
 * fleet record (fleet_burns) with its start moved as much, so an upload's
 * anomaly pass reads a fleet of that size, filed in the copy index
 * (copy_key_buckets) under its template's buckets (a copy key has no clock
 * time in it), so a copy check's candidate lookups read an index of that
 * size, and its entry in the transparency
 * log (bulkLogEntries.ts), so an upload appends to a log of that size. A copy names
 * its template's raw file (files are not copied: the lists, totals and
 * summaries read rows only) and has no analysis file of its own, so the
 * servers are started before it runs: their start-up sweep would ask the
 * bucket for every missing analysis file.
 */

export type BulkProgress = (done: number, total: number) => void;

const BATCH = 50_000;
/** written per copy below (generated columns are PostgreSQL's) */
const OWN_COLUMNS = new Set(['id', 'logts', 'upload_ts', 'file_name', 'sha256', 'audited', 'audit_id', 'archived_ts', 'delete_after']);

/** written per copy below: the rest of a fleet record is its template's */
const BURN_OWN_COLUMNS = new Set(['log_id', 'logts', 'start_ts', 'fingerprint']);

async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    "select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER' order by ordinal_position",
    [table],
  );
  return rows.map((c) => c.column_name);
}

/**
 * The load is measured on a database at rest, as one that grew to this size over
 * months is: a checkpoint writes out now what the bulk path left in memory (else
 * PostgreSQL writes those gigabytes while the calls are timed). It needs the
 * right to checkpoint (a superuser or pg_checkpoint); without it the load runs on.
 */
async function restAfterBulk(client: pg.Client): Promise<void> {
  try {
    await client.query('checkpoint');
  } catch (err) {
    console.log(
      `  no checkpoint after the bulk path (${err instanceof Error ? err.message : String(err)}): PostgreSQL may still be writing it out`,
    );
  }
}

/** Adds logs until the database holds `total`; answers how many it added. */
export async function addBulkLogs(databaseUrl: string, total: number, progress: BulkProgress = () => undefined): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async (from: string) => Number((await client.query<{ n: string }>(`select count(*) as n from ${from}`)).rows[0].n);
    const have = await count('kilnlogs');
    if (have >= total) return 0;
    await client.query(`create temp table bulk_template as
      select (row_number() over (order by l.id) - 1)::int as n, l.*, a.analysis
      from kilnlogs l left join kilnlog_analyses a on a.kilnlog_id = l.id
      where l.archived_ts is null`);
    const templates = await count('bulk_template');
    if (templates === 0) throw new Error('The bulk path copies seeded logs: seed the database first.');
    const copied = (await columnsOf(client, 'kilnlogs')).filter((c) => !OWN_COLUMNS.has(c));
    await client.query(`create temp table bulk_burns as select t.n, b.* from bulk_template t join fleet_burns b on b.log_id = t.id`);
    const burnColumns = (await columnsOf(client, 'fleet_burns')).filter((c) => !BURN_OWN_COLUMNS.has(c));
    await client.query(
      `create temp table bulk_buckets as select t.n, c.bucket from bulk_template t join copy_key_buckets c on c.log_id = t.id`,
    );
    const firstId = Number((await client.query<{ id: number }>('select coalesce(max(id), 0) + 1 as id from kilnlogs')).rows[0].id);
    const adding = total - have;
    const columns = copied.map((c) => `"${c}"`).join(', ');
    const fromTemplate = copied.map((c) => `t."${c}"`).join(', ');
    // g: the copy's place, 0 up; t: its template; the g-th copy of one template moves a minute earlier per round
    const shift = `make_interval(mins => g / ${templates})`;
    for (let from = 0; from < adding; from += BATCH) {
      const to = Math.min(from + BATCH, adding) - 1;
      const rows = `generate_series(${from}, ${to}) g join bulk_template t on t.n = g % ${templates}`;
      await client.query('begin');
      await client.query(
        `insert into kilnlogs (id, logts, upload_ts, file_name, sha256, audited, audit_id, archived_ts, delete_after, ${columns})
         select ${firstId} + g,
                to_char(t.logts::timestamp - ${shift}, 'YYYY-MM-DD"T"HH24:MI:SS'),
                t.upload_ts - ${shift},
                'bulk-' || g || '-' || t.file_name,
                encode(sha256(convert_to('kiln-console bulk log ' || g, 'UTF8')), 'hex'),
                false, null, null, null, ${fromTemplate}
         from ${rows}`,
      );
      await client.query(
        `insert into kilnlog_analyses (kilnlog_id, analysis) select ${firstId} + g, t.analysis from ${rows} where t.analysis is not null`,
      );
      const shiftMs = `(g / ${templates}) * 60000`;
      await client.query(
        `insert into fleet_burns (log_id, logts, start_ts, fingerprint, ${burnColumns.map((c) => `"${c}"`).join(', ')})
         select ${firstId} + g,
                to_char(b.logts::timestamp - ${shift}, 'YYYY-MM-DD"T"HH24:MI:SS'),
                b.start_ts - ${shiftMs},
                jsonb_set(b.fingerprint, '{start_ts}', to_jsonb(b.start_ts - ${shiftMs})),
                ${burnColumns.map((c) => `b."${c}"`).join(', ')}
         from generate_series(${from}, ${to}) g join bulk_burns b on b.n = g % ${templates}`,
      );
      await client.query(
        `insert into copy_key_buckets (bucket, log_id)
         select k.bucket, ${firstId} + g from generate_series(${from}, ${to}) g join bulk_buckets k on k.n = g % ${templates}`,
      );
      await client.query('commit');
      progress(to + 1, adding);
    }
    // each copy's entry in the transparency log, as its upload would have appended it
    const logged = await appendLogEntries(client, firstId - 1);
    console.log(`  the transparency log holds ${logged.toLocaleString('en')} entries`);
    await client.query("select setval(pg_get_serial_sequence('kilnlogs', 'id'), (select max(id) from kilnlogs))");
    await client.query('vacuum analyze kilnlogs');
    await client.query('vacuum analyze kilnlog_analyses');
    await client.query('analyze kilnlog_tallies');
    await client.query('vacuum analyze fleet_burns');
    await client.query('vacuum analyze copy_key_buckets');
    await client.query('vacuum analyze transparency_entries');
    await client.query('vacuum analyze transparency_nodes');
    await restAfterBulk(client);
    return adding;
  } finally {
    await client.end();
  }
}
