import type { Generated } from 'kysely';
import type { AuditBurnRecord, AuditCreditRecord, AuditRow } from '../../model';
import type { Columns, Id } from './columns';

export type AuditsTable = Columns<AuditRow, { id: Id; methodology: Generated<string>; methodology_version: Generated<number> }>;

/** Each batch's figure an audit froze at signoff under a methodology other than spec-factor (migration 2026-12-04-0002). */
export type AuditCreditsTable = AuditCreditRecord;

/** One row per burn in an open proposal or an audit: its primary key lets a burn be claimed once. */
export interface AuditClaimsTable {
  kilnlog_id: number;
  audit_id: number;
}

export type AuditBurnsTable = Columns<AuditBurnRecord, { signed: Generated<boolean> }>;

/** each audit's sums of its burns and allocations, kept by triggers (migration 0007) */
export interface AuditTotalsTable {
  audit_id: number;
  audited_co2: number;
  audited_biochar: number;
  /** numeric: comes back as text */
  utilised_co2: number | string;
}
