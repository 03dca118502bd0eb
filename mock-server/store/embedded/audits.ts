import { sumKg, toGrams, toKg } from '../../../src/domain/carbon';
import { jobKey } from '../../../src/domain/audits/identity';
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
import { byText, copy, type Access } from './access';
import type { EmbeddedShape } from './state';

/** Grams allocated so far per audit. */
export function allocatedGrams(s: EmbeddedShape): Map<number, number> {
  const used = new Map<number, number>();
  for (const al of s.eco_allocations) used.set(al.audit_id, (used.get(al.audit_id) ?? 0) + toGrams(al.co2_allocated));
  return used;
}

/**
 * Each audit's burns summed in whole grams in one pass over them: an answer
 * over every audit (the carbon summary, the available CO2) reads the burns
 * once, not once an audit. An audit with figures frozen per batch (a
 * methodology other than spec-factor) audits their sum of CO2 instead.
 */
export function burnSums(s: EmbeddedShape): Map<number, { co2: number; biochar: number }> {
  const sums = new Map<number, { co2: number; biochar: number }>();
  for (const b of s.audit_burns) {
    const sum = sums.get(b.audit_id) ?? { co2: 0, biochar: 0 };
    sum.co2 += toGrams(b.co2_removed);
    sum.biochar += toGrams(b.biochar_produced);
    sums.set(b.audit_id, sum);
  }
  const credited = new Map<number, number>();
  for (const c of s.audit_credits) credited.set(c.audit_id, (credited.get(c.audit_id) ?? 0) + c.net_co2e_g);
  for (const [auditId, grams] of credited) sums.set(auditId, { co2: grams, biochar: sums.get(auditId)?.biochar ?? 0 });
  return sums;
}

/** grams summed, as kg */
export function totalsOf(s: EmbeddedShape, audit: AuditRow, used = allocatedGrams(s), burned = burnSums(s)): AuditTotals {
  const burns = burned.get(audit.id);
  return {
    audit: copy(audit),
    audited_co2: toKg(burns?.co2 ?? 0),
    audited_biochar: toKg(burns?.biochar ?? 0),
    utilised_co2: toKg(used.get(audit.id) ?? 0),
  };
}

export const inFacilities = (ids: readonly number[] | null | undefined, facilityId: number) => !ids || ids.includes(facilityId);

export function embeddedAudits(a: Access): AuditStore {
  const openAnomaliesOf = (s: EmbeddedShape, ids: readonly number[]) => {
    const wanted = new Set(ids);
    return s.anomalies.filter((x) => x.checked_ts === null && wanted.has(x.log_id));
  };
  const openClaims = (s: EmbeddedShape) => new Set(s.audits.filter((x) => x.signoff_ts === null).flatMap((x) => x.analysis_ids));
  return {
    get: (id) => a.read((s) => copy(s.audits.find((x) => x.id === id) ?? null)),
    withDocKey: (docKey) => a.read((s) => copy(s.audits.find((x) => x.signoff_ts !== null && x.doc_key === docKey) ?? null)),
    open: () =>
      a.read((s) => copy(s.audits.filter((x) => x.signoff_ts === null).sort((x, y) => byText(y.create_ts, x.create_ts) || y.id - x.id))),
    potentialLogs: ({ kiln_type, facilityIds }) =>
      a.read((s) => {
        const claimed = openClaims(s);
        return copy(
          s.kilnlogs
            .filter(
              (r) =>
                r.valid &&
                !r.kiln_pending &&
                r.error_message === null &&
                !r.audited &&
                r.archived_ts === null &&
                (kiln_type === ANY_KILN_TYPE || r.type === kiln_type) &&
                r.facility_id !== null &&
                inFacilities(facilityIds, r.facility_id) &&
                !claimed.has(r.id),
            )
            .sort((x, y) => byText(x.logts ?? '', y.logts ?? '') || x.id - y.id),
        );
      }),
    logsOf: (auditId) =>
      a.read((s) => {
        const ids = new Set(s.audits.find((x) => x.id === auditId)?.analysis_ids ?? []);
        return copy(s.kilnlogs.filter((r) => ids.has(r.id)));
      }),
    propose: (input) =>
      a.write((s, m) => {
        checkProposeInput(input);
        if (s.audits.some((x) => jobKey(x.job_id) === jobKey(input.job_id))) refuseTakenJobId(input.job_id);
        const rows = new Map(s.kilnlogs.filter((r) => input.analysis_ids.includes(r.id)).map((r) => [r.id, r]));
        const { problems, facilityId, kilnType } = claimProblems(input, rows, openClaims(s));
        if (!problems.length) problems.push(...unsignedProblems(s.facilities.find((f) => f.id === facilityId) ?? null, rows.values()));
        if (!problems.length) problems.push(...heldByAnomalies(openAnomaliesOf(s, input.analysis_ids)));
        if (problems.length) refuseClaim(problems);
        const row: AuditRow = {
          id: m.nextId('audits'),
          job_id: input.job_id.trim(),
          kiln_type: kilnType,
          facility_id: facilityId!,
          create_ts: input.create_ts,
          analysis_ids: [...input.analysis_ids],
          signoff_ts: null,
          doc_key: null,
          doc_mime_type: null,
          proposed_by: input.proposed_by,
          signed_off_by: null,
          ...methodologyOf(input),
        };
        m.insert('audits', row);
        return copy(row);
      }),
    signoff: (input) =>
      a.write((s, m) => {
        const audit = s.audits.find((x) => x.id === input.audit_id) ?? null;
        checkSignoff(audit, input.analysis_ids);
        const signed = new Set(input.analysis_ids);
        checkSignoffBurns(
          s.kilnlogs.filter((r) => signed.has(r.id)),
          input.algorithm_version,
          s.facilities.find((f) => f.id === audit!.facility_id) ?? null,
          openAnomaliesOf(s, input.analysis_ids),
        );
        m.patch(audit!, {
          analysis_ids: audit!.analysis_ids.filter((id) => signed.has(id)),
          signoff_ts: input.signoff_ts,
          doc_key: input.doc_key,
          doc_mime_type: input.doc_mime_type,
          signed_off_by: input.signed_off_by,
        });
        for (const credit of frozenCredits(audit!, input)) m.insert('audit_credits', credit);
        for (const row of s.kilnlogs.filter((r) => signed.has(r.id))) {
          m.insert('audit_burns', frozenBurn(audit!.id, row, input.algorithm_version));
          m.patch(row, { audited: true, audit_id: audit!.id });
        }
        return totalsOf(s, audit!);
      }),
    withdraw: (auditId) =>
      a.write((s, m) => {
        const audit = s.audits.find((x) => x.id === auditId) ?? null;
        checkWithdrawal(audit);
        m.remove('audits', (x) => x.id === auditId);
        return copy(audit!);
      }),
    history: ({ facilityIds, from, to }) =>
      a.read((s) => {
        const used = allocatedGrams(s);
        const burned = burnSums(s);
        return s.audits
          .filter(
            (x) =>
              x.signoff_ts !== null &&
              inFacilities(facilityIds, x.facility_id) &&
              (!from || x.signoff_ts >= from) &&
              (!to || x.signoff_ts <= to),
          )
          .sort((x, y) => byText(y.signoff_ts!, x.signoff_ts!) || y.id - x.id)
          .map((x) => totalsOf(s, x, used, burned));
      }),
    burns: (auditId) =>
      a.read((s) => copy(s.audit_burns.filter((b) => b.audit_id === auditId).sort((x, y) => x.kilnlog_id - y.kilnlog_id))),
    credits: (auditId) =>
      a.read((s) => copy(s.audit_credits.filter((c) => c.audit_id === auditId).sort((x, y) => x.batch_id - y.batch_id))),
    co2Summary: (filter = {}) =>
      a.read((s) => {
        const used = allocatedGrams(s);
        const burned = burnSums(s);
        const rows = new Map<string, Co2SummaryRow>();
        for (const audit of s.audits) {
          if (audit.signoff_ts === null || !inFacilities(filter.facilityIds, audit.facility_id)) continue;
          const year = Number(audit.signoff_ts.slice(0, 4));
          const month = Number(audit.signoff_ts.slice(5, 7));
          const key = `${audit.facility_id}/${year}/${month}`;
          const row = rows.get(key) ?? {
            facility_id: audit.facility_id,
            facility_name: s.facilities.find((f) => f.id === audit.facility_id)?.name ?? '',
            year,
            month,
            audited_co2: 0,
            utilised_co2: 0,
            audited_biochar: 0,
          };
          const t = totalsOf(s, audit, used, burned);
          row.audited_co2 = sumKg([row.audited_co2, t.audited_co2]);
          row.audited_biochar = sumKg([row.audited_biochar, t.audited_biochar]);
          row.utilised_co2 = sumKg([row.utilised_co2, t.utilised_co2]);
          rows.set(key, row);
        }
        return [...rows.values()].sort((x, y) => y.year - x.year || y.month - x.month || x.facility_id - y.facility_id);
      }),
  };
}
