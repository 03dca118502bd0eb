import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { KilnLogSortField } from '../../../src/domain/api/kilnLogs';
import { ROLES } from '../../../src/domain/rules';
import { conflict } from '../errors';
import type { KilnLogFilter, KilnLogScope } from '../../kilnlogs/query';
import {
  ANY_KILN_TYPE,
  checkAllocations,
  checkMintInput,
  checkProposeInput,
  checkSignoff,
  checkSignoffBurns,
  claimProblems,
  frozenBurn,
  refuseClaim,
  refuseTakenTransaction,
  transactionKey,
  unsignedProblems,
} from '../auditRules';
import { mintLedger, retirementOf } from '../ledgerRules';
import { MINT_SERIALS_KEY, NAMESPACE } from './advisoryLock';
import { keyTaken } from '../../kilns/kilnKeys';
import { toGrams, toKg } from '../../../src/domain/carbon';
import type {
  AuditStore,
  AuditTotals,
  ChangeStore,
  Co2SummaryRow,
  EcoAssetStore,
  FacilityStore,
  KilnLogPatch,
  KilnLogStore,
  KilnStore,
  ListPage,
  StatisticsStore,
  StoreParts,
  UserSortField,
  UserStore,
} from '../dataStore';
import type { AuditRow, KilnLogRecord, StatisticsSnapshot } from '../records';
import { LAST_SUPER_ADMIN, OWNER_ROLES, unknownFacilities } from '../userRules';
import type { Database, KilnLogsTable } from './tables';
import { postgresFleet } from './fleetPart';

export type Db = Kysely<Database> | Transaction<Database>;

let savepoints = 0;

/**
 * Runs fn atomically: in a new transaction, or inside the caller's as a
 * savepoint, so a refused operation undoes only itself and the caller's
 * transaction goes on (PostgreSQL would otherwise abort all of it).
 * Operations in one transaction run one after another, never at once.
 */
export async function atomic<T>(db: Db, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute(fn);
  return guarded(db, (tx) => fn(tx as Transaction<Database>));
}

/** One statement: alone it is atomic already; inside a transaction it gets its own savepoint. */
async function guarded<T>(db: Db, fn: (q: Db) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return fn(db);
  const tx = db as Transaction<Database>;
  const name = sql.id(`op_${++savepoints}`);
  await sql`savepoint ${name}`.execute(tx);
  try {
    const result = await fn(tx);
    await sql`release savepoint ${name}`.execute(tx);
    return result;
  } catch (err) {
    await sql`rollback to savepoint ${name}`.execute(tx);
    throw err;
  }
}

/** One statement, PostgreSQL's unique violation turned into a 409 with our words. */
async function unique<T>(db: Db, message: string, fn: (q: Db) => Promise<T>): Promise<T> {
  try {
    return await guarded(db, fn);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict(message);
    throw err;
  }
}

const desc = (order: 'ASC' | 'DESC') => order === 'DESC';

// ---------------------------------------------------------------- users
/**
 * Locks every super-admin row (id order), so changes that could leave no
 * super-admin, or hand facilities to one, run one after another; answers
 * the super-admins' ids, oldest first.
 */
async function lockSuperAdmins(tx: Transaction<Database>): Promise<number[]> {
  return (await tx.selectFrom('users').select('id').where('role', '=', ROLES.SUPER_ADMIN).orderBy('id').forUpdate().execute()).map((r) => r.id);
}

/** Gives the user's facilities, but those kept, to the oldest other super-admin (none: they stay). */
async function handOver(tx: Transaction<Database>, superAdmins: readonly number[], id: number, keep: readonly number[] = []): Promise<void> {
  const heir = superAdmins.find((x) => x !== id);
  if (heir === undefined) return;
  let q = tx.updateTable('facilities').set({ owner_id: heir }).where('owner_id', '=', id);
  if (keep.length) q = q.where('id', 'not in', [...keep]);
  await q.execute();
}

function users(db: Db): UserStore {
  const SORT: Record<UserSortField, UserSortField> = { id: 'id', username: 'username', role: 'role', created_ts: 'created_ts', last_login_ts: 'last_login_ts' };
  const refuseLastSuperAdmin = (superAdmins: readonly number[], row: { id: number; role: number }) => {
    if (row.role === ROLES.SUPER_ADMIN && !superAdmins.some((x) => x !== row.id)) throw conflict(LAST_SUPER_ADMIN);
  };
  return {
    get: async (id) => (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,
    findByUsername: async (username) => (await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst()) ?? null,
    lock: (id) =>
      atomic(db, async (tx) => {
        await lockSuperAdmins(tx);
        return (await tx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null;
      }),
    list: async (filter, page) => {
      const where = (eb: ExpressionBuilder<Database, 'users'>) =>
        eb.and([
          ...(filter.ids ? [eb('id', 'in', filter.ids.length ? filter.ids : [0])] : []),
          ...(filter.role !== undefined ? [eb('role', '=', filter.role)] : []),
          ...(filter.q ? [eb(eb.fn('strpos', [eb.fn('lower', ['username']), eb.val(filter.q)]), '>', 0)] : []),
        ]);
      const d = desc(page.sort.order);
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where(where)
        .orderBy(SORT[page.sort.field], (o) => (d ? o.desc() : o.asc()).nullsLast())
        .orderBy('id', d ? 'desc' : 'asc')
        .offset(page.range[0])
        .limit(page.range[1] - page.range[0] + 1)
        .execute();
      const { n } = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirstOrThrow();
      return { rows, start: page.range[0], total: Number(n) };
    },
    withRoles: (roles) => db.selectFrom('users').selectAll().where('role', 'in', roles.length ? [...roles] : [-1]).orderBy('id').execute(),
    create: (user) =>
      unique(db, `The username ${user.username} is taken.`, (tx) =>
        tx.insertInto('users').values({ ...user, facility_ids: [...user.facility_ids], last_login_ts: null }).returningAll().executeTakeFirstOrThrow(),
      ),
    update: (id, patch) =>
      unique(db, `The username ${patch.username} is taken.`, (q) => atomic(q, async (tx) => {
          const roleMayChange = patch.role !== undefined;
          const superAdmins = roleMayChange ? await lockSuperAdmins(tx) : [];
          const row = await tx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
          if (!row) return null;
          const roleChanges = roleMayChange && patch.role !== row.role;
          if (roleChanges) refuseLastSuperAdmin(superAdmins, row);
          if (roleChanges && !OWNER_ROLES.includes(patch.role!)) await handOver(tx, superAdmins, id);
          const bump = (patch.password_hash !== undefined && patch.password_hash !== row.password_hash) || roleChanges;
          // an empty patch (a facility list alone) writes nothing: an UPDATE without SET is no SQL
          if (Object.keys(patch).length === 0) return row;
          return tx
            .updateTable('users')
            .set({ ...patch, ...(patch.facility_ids && { facility_ids: [...patch.facility_ids] }), ...(bump && { token_version: row.token_version + 1 }) })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
      })),
    recordLogin: async (id, ts) => {
      await db.updateTable('users').set({ last_login_ts: ts }).where('id', '=', id).execute();
    },
    delete: (id) =>
      atomic(db, async (tx) => {
        const superAdmins = await lockSuperAdmins(tx);
        const row = await tx.selectFrom('users').select(['id', 'role']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!row) return false;
        refuseLastSuperAdmin(superAdmins, row);
        await handOver(tx, superAdmins, id);
        return (await tx.deleteFrom('users').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n;
      }),
    count: async () => Number((await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    setFacilities: (id, facilityIds) =>
      atomic(db, async (tx) => {
        const superAdmins = await lockSuperAdmins(tx);
        if (!(await tx.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst())) return null;
        const wanted = [...new Set(facilityIds)].sort((a, b) => a - b);
        const rows = wanted.length ? await tx.selectFrom('facilities').select(['id', 'owner_id']).where('id', 'in', wanted).orderBy('id').forUpdate().execute() : [];
        const found = rows.map((f) => f.id);
        const unknown = wanted.filter((fid) => !found.includes(fid));
        if (unknown.length) throw unknownFacilities(unknown);
        const before = (await tx.selectFrom('facilities').select('id').where('owner_id', '=', id).orderBy('id').execute()).map((f) => f.id);
        await handOver(tx, superAdmins, id, wanted);
        if (wanted.length) await tx.updateTable('facilities').set({ owner_id: id }).where('id', 'in', wanted).execute();
        return { before, after: wanted, taken: rows.filter((f) => f.owner_id !== id) };
      }),
    recordChange: async (change) => {
      const row = await db.insertInto('user_changes').values({ ...change, detail: JSON.stringify(change.detail) }).returningAll().executeTakeFirstOrThrow();
      return row;
    },
    changesOf: (userId) => db.selectFrom('user_changes').selectAll().where('user_id', '=', userId).orderBy('ts', 'desc').orderBy('id', 'desc').execute(),
  };
}

// ---------------------------------------------------------------- facilities
function facilities(db: Db): FacilityStore {
  return {
    list: async (filter = {}) => {
      let q = db
        .selectFrom('facilities as f')
        .leftJoin('facility_photos as p', 'p.facility_id', 'f.id')
        .selectAll('f')
        .select(sql<string | null>`p.photo->>'uploaded_ts'`.as('photo_uploaded_ts'))
        .orderBy('f.mnemonic');
      if (filter.ownerId !== undefined) q = q.where('f.owner_id', '=', filter.ownerId);
      return q.execute();
    },
    get: async (id) => (await db.selectFrom('facilities').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,
    lock: async (id) => (await db.selectFrom('facilities').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null,
    idsOwnedBy: async (userId) => (await db.selectFrom('facilities').select('id').where('owner_id', '=', userId).orderBy('id').execute()).map((r) => r.id),
    mnemonics: async () => (await db.selectFrom('facilities').select('mnemonic').orderBy('mnemonic').execute()).map((r) => r.mnemonic),
    create: (fields) => unique(db, `The mnemonic ${fields.mnemonic} is taken.`, (tx) => tx.insertInto('facilities').values(fields).returningAll().executeTakeFirstOrThrow()),
    update: async (id, patch) =>
      (await unique(db, `The mnemonic ${patch.mnemonic} is taken.`, (tx) => tx.updateTable('facilities').set(patch).where('id', '=', id).returningAll().executeTakeFirst())) ?? null,
    photo: async (facilityId) => (await db.selectFrom('facility_photos').selectAll().where('facility_id', '=', facilityId).executeTakeFirst()) ?? null,
    replacePhoto: (photo) =>
      atomic(db, async (tx) => {
        // the facility row is the lock two uploads for one facility queue on
        await tx.selectFrom('facilities').select('id').where('id', '=', photo.facility_id).forUpdate().execute();
        const replaced = (await tx.deleteFrom('facility_photos').where('facility_id', '=', photo.facility_id).returningAll().executeTakeFirst()) ?? null;
        const row = await tx
          .insertInto('facility_photos')
          .values({ facility_id: photo.facility_id, photo_guid: photo.photo_guid, photo: JSON.stringify(photo.photo), thumb: JSON.stringify(photo.thumb) })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { photo: row, replaced };
      }),
    addStatement: (statement, ts) =>
      atomic(db, async (tx) => {
        const facility = await tx.selectFrom('facilities').select('id').where('id', '=', statement.facility_id).forUpdate().executeTakeFirst();
        if (!facility) throw conflict('No such facility.');
        const row = await tx
          .insertInto('facility_audits')
          .values({ facility_id: statement.facility_id, file_type: statement.file_type, file: JSON.stringify(statement.file) })
          .returningAll()
          .executeTakeFirstOrThrow();
        await tx.updateTable('facilities').set({ latest_facility_audit_id: row.id, last_updated: ts }).where('id', '=', statement.facility_id).execute();
        return row;
      }),
    statement: async (facilityId, id) => {
      const q = db.selectFrom('facility_audits as s').selectAll('s').where('s.facility_id', '=', facilityId);
      const row =
        id !== null
          ? await q.where('s.id', '=', id).executeTakeFirst()
          : await q.innerJoin('facilities as f', 'f.latest_facility_audit_id', 's.id').executeTakeFirst();
      return row ?? null;
    },
    recordChange: (change) => db.insertInto('facility_changes').values({ ...change, detail: JSON.stringify(change.detail) }).returningAll().executeTakeFirstOrThrow(),
    changesOf: (facilityId, actions) => {
      let q = db.selectFrom('facility_changes').selectAll().where('facility_id', '=', facilityId);
      if (actions) q = q.where('action', 'in', [...actions]);
      return q.orderBy('ts', 'desc').orderBy('id', 'desc').execute();
    },
  };
}

// ---------------------------------------------------------------- kilns
function kilns(db: Db): KilnStore {
  const taken = (kilnId: string | undefined) => `The kiln id ${kilnId} is taken.`;
  return {
    list: async (filter = {}) => {
      let q = db
        .selectFrom('kilns as k')
        .innerJoin('facilities as f', 'f.id', 'k.facility_id')
        .selectAll('k')
        .select(['f.mnemonic as facility_mnemonic', 'f.name as facility_name'])
        .orderBy('k.id');
      if (filter.facilityIds) q = q.where('k.facility_id', 'in', filter.facilityIds.length ? [...filter.facilityIds] : [0]);
      return q.execute();
    },
    get: async (id) => (await db.selectFrom('kilns').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,
    lock: async (id) => (await db.selectFrom('kilns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null,
    findByKilnId: async (kilnId) => {
      const kiln = await db
        .selectFrom('kilns')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['kiln_id']), '=', kilnId.toLowerCase()))
        .executeTakeFirst();
      if (!kiln) return null;
      const facility = await db.selectFrom('facilities').selectAll().where('id', '=', kiln.facility_id).executeTakeFirst();
      return facility ? { kiln, facility } : null;
    },
    create: (fields) => unique(db, taken(fields.kiln_id), (tx) => tx.insertInto('kilns').values(fields).returningAll().executeTakeFirstOrThrow()),
    update: async (id, patch) => (await unique(db, taken(patch.kiln_id), (tx) => tx.updateTable('kilns').set(patch).where('id', '=', id).returningAll().executeTakeFirst())) ?? null,
    approve: (id, approval) =>
      atomic(db, async (tx) => {
        const row = await tx.selectFrom('kilns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!row) return null;
        if (row.approved_ts !== null) return { kiln: row, approved: false };
        const kiln = await tx.updateTable('kilns').set(approval).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        await tx
          .updateTable('kilnlogs')
          .set({ kiln_pending: false })
          .where('kiln', '=', id)
          .where('facility_id', '=', row.facility_id)
          .where('kiln_pending', '=', true)
          .execute();
        return { kiln, approved: true };
      }),
    keys: (kilnId) => db.selectFrom('kiln_keys').selectAll().where('kiln_id', '=', kilnId).orderBy('id').execute(),
    keyByFingerprint: async (fingerprint) => (await db.selectFrom('kiln_keys').selectAll().where('fingerprint', '=', fingerprint).executeTakeFirst()) ?? null,
    addKey: async (key) => {
      try {
        return await guarded(db, (q) => q.insertInto('kiln_keys').values(key).returningAll().executeTakeFirstOrThrow());
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw keyTaken();
        throw err;
      }
    },
    revokeKey: (kilnId, keyId, ts) =>
      atomic(db, async (tx) => {
        const row = await tx.selectFrom('kiln_keys').selectAll().where('id', '=', keyId).where('kiln_id', '=', kilnId).forUpdate().executeTakeFirst();
        if (!row) return null;
        if (row.revoked_ts !== null) return { key: row, revoked: false };
        const key = await tx.updateTable('kiln_keys').set({ revoked_ts: ts }).where('id', '=', keyId).returningAll().executeTakeFirstOrThrow();
        return { key, revoked: true };
      }),
  };
}

// ---------------------------------------------------------------- kiln logs
type LogRow = Selectable<KilnLogsTable>;

export function toLogRecord(row: LogRow, analysis: string | null): KilnLogRecord {
  const { co2_removed, biochar_produced, status_rank: _rank, ...rest } = row;
  return { ...rest, analysis, analysis_detail: co2_removed === null || biochar_produced === null ? null : { co2_removed, biochar_produced } };
}

export function toLogColumns(row: KilnLogRecord): Omit<LogRow, 'status_rank'> {
  const { analysis_detail, analysis: _analysis, ...rest } = row;
  return { ...rest, co2_removed: analysis_detail?.co2_removed ?? null, biochar_produced: analysis_detail?.biochar_produced ?? null };
}

export const toAnalysisRows = (rows: readonly KilnLogRecord[]) =>
  rows.filter((r) => r.analysis !== null).map((r) => ({ kilnlog_id: r.id, analysis: r.analysis! }));

/** The rows as records, each with its analysis result, fetched in one query for all of them. */
/**
 * `column = any($1)`: one array parameter however many ids, where `in (...)`
 * takes one parameter each and PostgreSQL's protocol stops at 65,535 (the
 * potential logs of a 100,000-log business are more).
 */
const anyOf = (column: string, ids: readonly number[]) => sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::int[])`;

async function complete(db: Db, rows: readonly LogRow[]): Promise<KilnLogRecord[]> {
  if (rows.length === 0) return [];
  const found = await db
    .selectFrom('kilnlog_analyses')
    .select(['kilnlog_id', 'analysis'])
    .where(anyOf('kilnlog_id', rows.map((r) => r.id)))
    .execute();
  const byId = new Map(found.map((a) => [a.kilnlog_id, a.analysis]));
  return rows.map((r) => toLogRecord(r, byId.get(r.id) ?? null));
}

async function completeOne(db: Db, row: LogRow | undefined): Promise<KilnLogRecord | null> {
  return row ? (await complete(db, [row]))[0] : null;
}

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
  const text = (col: 'kiln_id' | 'facility_name' | 'file_name' | 'error_message') => eb(eb.fn('strpos', [eb.fn('lower', [col]), eb.val(f.q!)]), '>', 0);
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
    ...(f.q !== undefined ? [eb.or([text('kiln_id'), text('facility_name'), text('file_name'), text('error_message'), eb(eb.cast('id', 'text'), '=', f.q)])] : []),
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
  const detail = analysis_detail === undefined ? {} : { co2_removed: analysis_detail?.co2_removed ?? null, biochar_produced: analysis_detail?.biochar_produced ?? null };
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

function kilnLogs(db: Db): KilnLogStore {
  const refuseTwin = async (sha256: string): Promise<never> => {
    const twin = await db.selectFrom('kilnlogs').select(['id', 'archived_ts']).where('sha256', '=', sha256).executeTakeFirst();
    throw conflict(twin ? `This file was uploaded before, as log ${twin.id}${twin.archived_ts ? ' (archived)' : ''}.` : 'This file was uploaded before.');
  };
  return {
    reserveId: async () => Number((await sql<{ id: string }>`select nextval(pg_get_serial_sequence('kilnlogs', 'id')) as id`.execute(db)).rows[0].id),
    insert: async (row) => {
      const existing = await db.selectFrom('kilnlogs').select('id').where('sha256', '=', row.sha256).executeTakeFirst();
      if (existing) return refuseTwin(row.sha256);
      try {
        return await atomic(db, async (tx) => {
          const stored = await tx.insertInto('kilnlogs').values(toLogColumns(row)).returningAll().executeTakeFirstOrThrow();
          if (row.analysis !== null) await tx.insertInto('kilnlog_analyses').values({ kilnlog_id: row.id, analysis: row.analysis }).execute();
          return toLogRecord(stored, row.analysis);
        });
      } catch (err) {
        // two uploads of one file at once: the unique index lets one in
        if ((err as { code?: string; constraint?: string }).code === '23505' && (err as { constraint?: string }).constraint === 'kilnlogs_sha256_key') {
          return refuseTwin(row.sha256);
        }
        throw err;
      }
    },
    insertMany: async (rows) => {
      if (rows.length === 0) return;
      await unique(db, 'A log repeats the content or id of another.', (q) => atomic(q, async (tx) => {
          // a few hundred rows a statement keeps each under PostgreSQL's 65,535 parameters
          for (let i = 0; i < rows.length; i += 500) {
            const batch = rows.slice(i, i + 500);
            await tx.insertInto('kilnlogs').values(batch.map(toLogColumns)).execute();
            const analyses = toAnalysisRows(batch);
            if (analyses.length) await tx.insertInto('kilnlog_analyses').values(analyses).execute();
          }
          await sql`select setval(pg_get_serial_sequence('kilnlogs', 'id'), greatest((select max(id) from kilnlogs), 1))`.execute(tx);
      }));
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
        // the audit by its primary key, for the page's rows only
        .leftJoin('audits as au', 'au.id', 'l.audit_id')
        .selectAll('l')
        .select(['a.analysis', 'au.job_id as audit_job_id'])
        .orderBy('p.place')
        .execute()
        .then((rows) => rows.map(({ analysis, audit_job_id, ...row }) => ({ ...toLogRecord(row, analysis), audit_job_id })));
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
        .where((eb) => eb.not(eb.exists(eb.selectFrom('audit_claims as c').select('c.kilnlog_id').whereRef('c.kilnlog_id', '=', 'kilnlogs.id'))))
        .returningAll()
        .execute();
      // the analyses went with their rows (on delete cascade): answered without them
      return rows.map((r) => toLogRecord(r, null)).sort((a, b) => a.id - b.id);
    },
  };
}

// ---------------------------------------------------------------- audits and eco assets
/** Each audit with its frozen totals and the kg allocated from it. */
/** each audit with its totals, which the triggers keep (migration 0007): no burn or allocation is summed here */
function auditTotalsQuery(db: Db) {
  return db
    .selectFrom('audits as a')
    .leftJoin('audit_totals as t', 't.audit_id', 'a.id')
    .selectAll('a')
    .select((eb) => [
      eb.fn.coalesce('t.audited_co2', eb.lit(0)).as('audited_co2'),
      eb.fn.coalesce('t.audited_biochar', eb.lit(0)).as('audited_biochar'),
      eb.fn.coalesce('t.utilised_co2', eb.lit(0)).as('utilised_co2'),
    ]);
}

type TotalsRow = AuditRow & { audited_co2: number | string; audited_biochar: number | string; utilised_co2: number | string };

function toTotals(row: TotalsRow): AuditTotals {
  const { audited_co2, audited_biochar, utilised_co2, ...audit } = row;
  return { audit, audited_co2: Number(audited_co2), audited_biochar: Number(audited_biochar), utilised_co2: Number(utilised_co2) };
}

const facilityLimit = (ids: readonly number[] | null | undefined) => (ids ? (ids.length ? [...ids] : [0]) : null);

function audits(db: Db): AuditStore {
  return {
    get: async (id) => (await db.selectFrom('audits').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,
    withDocKey: async (docKey) =>
      (await db.selectFrom('audits').selectAll().where('doc_key', '=', docKey).where('signoff_ts', 'is not', null).executeTakeFirst()) ?? null,
    open: () => db.selectFrom('audits').selectAll().where('signoff_ts', 'is', null).orderBy('create_ts', 'desc').orderBy('id', 'desc').execute(),
    potentialLogs: async ({ kiln_type, facilityIds }) => {
      const limit = facilityLimit(facilityIds);
      let q = db
        .selectFrom('kilnlogs as l')
        .selectAll('l')
        .where('l.valid', '=', true)
        .where('l.kiln_pending', '=', false)
        .where('l.error_message', 'is', null)
        .where('l.audited', '=', false)
        .where('l.archived_ts', 'is', null)
        .where('l.facility_id', 'is not', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('audit_claims as c').select('c.kilnlog_id').whereRef('c.kilnlog_id', '=', 'l.id'))))
        .orderBy('l.logts')
        .orderBy('l.id');
      if (limit) q = q.where('l.facility_id', 'in', limit);
      if (kiln_type !== ANY_KILN_TYPE) q = q.where('l.type', '=', kiln_type);
      return complete(db, await q.execute());
    },
    logsOf: async (auditId) => {
      const audit = await db.selectFrom('audits').select('analysis_ids').where('id', '=', auditId).executeTakeFirst();
      if (!audit || audit.analysis_ids.length === 0) return [];
      return complete(db, await db.selectFrom('kilnlogs').selectAll().where('id', 'in', audit.analysis_ids).orderBy('id').execute());
    },
    propose: (input) =>
      atomic(db, async (tx) => {
        checkProposeInput(input);
        const ids = [...input.analysis_ids];
        // locks the burns in id order (no deadlock between two proposals), so two claims of one burn queue here
        const rows = await tx.selectFrom('kilnlogs').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute();
        const claimed = await tx.selectFrom('audit_claims').select('kilnlog_id').where('kilnlog_id', 'in', ids).execute();
        const { problems, facilityId, kilnType } = claimProblems(
          input,
          new Map((await complete(tx, rows)).map((r) => [r.id, r])),
          new Set(claimed.map((c) => c.kilnlog_id)),
        );
        if (!problems.length && facilityId !== null) {
          const facility = await tx.selectFrom('facilities').select('signed_burns_only').where('id', '=', facilityId).executeTakeFirst();
          problems.push(...unsignedProblems(facility ?? null, await complete(tx, rows)));
        }
        if (problems.length) refuseClaim(problems);
        const audit = await tx
          .insertInto('audits')
          .values({
            job_id: input.job_id.trim(),
            kiln_type: kilnType,
            facility_id: facilityId!,
            create_ts: input.create_ts,
            analysis_ids: ids,
            proposed_by: input.proposed_by,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('audit_claims')
          .values(ids.map((kilnlog_id) => ({ kilnlog_id, audit_id: audit.id })))
          .execute();
        return audit;
      }),
    signoff: (input) =>
      atomic(db, async (tx) => {
        const audit = (await tx.selectFrom('audits').selectAll().where('id', '=', input.audit_id).forUpdate().executeTakeFirst()) ?? null;
        checkSignoff(audit, input.analysis_ids);
        const ids = [...input.analysis_ids];
        const rows = await complete(tx, await tx.selectFrom('kilnlogs').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute());
        const facility = await tx.selectFrom('facilities').select('signed_burns_only').where('id', '=', audit!.facility_id).executeTakeFirst();
        checkSignoffBurns(rows, input.algorithm_version, facility ?? null);
        await tx.insertInto('audit_burns').values(rows.map((r) => frozenBurn(audit!.id, r, input.algorithm_version))).execute();
        await tx.updateTable('kilnlogs').set({ audited: true, audit_id: audit!.id }).where('id', 'in', ids).execute();
        // burns left out of the signoff are free for another proposal
        await tx.deleteFrom('audit_claims').where('audit_id', '=', audit!.id).where('kilnlog_id', 'not in', ids).execute();
        await tx
          .updateTable('audits')
          .set({
            analysis_ids: audit!.analysis_ids.filter((id) => ids.includes(id)),
            signoff_ts: input.signoff_ts,
            doc_key: input.doc_key,
            doc_mime_type: input.doc_mime_type,
            signed_off_by: input.signed_off_by,
          })
          .where('id', '=', audit!.id)
          .execute();
        return toTotals((await auditTotalsQuery(tx).where('a.id', '=', audit!.id).executeTakeFirstOrThrow()) as TotalsRow);
      }),
    history: async ({ facilityIds, from, to }) => {
      const limit = facilityLimit(facilityIds);
      let q = auditTotalsQuery(db).where('a.signoff_ts', 'is not', null).orderBy('a.signoff_ts', 'desc').orderBy('a.id', 'desc');
      if (limit) q = q.where('a.facility_id', 'in', limit);
      if (from) q = q.where('a.signoff_ts', '>=', from);
      if (to) q = q.where('a.signoff_ts', '<=', to);
      return ((await q.execute()) as TotalsRow[]).map(toTotals);
    },
    burns: (auditId) => db.selectFrom('audit_burns').selectAll().where('audit_id', '=', auditId).orderBy('kilnlog_id').execute(),
    co2Summary: async (filter = {}) => {
      const limit = facilityLimit(filter.facilityIds);
      let per = auditTotalsQuery(db).where('a.signoff_ts', 'is not', null);
      if (limit) per = per.where('a.facility_id', 'in', limit);
      const grouped = await sql<Co2SummaryRow>`
        select t.facility_id, f.name as facility_name,
               extract(year from t.signoff_ts at time zone 'UTC')::int as year,
               extract(month from t.signoff_ts at time zone 'UTC')::int as month,
               sum(t.audited_co2) as audited_co2, sum(t.utilised_co2) as utilised_co2, sum(t.audited_biochar) as audited_biochar
        from (${per}) as t join facilities f on f.id = t.facility_id
        group by 1, 2, 3, 4
        order by year desc, month desc, t.facility_id`.execute(db);
      // exact numeric sums of numeric(16,3) kg (migration 2026-11-25-0009), read as the double nearest each decimal
      return grouped.rows;
    },
  };
}

/** An eco asset's record: its row but the transaction key, which only the unique index needs. */
const ECO_ASSET_COLUMNS = [
  'id',
  'minting_note',
  'transaction_id',
  'co2_allocated',
  'co2_issued',
  'co2_buffer',
  'co2_retired',
  'serial_first',
  'serial_last',
  'buffer_serial_first',
  'buffer_serial_last',
  'minted_ts',
  'minted_by',
] as const;

const currentShare = async (db: Db) => (await db.selectFrom('buffer_shares').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst()) ?? null;

function ecoAssets(db: Db): EcoAssetStore {
  const remainingGrams = (t: AuditTotals) => toGrams(t.audited_co2) - toGrams(t.utilised_co2);
  return {
    available: async (filter = {}) => {
      const limit = facilityLimit(filter.facilityIds);
      let q = auditTotalsQuery(db)
        .innerJoin('facilities as f', 'f.id', 'a.facility_id')
        .select('f.name as facility_name')
        .where('a.signoff_ts', 'is not', null)
        .orderBy('a.facility_id')
        .orderBy('a.signoff_ts')
        .orderBy('a.id');
      if (limit) q = q.where('a.facility_id', 'in', limit);
      return ((await q.execute()) as (TotalsRow & { facility_name: string })[]).map(({ facility_name, ...row }) => {
        const totals = toTotals(row);
        return { ...totals, facility_name, remaining_co2: toKg(remainingGrams(totals)) };
      });
    },
    remaining: async (auditId) => {
      const row = await auditTotalsQuery(db).where('a.id', '=', auditId).where('a.signoff_ts', 'is not', null).executeTakeFirst();
      return row ? toKg(Math.max(0, remainingGrams(toTotals(row as TotalsRow)))) : 0;
    },
    mint: (input) =>
      atomic(db, async (tx) => {
        checkMintInput(input);
        const ids = [...input.allocations.keys()].sort((a, b) => a - b);
        // the audits are the lock: every mint drawing on one of them waits here for the one before to commit
        await tx.selectFrom('audits').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
        const totals = ((await auditTotalsQuery(tx).where('a.id', 'in', ids).where('a.signoff_ts', 'is not', null).execute()) as TotalsRow[]).map(toTotals);
        const remaining = new Map<number, number | null>(ids.map((id) => [id, null]));
        for (const t of totals) remaining.set(t.audit.id, remainingGrams(t));
        // the same order of refusals as the embedded store: the transaction ID, then the amounts
        const taken = await tx
          .selectFrom('eco_assets')
          .select('id')
          .where('transaction_key', '=', transactionKey(input.transaction_id))
          .executeTakeFirst();
        if (taken) refuseTakenTransaction(input.transaction_id);
        checkAllocations(input, remaining);
        const kg = new Map([...input.allocations].map(([id, v]) => [id, toKg(toGrams(v))]));
        const co2Allocated = toKg([...kg.values()].reduce((n, v) => n + toGrams(v), 0));
        // serials are handed out one mint at a time, in commit order: the lock holds until this transaction ends
        await sql`select pg_advisory_xact_lock(${NAMESPACE}::int, ${MINT_SERIALS_KEY}::int)`.execute(tx);
        const { next } = (
          await sql<{ next: number }>`select coalesce(max(greatest(serial_last, buffer_serial_last)), 0)::bigint + 1 as next from eco_assets`.execute(tx)
        ).rows[0];
        const share = await currentShare(tx);
        // a racing mint of the same transaction ID (on other audits) meets the unique index here
        const asset = await tx
          .insertInto('eco_assets')
          .values({
            minting_note: input.minting_note.trim(),
            transaction_id: input.transaction_id.trim(),
            transaction_key: transactionKey(input.transaction_id),
            co2_allocated: co2Allocated,
            ...mintLedger(co2Allocated, share?.basis_points ?? 0, next),
            minted_ts: input.minted_ts,
            minted_by: input.minted_by,
          })
          .returning(ECO_ASSET_COLUMNS)
          .executeTakeFirstOrThrow()
          .catch((err: unknown) => {
            if ((err as { code?: string }).code === '23505') refuseTakenTransaction(input.transaction_id);
            throw err;
          });
        const allocations = await tx
          .insertInto('eco_allocations')
          .values([...input.allocations.keys()].map((audit_id) => ({ eco_asset_id: asset.id, audit_id, co2_allocated: kg.get(audit_id)! })))
          .returningAll()
          .execute();
        return { asset, allocations: allocations.sort((a, b) => a.id - b.id) };
      }),
    retire: (input) =>
      atomic(db, async (tx) => {
        const asset = await tx.selectFrom('eco_assets').select(ECO_ASSET_COLUMNS).where('id', '=', input.eco_asset_id).forUpdate().executeTakeFirst();
        if (!asset) return null;
        const { retirement, co2_retired } = retirementOf(asset, input);
        const row = await tx.insertInto('eco_retirements').values(retirement).returningAll().executeTakeFirstOrThrow();
        const updated = await tx.updateTable('eco_assets').set({ co2_retired }).where('id', '=', asset.id).returning(ECO_ASSET_COLUMNS).executeTakeFirstOrThrow();
        return { asset: updated, retirement: row };
      }),
    retirements: (ecoAssetId) => db.selectFrom('eco_retirements').selectAll().where('eco_asset_id', '=', ecoAssetId).orderBy('id').execute(),
    bufferShare: () => currentShare(db),
    setBufferShare: (share) => db.insertInto('buffer_shares').values(share).returningAll().executeTakeFirstOrThrow(),
    bufferShares: () => db.selectFrom('buffer_shares').selectAll().orderBy('id', 'desc').execute(),
    get: async (id) => (await db.selectFrom('eco_assets').select(ECO_ASSET_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null,
    list: ({ facilityId }) =>
      db
        .selectFrom('eco_assets as e')
        .select(ECO_ASSET_COLUMNS.map((c) => `e.${c}` as const))
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('eco_allocations as al')
              .innerJoin('audits as a', 'a.id', 'al.audit_id')
              .select('al.id')
              .whereRef('al.eco_asset_id', '=', 'e.id')
              .where('a.facility_id', '=', facilityId),
          ),
        )
        .orderBy('e.minted_ts', 'desc')
        .orderBy('e.id', 'desc')
        .execute(),
    allocations: async (ecoAssetId) =>
      (
        await db
          .selectFrom('eco_allocations as al')
          .innerJoin('audits as a', 'a.id', 'al.audit_id')
          .innerJoin('facilities as f', 'f.id', 'a.facility_id')
          .selectAll('al')
          .select(['a.signoff_ts', 'a.doc_key', 'a.doc_mime_type as evidence_mime_type', 'a.job_id', 'a.facility_id', 'f.name as facility_name'])
          .where('al.eco_asset_id', '=', ecoAssetId)
          .orderBy('al.id')
          .execute()
      ).map((r) => ({ ...r, signoff_ts: r.signoff_ts ?? '' })),
  };
}

// ---------------------------------------------------------------- changes, statistics
function changes(db: Db): ChangeStore {
  return {
    list: () => db.selectFrom('changes').selectAll().orderBy('date', 'desc').orderBy('id', 'desc').execute(),
    get: async (id) => (await db.selectFrom('changes').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,
    create: (fields) => db.insertInto('changes').values(fields).returningAll().executeTakeFirstOrThrow(),
    update: async (id, patch) => (await db.updateTable('changes').set(patch).where('id', '=', id).returningAll().executeTakeFirst()) ?? null,
    delete: async (id) => (await db.deleteFrom('changes').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,
  };
}

function statistics(db: Db): StatisticsStore {
  const count = async (table: keyof Database, where?: ReturnType<typeof sql>) => {
    const q = sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} ${where ? sql`where ${where}` : sql``}`;
    return (await q.execute(db)).rows[0].n;
  };
  return {
    latest: async () => (await db.selectFrom('statistics').select('snapshot').orderBy('id', 'desc').limit(1).executeTakeFirst())?.snapshot ?? null,
    recompute: (now) =>
      atomic(db, async (tx) => {
        const sums = (
          await sql<{ log_bytes: number; file_bytes: number; audited_co2: number; audited_biochar: number; utilised_co2: number }>`
            select coalesce((select sum(file_size) from kilnlogs), 0)::float8 as log_bytes,
                   coalesce((select sum((photo->>'size')::bigint + (thumb->>'size')::bigint) from facility_photos), 0)
                     + coalesce((select sum((file->>'size')::bigint) from facility_audits), 0) as file_bytes,
                   coalesce((select sum(co2_removed) from audit_burns), 0) as audited_co2,
                   coalesce((select sum(biochar_produced) from audit_burns), 0) as audited_biochar,
                   coalesce((select sum(co2_allocated) from eco_allocations), 0) as utilised_co2`.execute(tx)
        ).rows[0];
        const signed = await count('audits', sql`signoff_ts is not null`);
        const live = await count('kilnlogs', sql`archived_ts is null`);
        const errors = await count('kilnlogs', sql`archived_ts is null and error_message is not null`);
        const snapshot: StatisticsSnapshot = {
          computed_ts: now.toISOString(),
          users: await count('users'),
          facilities: await count('facilities'),
          kilns: await count('kilns'),
          kilnlogs: live,
          valid_kilnlogs: await count('kilnlogs', sql`archived_ts is null and error_message is null and valid`),
          invalid_kilnlogs: await count('kilnlogs', sql`archived_ts is null and error_message is null and not valid`),
          error_kilnlogs: errors,
          archived_kilnlogs: await count('kilnlogs', sql`archived_ts is not null`),
          audits_proposed: (await count('audits')) - signed,
          audits_signed_off: signed,
          eco_assets: await count('eco_assets'),
          storage_bytes: Number(sums.log_bytes) + Number(sums.file_bytes),
          audited_co2: Number(sums.audited_co2),
          utilised_co2: Number(sums.utilised_co2),
          audited_biochar: Number(sums.audited_biochar),
        };
        await tx.deleteFrom('statistics').execute();
        await tx.insertInto('statistics').values({ snapshot: JSON.stringify(snapshot) }).execute();
        return snapshot;
      }),
  };
}

export function postgresParts(db: Db): StoreParts {
  return {
    users: users(db),
    facilities: facilities(db),
    kilns: kilns(db),
    kilnLogs: kilnLogs(db),
    audits: audits(db),
    ecoAssets: ecoAssets(db),
    changes: changes(db),
    statistics: statistics(db),
    fleet: postgresFleet(db),
  };
}
