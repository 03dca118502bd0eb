import { sql } from 'kysely';
import {
  heldByAnomalies,
  ANY_KILN_TYPE,
  checkProposeInput,
  checkSignoff,
  checkSignoffBurns,
  checkWithdrawal,
  claimProblems,
  frozenBurn,
  frozenCredits,
  methodologyOf,
  refuseClaim,
  refuseTakenJobId,
  unsignedProblems,
} from '../auditRules';
import type { AuditStore, AuditTotals, Co2SummaryRow } from '../parts/audits';
import type { AuditRow } from '../model';
import { atomic, type Db } from './atomic';
import { complete } from './logRows';

const openAnomaliesOf = async (tx: Db, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : tx
        .selectFrom('anomalies')
        .select(['log_id', 'code'])
        .where('log_id', 'in', [...ids])
        .where('checked_ts', 'is', null)
        .execute();

/** Each audit with its frozen totals and the kg allocated from it. */
/** each audit with its totals, which the triggers keep (migration 0007): no burn or allocation is summed here */
export function auditTotalsQuery(db: Db) {
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

export type TotalsRow = AuditRow & { audited_co2: number | string; audited_biochar: number | string; utilised_co2: number | string };

export function toTotals(row: TotalsRow): AuditTotals {
  const { audited_co2, audited_biochar, utilised_co2, ...audit } = row;
  return { audit, audited_co2: Number(audited_co2), audited_biochar: Number(audited_biochar), utilised_co2: Number(utilised_co2) };
}

/** The job key (src/domain/audits/identity.ts jobKey) as the unique index audits_job_key computes it (migration 2026-12-02-0004). */
const jobKeySql = (value: unknown) => sql<string>`lower(normalize(btrim(${value}::text), NFKC))`;

export const facilityLimit = (ids: readonly number[] | null | undefined) => (ids ? (ids.length ? [...ids] : [0]) : null);

export function postgresAudits(db: Db): AuditStore {
  return {
    get: async (id) => (await db.selectFrom('audits').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,
    withDocKey: async (docKey) =>
      (await db.selectFrom('audits').selectAll().where('doc_key', '=', docKey).where('signoff_ts', 'is not', null).executeTakeFirst()) ??
      null,
    open: () =>
      db.selectFrom('audits').selectAll().where('signoff_ts', 'is', null).orderBy('create_ts', 'desc').orderBy('id', 'desc').execute(),
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
        const taken = await tx
          .selectFrom('audits')
          .select('id')
          .where(jobKeySql(sql.ref('job_id')), '=', jobKeySql(input.job_id))
          .executeTakeFirst();
        if (taken) refuseTakenJobId(input.job_id);
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
        // read after the burns' lock: an anomaly's judgement locks its burn too (fleet.judge)
        if (!problems.length) problems.push(...heldByAnomalies(await openAnomaliesOf(tx, ids)));
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
            ...methodologyOf(input),
          })
          .returningAll()
          .executeTakeFirstOrThrow()
          .catch((err: unknown) => {
            // a racing proposal of the same job id meets the unique index here
            if (
              (err as { code?: string; constraint?: string }).code === '23505' &&
              (err as { constraint?: string }).constraint === 'audits_job_key'
            )
              refuseTakenJobId(input.job_id);
            throw err;
          });
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
        const rows = await complete(
          tx,
          await tx.selectFrom('kilnlogs').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute(),
        );
        const facility = await tx
          .selectFrom('facilities')
          .select('signed_burns_only')
          .where('id', '=', audit!.facility_id)
          .executeTakeFirst();
        checkSignoffBurns(rows, input.algorithm_version, facility ?? null, await openAnomaliesOf(tx, ids));
        await tx
          .insertInto('audit_burns')
          .values(rows.map((r) => frozenBurn(audit!.id, r, input.algorithm_version)))
          .execute();
        const credits = frozenCredits(audit!, input);
        if (credits.length) await tx.insertInto('audit_credits').values(credits).execute();
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
    withdraw: (auditId) =>
      atomic(db, async (tx) => {
        const audit = (await tx.selectFrom('audits').selectAll().where('id', '=', auditId).forUpdate().executeTakeFirst()) ?? null;
        checkWithdrawal(audit);
        await tx.deleteFrom('audit_claims').where('audit_id', '=', auditId).execute();
        await tx.deleteFrom('audits').where('id', '=', auditId).execute();
        return audit!;
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
    credits: (auditId) => db.selectFrom('audit_credits').selectAll().where('audit_id', '=', auditId).orderBy('batch_id').execute(),
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
