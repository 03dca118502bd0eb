import type { UserChangesTable, UsersTable } from './tables/users';
import type { FacilitiesTable, FacilityAuditsTable, FacilityChangesTable, FacilityPhotosTable } from './tables/facilities';
import type { KilnCalibrationsTable, KilnKeysTable, KilnsTable } from './tables/kilns';
import type { KilnLogAnalysesTable, KilnLogTalliesTable, KilnLogsTable } from './tables/kilnLogs';
import type { AuditBurnsTable, AuditClaimsTable, AuditCreditsTable, AuditTotalsTable, AuditsTable } from './tables/audits';
import type { BufferSharesTable, EcoAllocationsTable, EcoAssetsTable, EcoRetirementsTable } from './tables/ecoAssets';
import type { ChangesTable } from './tables/changes';
import type { StatisticsTable } from './tables/statistics';
import type { LoginClientFailuresTable, LoginFailuresTable } from './tables/loginThrottle';
import type { AnomaliesTable, CopyKeyBucketsTable, FleetBurnsTable } from './tables/fleet';
import type { SigningKeyRecord } from '../signingKeys';
import type { TransparencyEntriesTable, TransparencyLookupsTable, TransparencyNodesTable } from './tables/transparency';
import type { BatchBurnsTable, BatchesTable, EndUsesTable, LabKeysTable, LabResultsTable, LabsTable } from './tables/batches';

/**
 * The PostgreSQL tables as Kysely sees them, each declared in tables/<area>.ts.
 * Timestamps are timestamptz read back as ISO text (see connect.ts), so rows
 * compare equal to the embedded store's; a kiln's logts is its own wall clock
 * and stays text.
 */
export interface Database {
  users: UsersTable;
  facilities: FacilitiesTable;
  facility_photos: FacilityPhotosTable;
  facility_audits: FacilityAuditsTable;
  kilns: KilnsTable;
  kiln_keys: KilnKeysTable;
  kiln_calibrations: KilnCalibrationsTable;
  kilnlogs: KilnLogsTable;
  kilnlog_analyses: KilnLogAnalysesTable;
  kilnlog_tallies: KilnLogTalliesTable;
  audits: AuditsTable;
  audit_claims: AuditClaimsTable;
  audit_burns: AuditBurnsTable;
  audit_credits: AuditCreditsTable;
  audit_totals: AuditTotalsTable;
  eco_assets: EcoAssetsTable;
  eco_allocations: EcoAllocationsTable;
  eco_retirements: EcoRetirementsTable;
  buffer_shares: BufferSharesTable;
  changes: ChangesTable;
  statistics: StatisticsTable;
  user_changes: UserChangesTable;
  login_failures: LoginFailuresTable;
  login_client_failures: LoginClientFailuresTable;
  facility_changes: FacilityChangesTable;
  fleet_burns: FleetBurnsTable;
  copy_key_buckets: CopyKeyBucketsTable;
  anomalies: AnomaliesTable;
  signing_keys: SigningKeyRecord;
  transparency_entries: TransparencyEntriesTable;
  transparency_nodes: TransparencyNodesTable;
  transparency_lookups: TransparencyLookupsTable;
  batches: BatchesTable;
  batch_burns: BatchBurnsTable;
  lab_results: LabResultsTable;
  end_uses: EndUsesTable;
  labs: LabsTable;
  lab_keys: LabKeysTable;
}
