import type { Transaction } from 'kysely';
import { MAX_RECORD_ID } from '../../../src/domain/validation';
import {
  checkClose,
  checkEndUse,
  checkLabResult,
  newBatchRecord,
  newLab,
  refuseClaimedBurn,
  refuseTakenLabKey,
  refuseTakenLabName,
  refuseUnknownLab,
  sampledBatch,
  storedEmissions,
  toBatchBurn,
} from '../batchRules';
import { missing } from '../errors';
import type { BatchStore, LabStore } from '../parts/batches';
import { atomic, guarded, type Db } from './atomic';
import { complete } from './logRows';
import type { Database } from './tables';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** The batch, locked until the transaction ends (its lab results and end uses are added one at a time); 404 when there is none. */
async function lockedBatch(tx: Transaction<Database>, id: number) {
  const batch = await tx.selectFrom('batches').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!batch) throw missing('No such batch.');
  return batch;
}

export function postgresBatches(db: Db): BatchStore {
  return {
    create: (input) =>
      atomic(db, async (tx) => {
        const ids = [...new Set(input.analysis_ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_RECORD_ID);
        // locks the burns in id order (no deadlock between two creates), so two claims of one burn queue here
        const rows = ids.length
          ? await tx.selectFrom('kilnlogs').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute()
          : [];
        const claims = ids.length ? await tx.selectFrom('batch_burns').selectAll().where('kilnlog_id', 'in', ids).execute() : [];
        const holder = new Map(claims.map((c) => [c.kilnlog_id, c.batch_id]));
        const burns = new Map((await complete(tx, rows)).map((r) => [r.id, toBatchBurn(r, holder.get(r.id) ?? null)]));
        const facility = Number.isInteger(input.facility_id)
          ? await tx.selectFrom('facilities').select('batch_period_days').where('id', '=', input.facility_id).executeTakeFirst()
          : undefined;
        const record = newBatchRecord(input, burns, facility?.batch_period_days);
        const batch = await tx
          .insertInto('batches')
          .values({ ...record, emissions: null })
          .returningAll()
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('batch_burns')
          .values(record.analysis_ids.map((kilnlog_id) => ({ kilnlog_id, batch_id: batch.id })))
          .execute()
          .catch((err: unknown) => {
            // the backstop: a claim the lock did not see
            if (isUniqueViolation(err)) refuseClaimedBurn();
            throw err;
          });
        return batch;
      }),
    get: async (id) => (await db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,
    list: async (filter = {}) => {
      const { facilityIds } = filter;
      if (facilityIds && facilityIds.length === 0) return [];
      let query = db.selectFrom('batches').selectAll();
      if (facilityIds) query = query.where('facility_id', 'in', [...facilityIds]);
      return query.orderBy('id', 'desc').execute();
    },
    ofLogs: async (logIds) => {
      if (logIds.length === 0) return [];
      return db
        .selectFrom('batches')
        .selectAll()
        .where('id', 'in', (q) =>
          q
            .selectFrom('batch_burns')
            .select('batch_id')
            .where('kilnlog_id', 'in', [...logIds]),
        )
        .orderBy('id')
        .execute();
    },
    close: (id) =>
      atomic(db, async (tx) => {
        const batch = await tx.selectFrom('batches').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!batch) return null;
        checkClose(batch);
        return tx.updateTable('batches').set({ state: 'closed' }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      }),
    addLabResult: (result) =>
      atomic(db, async (tx) => {
        const batch = await lockedBatch(tx, result.batch_id);
        const ofBatch = () => tx.selectFrom('lab_results').selectAll().where('batch_id', '=', batch.id).orderBy('id').execute();
        checkLabResult(result, await ofBatch());
        const lab = await tx.selectFrom('labs').select('id').where('id', '=', result.lab_id).executeTakeFirst();
        if (!lab) refuseUnknownLab();
        const added = await tx
          .insertInto('lab_results')
          .values({ ...result, methods: [...result.methods] })
          .returningAll()
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('batches')
          .set(sampledBatch(batch, await ofBatch()))
          .where('id', '=', batch.id)
          .execute();
        return added;
      }),
    labResults: (batchId) => db.selectFrom('lab_results').selectAll().where('batch_id', '=', batchId).orderBy('id').execute(),
    addEndUse: (endUse) =>
      atomic(db, async (tx) => {
        // under the batch's lock: racing end uses are summed one after another
        const batch = await lockedBatch(tx, endUse.batch_id);
        const recorded = await tx.selectFrom('end_uses').selectAll().where('batch_id', '=', batch.id).execute();
        checkEndUse(batch, endUse, recorded);
        return tx.insertInto('end_uses').values(endUse).returningAll().executeTakeFirstOrThrow();
      }),
    endUses: (batchId) => db.selectFrom('end_uses').selectAll().where('batch_id', '=', batchId).orderBy('id').execute(),
    setEmissions: async (batchId, emissions) => {
      const stored = storedEmissions(emissions);
      return (
        (await guarded(db, (q) =>
          q
            .updateTable('batches')
            .set({ emissions: JSON.stringify(stored) })
            .where('id', '=', batchId)
            .returningAll()
            .executeTakeFirst(),
        )) ?? null
      );
    },
  };
}

export function postgresLabs(db: Db): LabStore {
  return {
    create: async (lab) => {
      const stored = newLab(lab);
      try {
        return await guarded(db, (q) => q.insertInto('labs').values(stored).returningAll().executeTakeFirstOrThrow());
      } catch (err) {
        // the unique index on lower(name); labNameKey also trims, and the name is stored trimmed
        if (isUniqueViolation(err)) refuseTakenLabName(stored.name);
        throw err;
      }
    },
    get: async (id) => (await db.selectFrom('labs').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,
    list: () => db.selectFrom('labs').selectAll().orderBy('id').execute(),
    addKey: async (key) => {
      const lab = await db.selectFrom('labs').select('id').where('id', '=', key.lab_id).executeTakeFirst();
      if (!lab) throw missing('No such laboratory.');
      try {
        return await guarded(db, (q) => q.insertInto('lab_keys').values(key).returningAll().executeTakeFirstOrThrow());
      } catch (err) {
        if (isUniqueViolation(err)) refuseTakenLabKey();
        throw err;
      }
    },
    keys: (labId) => db.selectFrom('lab_keys').selectAll().where('lab_id', '=', labId).orderBy('id').execute(),
    revokeKey: (labId, keyId, revocation) =>
      atomic(db, async (tx) => {
        const row = await tx
          .selectFrom('lab_keys')
          .selectAll()
          .where('id', '=', keyId)
          .where('lab_id', '=', labId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return null;
        if (row.revoked_ts !== null) return { key: row, revoked: false };
        const key = await tx
          .updateTable('lab_keys')
          .set({ revoked_ts: revocation.revoked_ts, revoked_by: revocation.revoked_by })
          .where('id', '=', keyId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { key, revoked: true };
      }),
  };
}
