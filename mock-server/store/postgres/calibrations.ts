import type { Transaction } from 'kysely';
import type { KilnCalibrationRecord } from '../model';
import type { KilnCalibrationStore } from '../parts/calibrations';
import { atomic, type Db } from './atomic';
import type { Database } from './tables';

/** Puts the approved version's config on its kiln: the config in force now. */
const putInForce = (tx: Transaction<Database>, c: KilnCalibrationRecord, ts: string) =>
  tx.updateTable('kilns').set({ config: c.config, last_update: ts }).where('id', '=', c.kiln_id).execute();

export function postgresCalibrations(db: Db): KilnCalibrationStore {
  return {
    ofKiln: (kilnId) => db.selectFrom('kiln_calibrations').selectAll().where('kiln_id', '=', kilnId).orderBy('id').execute(),
    approved: () => db.selectFrom('kiln_calibrations').selectAll().where('approved_ts', 'is not', null).orderBy('id').execute(),
    get: async (kilnId, id) =>
      (await db.selectFrom('kiln_calibrations').selectAll().where('id', '=', id).where('kiln_id', '=', kilnId).executeTakeFirst()) ?? null,
    pendingKilns: async () =>
      (
        await db
          .selectFrom('kiln_calibrations')
          .select('kiln_id')
          .distinct()
          .where('approved_ts', 'is', null)
          .where('superseded_ts', 'is', null)
          .orderBy('kiln_id')
          .execute()
      ).map((r) => r.kiln_id),
    add: (calibration) =>
      atomic(db, async (tx) => {
        // the kiln's row is the lock: versions of one kiln are added and approved one at a time
        await tx.selectFrom('kilns').select('id').where('id', '=', calibration.kiln_id).forUpdate().execute();
        await tx
          .updateTable('kiln_calibrations')
          .set({ superseded_ts: calibration.proposed_ts })
          .where('kiln_id', '=', calibration.kiln_id)
          .where('approved_ts', 'is', null)
          .where('superseded_ts', 'is', null)
          .execute();
        const added = await tx.insertInto('kiln_calibrations').values(calibration).returningAll().executeTakeFirstOrThrow();
        if (added.approved_ts !== null) await putInForce(tx, added, added.approved_ts);
        return added;
      }),
    approve: (kilnId, id, { approved_by, ts }) =>
      atomic(db, async (tx) => {
        await tx.selectFrom('kilns').select('id').where('id', '=', kilnId).forUpdate().execute();
        const row = await tx
          .selectFrom('kiln_calibrations')
          .selectAll()
          .where('id', '=', id)
          .where('kiln_id', '=', kilnId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return null;
        if (row.approved_ts !== null) return { calibration: row, outcome: 'already_approved' as const };
        if (row.superseded_ts !== null) return { calibration: row, outcome: 'superseded' as const };
        const calibration = await tx
          .updateTable('kiln_calibrations')
          .set({ approved_by, approved_ts: ts, effective_from: ts })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await putInForce(tx, calibration, ts);
        return { calibration, outcome: 'approved' as const };
      }),
    attachCertificate: async (kilnId, id, certificate) =>
      (await db
        .updateTable('kiln_calibrations')
        .set({ certificate_key: certificate.key, certificate_sha256: certificate.sha256, certificate_mime_type: certificate.mime_type })
        .where('id', '=', id)
        .where('kiln_id', '=', kilnId)
        .returningAll()
        .executeTakeFirst()) ?? null,
  };
}
