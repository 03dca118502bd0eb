import { keyTaken } from '../kilnRules';
import type { KilnStore } from '../parts/kilns';
import { atomic, guarded, unique, type Db } from './atomic';

/** A kiln's key, locked until the transaction ends; undefined for another kiln's or none. */
const lockedKey = (tx: Db, kilnId: number, keyId: number) =>
  tx.selectFrom('kiln_keys').selectAll().where('id', '=', keyId).where('kiln_id', '=', kilnId).forUpdate().executeTakeFirst();

export function postgresKilns(db: Db): KilnStore {
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
    create: (fields) =>
      unique(db, taken(fields.kiln_id), (tx) => tx.insertInto('kilns').values(fields).returningAll().executeTakeFirstOrThrow()),
    update: async (id, patch) =>
      (await unique(db, taken(patch.kiln_id), (tx) =>
        tx.updateTable('kilns').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
      )) ?? null,
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
    keyByFingerprint: async (fingerprint) =>
      (await db.selectFrom('kiln_keys').selectAll().where('fingerprint', '=', fingerprint).executeTakeFirst()) ?? null,
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
        const row = await lockedKey(tx, kilnId, keyId);
        if (!row) return null;
        if (row.revoked_ts !== null) return { key: row, revoked: false };
        const key = await tx
          .updateTable('kiln_keys')
          .set({ revoked_ts: ts })
          .where('id', '=', keyId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { key, revoked: true };
      }),
    approveKey: (kilnId, keyId, approval) =>
      atomic(db, async (tx) => {
        const row = await lockedKey(tx, kilnId, keyId);
        if (!row) return null;
        if (row.approved_ts !== null || row.revoked_ts !== null) return { key: row, approved: false };
        const key = await tx.updateTable('kiln_keys').set(approval).where('id', '=', keyId).returningAll().executeTakeFirstOrThrow();
        return { key, approved: true };
      }),
  };
}
