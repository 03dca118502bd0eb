import { sql, type Insertable, type Kysely } from 'kysely';
import { facilitySettingsOf } from '../../../src/domain/facilitySettings';
import { storedTransactionKeys } from '../auditRules';
import type { EmbeddedShape } from '../embedded/state';
import { toAnalysisRows, toLogColumns } from './logRows';
import type { Database } from './tables';

/**
 * Loads a whole embedded state into an empty PostgreSQL database, ids kept,
 * in multi-row inserts of a few hundred rows (PostgreSQL takes at most 65,535
 * parameters a statement), all in one transaction: a failed copy leaves the
 * database empty. The copy command and the seed on PostgreSQL use it.
 */

export type Progress = (table: string, done: number, total: number) => void;

const BATCH = 500;
/** tables in the order their references need, with the serial id each has */
const TABLES_WITH_IDS = [
  'users',
  'facilities',
  'facility_photos',
  'facility_audits',
  'kilns',
  'kiln_keys',
  'kiln_calibrations',
  'kilnlogs',
  'audits',
  'eco_assets',
  'eco_allocations',
  'eco_retirements',
  'buffer_shares',
  'changes',
  'statistics',
  'user_changes',
  'facility_changes',
  'anomalies',
  'labs',
  'lab_keys',
  'batches',
  'lab_results',
  'end_uses',
] as const;
/** every table the store writes (kilnlog_tallies follows kilnlogs by its triggers) */
const ALL_TABLES = [
  ...TABLES_WITH_IDS,
  'kilnlog_analyses',
  'audit_claims',
  'audit_burns',
  'audit_credits',
  'fleet_burns',
  'copy_key_buckets',
  'transparency_entries',
  'transparency_nodes',
  'transparency_lookups',
  'batch_burns',
] as const satisfies readonly (keyof Database)[];
type LoadedTable = (typeof ALL_TABLES)[number];

/** Table names with rows; empty when the database holds nothing at all. */
export async function nonEmptyTables(db: Kysely<Database>): Promise<string[]> {
  const found: string[] = [];
  for (const table of ALL_TABLES) {
    const row = await sql<{ one: number }>`select 1 as one from ${sql.table(table)} limit 1`.execute(db);
    if (row.rows.length) found.push(table);
  }
  return found;
}

async function insertBatches<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  progress: Progress,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // Kysely types the values per table; the rows were typed by the caller
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
    progress(table, Math.min(i + BATCH, rows.length), rows.length);
  }
  if (rows.length === 0) progress(table, 0, 0);
}

/** The rows of each table, from the embedded state. */
function tableRows(state: EmbeddedShape) {
  const claims = state.audits.flatMap((a) => a.analysis_ids.map((kilnlog_id) => ({ kilnlog_id, audit_id: a.id })));
  return {
    users: state.users.map((u) => ({ ...u, facility_ids: [...u.facility_ids] })),
    facilities: state.facilities.map((f) => ({
      ...f,
      vm0044_high_tech_conditions: JSON.stringify(facilitySettingsOf(f).vm0044_high_tech_conditions),
    })),
    facility_photos: state.facility_photos.map((p) => ({ ...p, photo: JSON.stringify(p.photo), thumb: JSON.stringify(p.thumb) })),
    facility_audits: state.facility_audits.map((s) => ({ ...s, file: JSON.stringify(s.file) })),
    kilns: state.kilns,
    kiln_keys: state.kiln_keys,
    kiln_calibrations: state.kiln_calibrations,
    kilnlogs: state.kilnlogs.map(toLogColumns),
    kilnlog_analyses: toAnalysisRows(state.kilnlogs),
    audits: state.audits.map((a) => ({ ...a, analysis_ids: [...a.analysis_ids] })),
    audit_claims: claims,
    audit_burns: state.audit_burns,
    audit_credits: state.audit_credits,
    eco_assets: ((keys) => state.eco_assets.map((e) => ({ ...e, transaction_key: keys.get(e.id)! })))(
      storedTransactionKeys(state.eco_assets),
    ),
    eco_allocations: state.eco_allocations,
    eco_retirements: state.eco_retirements,
    buffer_shares: state.buffer_shares,
    changes: state.changes,
    statistics: state.statistics.map((snapshot, i) => ({ id: i + 1, snapshot: JSON.stringify(snapshot) })),
    user_changes: state.user_changes.map((c) => ({ ...c, detail: JSON.stringify(c.detail) })),
    facility_changes: state.facility_changes.map((c) => ({ ...c, detail: JSON.stringify(c.detail) })),
    fleet_burns: state.fleet_burns.map((b) => ({ ...b, reasons: JSON.stringify(b.reasons), fingerprint: JSON.stringify(b.fingerprint) })),
    copy_key_buckets: state.copy_key_buckets,
    anomalies: state.anomalies,
    transparency_entries: state.transparency_entries,
    transparency_nodes: state.transparency_nodes,
    transparency_lookups: state.transparency_lookups,
    labs: state.labs,
    lab_keys: state.lab_keys,
    batches: state.batches.map((b) => ({ ...b, analysis_ids: [...b.analysis_ids], emissions: b.emissions && JSON.stringify(b.emissions) })),
    batch_burns: state.batches.flatMap((b) => b.analysis_ids.map((kilnlog_id) => ({ kilnlog_id, batch_id: b.id }))),
    // in id order: a correction names the result it supersedes, stored before it
    lab_results: [...state.lab_results].sort((a, b) => a.id - b.id).map((r) => ({ ...r, methods: [...r.methods] })),
    end_uses: state.end_uses,
  };
}

/** replace: empty every table first (the seed); otherwise the tables must be empty already (the copy checks). */
export async function bulkLoad(
  db: Kysely<Database>,
  state: EmbeddedShape,
  progress: Progress = () => undefined,
  replace = false,
): Promise<void> {
  const rows = tableRows(state);
  await db.transaction().execute(async (tx) => {
    if (replace) await sql`truncate ${sql.join(ALL_TABLES.map((t) => sql.table(t)))} restart identity`.execute(tx);
    const load = <T extends LoadedTable>(table: T) => insertBatches(tx, table, rows[table] as Insertable<Database[T]>[], progress);
    for (const table of ALL_TABLES) await load(table);
    for (const table of TABLES_WITH_IDS) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(tx);
    }
  });
  // fresh planner statistics and visibility map for the loaded tables (VACUUM cannot run inside a transaction)
  await sql`vacuum analyze`.execute(db);
}
