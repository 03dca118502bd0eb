import { sql } from 'kysely';
import { conflict } from '../errors';
import type { FacilityFields, FacilityStore } from '../parts/facilities';
import { atomic, unique, type Db } from './atomic';

/** The fields as the table takes them: the VM0044 conditions as JSON text (jsonb). */
function columns<T extends Partial<FacilityFields>>({ vm0044_high_tech_conditions: conditions, ...fields }: T) {
  return { ...fields, ...(conditions && { vm0044_high_tech_conditions: JSON.stringify(conditions) }) };
}

export function postgresFacilities(db: Db): FacilityStore {
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
    idsOwnedBy: async (userId) =>
      (await db.selectFrom('facilities').select('id').where('owner_id', '=', userId).orderBy('id').execute()).map((r) => r.id),
    mnemonics: async () => (await db.selectFrom('facilities').select('mnemonic').orderBy('mnemonic').execute()).map((r) => r.mnemonic),
    create: (fields) =>
      unique(db, `The mnemonic ${fields.mnemonic} is taken.`, (tx) =>
        tx.insertInto('facilities').values(columns(fields)).returningAll().executeTakeFirstOrThrow(),
      ),
    update: async (id, patch) =>
      (await unique(db, `The mnemonic ${patch.mnemonic} is taken.`, (tx) =>
        tx.updateTable('facilities').set(columns(patch)).where('id', '=', id).returningAll().executeTakeFirst(),
      )) ?? null,
    photo: async (facilityId) =>
      (await db.selectFrom('facility_photos').selectAll().where('facility_id', '=', facilityId).executeTakeFirst()) ?? null,
    replacePhoto: (photo) =>
      atomic(db, async (tx) => {
        // the facility row is the lock two uploads for one facility queue on
        await tx.selectFrom('facilities').select('id').where('id', '=', photo.facility_id).forUpdate().execute();
        const replaced =
          (await tx.deleteFrom('facility_photos').where('facility_id', '=', photo.facility_id).returningAll().executeTakeFirst()) ?? null;
        const row = await tx
          .insertInto('facility_photos')
          .values({
            facility_id: photo.facility_id,
            photo_guid: photo.photo_guid,
            photo: JSON.stringify(photo.photo),
            thumb: JSON.stringify(photo.thumb),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { photo: row, replaced };
      }),
    addStatement: (statement, ts) =>
      atomic(db, async (tx) => {
        const facility = await tx
          .selectFrom('facilities')
          .select('id')
          .where('id', '=', statement.facility_id)
          .forUpdate()
          .executeTakeFirst();
        if (!facility) throw conflict('No such facility.');
        const row = await tx
          .insertInto('facility_audits')
          .values({ facility_id: statement.facility_id, file_type: statement.file_type, file: JSON.stringify(statement.file) })
          .returningAll()
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('facilities')
          .set({ latest_facility_audit_id: row.id, last_updated: ts })
          .where('id', '=', statement.facility_id)
          .execute();
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
    recordChange: (change) =>
      db
        .insertInto('facility_changes')
        .values({ ...change, detail: JSON.stringify(change.detail) })
        .returningAll()
        .executeTakeFirstOrThrow(),
    changesOf: (facilityId, actions) => {
      let q = db.selectFrom('facility_changes').selectAll().where('facility_id', '=', facilityId);
      if (actions) q = q.where('action', 'in', [...actions]);
      return q.orderBy('ts', 'desc').orderBy('id', 'desc').execute();
    },
  };
}
