import type { ChangeStore } from '../parts/changes';
import type { Db } from './atomic';

export function postgresChanges(db: Db): ChangeStore {
  return {
    list: () => db.selectFrom('changes').selectAll().orderBy('date', 'desc').orderBy('id', 'desc').execute(),
    get: async (id) => (await db.selectFrom('changes').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,
    create: (fields) => db.insertInto('changes').values(fields).returningAll().executeTakeFirstOrThrow(),
    update: async (id, patch) =>
      (await db.updateTable('changes').set(patch).where('id', '=', id).returningAll().executeTakeFirst()) ?? null,
    delete: async (id) => (await db.deleteFrom('changes').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,
  };
}
