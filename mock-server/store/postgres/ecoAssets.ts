import { sql } from 'kysely';
import { toGrams, toKg } from '../../../src/domain/carbon';
import { checkAllocations, checkMintInput, refuseTakenTransaction, transactionKey } from '../auditRules';
import { mintLedger, retirementOf } from '../ledgerRules';
import type { AuditTotals } from '../parts/audits';
import type { EcoAssetStore } from '../parts/ecoAssets';
import { MINT_SERIALS_KEY, NAMESPACE } from './advisoryLock';
import { atomic, type Db } from './atomic';
import { auditTotalsQuery, facilityLimit, toTotals, type TotalsRow } from './audits';

/** An eco asset's record: its row but the transaction key, which only the unique index needs. */
export const ECO_ASSET_COLUMNS = [
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

const currentShare = async (db: Db) =>
  (await db.selectFrom('buffer_shares').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst()) ?? null;

export function postgresEcoAssets(db: Db): EcoAssetStore {
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
        const totals = (
          (await auditTotalsQuery(tx).where('a.id', 'in', ids).where('a.signoff_ts', 'is not', null).execute()) as TotalsRow[]
        ).map(toTotals);
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
          await sql<{
            next: number;
          }>`select coalesce(max(greatest(serial_last, buffer_serial_last)), 0)::bigint + 1 as next from eco_assets`.execute(tx)
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
        const asset = await tx
          .selectFrom('eco_assets')
          .select(ECO_ASSET_COLUMNS)
          .where('id', '=', input.eco_asset_id)
          .forUpdate()
          .executeTakeFirst();
        if (!asset) return null;
        const { retirement, co2_retired } = retirementOf(asset, input);
        const row = await tx.insertInto('eco_retirements').values(retirement).returningAll().executeTakeFirstOrThrow();
        const updated = await tx
          .updateTable('eco_assets')
          .set({ co2_retired })
          .where('id', '=', asset.id)
          .returning(ECO_ASSET_COLUMNS)
          .executeTakeFirstOrThrow();
        return { asset: updated, retirement: row };
      }),
    retirements: (ecoAssetId) =>
      db.selectFrom('eco_retirements').selectAll().where('eco_asset_id', '=', ecoAssetId).orderBy('id').execute(),
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
          .select([
            'a.signoff_ts',
            'a.doc_key',
            'a.doc_mime_type as evidence_mime_type',
            'a.job_id',
            'a.facility_id',
            'f.name as facility_name',
          ])
          .where('al.eco_asset_id', '=', ecoAssetId)
          .orderBy('al.id')
          .execute()
      ).map((r) => ({ ...r, signoff_ts: r.signoff_ts ?? '' })),
  };
}
