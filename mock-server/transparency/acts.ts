import { toGrams } from '../../src/domain/carbon';
import type {
  CalibrationEntry,
  IssuanceEntry,
  KilnKeyEntry,
  KilnLogEntry,
  LabKeyEntry,
  RetirementEntry,
  SignoffEntry,
  TransparencyEntry,
} from '../../src/domain/transparency/entries';
import type { ActRecords } from '../store/parts/transparency';
import type {
  AuditRow,
  EcoAllocationRecord,
  EcoAssetRecord,
  EcoRetirementRecord,
  KilnCalibrationRecord,
  KilnKeyRecord,
  LabKeyRecord,
} from '../store/model';

/** The log's entry of each act, from the records the act wrote. */

export const kilnLogEntry = (log: ActRecords['kilnlogs'][number]): KilnLogEntry => ({
  kind: 'kilnlog',
  log_id: log.id,
  kiln_id: log.kiln_id,
  sha256: log.sha256,
  key_fingerprint: log.key_fingerprint,
  received_ts: log.upload_ts,
});

export const signoffEntry = (audit: AuditRow, manifestSha256: string): SignoffEntry => ({
  kind: 'signoff',
  audit_id: audit.id,
  job_id: audit.job_id,
  facility_id: audit.facility_id,
  manifest_sha256: manifestSha256,
  signoff_ts: audit.signoff_ts!,
});

const block = (first: number | null, last: number | null) => (first === null || last === null ? null : ([first, last] as const));

export const issuanceEntry = (asset: EcoAssetRecord, allocations: readonly EcoAllocationRecord[]): IssuanceEntry => ({
  kind: 'issuance',
  asset_id: asset.id,
  transaction_id: asset.transaction_id,
  issued_g: toGrams(asset.co2_issued),
  buffer_g: toGrams(asset.co2_buffer),
  issued_serials: block(asset.serial_first, asset.serial_last),
  buffer_serials: block(asset.buffer_serial_first, asset.buffer_serial_last),
  audit_ids: [...new Set(allocations.filter((a) => a.eco_asset_id === asset.id).map((a) => a.audit_id))].sort((a, b) => a - b),
  minted_ts: asset.minted_ts,
});

export const retirementEntry = (retirement: EcoRetirementRecord): RetirementEntry => ({
  kind: 'retirement',
  asset_id: retirement.eco_asset_id,
  retirement_id: retirement.id,
  serials: [retirement.serial_first, retirement.serial_last],
  retired_g: toGrams(retirement.co2_retired),
  beneficiary: retirement.beneficiary,
  purpose: retirement.purpose,
  retired_ts: retirement.retired_ts,
});

export const kilnKeyEntry = (act: KilnKeyEntry['act'], key: KilnKeyRecord, ts: string): KilnKeyEntry => ({
  kind: 'kiln_key',
  act,
  kiln: key.kiln_id,
  key_id: key.id,
  fingerprint: key.fingerprint,
  ts,
});

export const labKeyEntry = (act: LabKeyEntry['act'], key: LabKeyRecord, ts: string): LabKeyEntry => ({
  kind: 'lab_key',
  act,
  lab: key.lab_id,
  key_id: key.id,
  fingerprint: key.fingerprint,
  ts,
});

export const calibrationEntry = (calibration: KilnCalibrationRecord): CalibrationEntry => ({
  kind: 'calibration',
  kiln: calibration.kiln_id,
  calibration_id: calibration.id,
  config: calibration.config,
  effective_from: calibration.effective_from,
  approved_ts: calibration.approved_ts!,
});

/** An act's time, the order a log brought in from stored records takes. */
export const actTime = (entry: TransparencyEntry): string => {
  switch (entry.kind) {
    case 'log_start':
      return entry.started_ts;
    case 'kilnlog':
      return entry.received_ts;
    case 'signoff':
      return entry.signoff_ts;
    case 'issuance':
      return entry.minted_ts;
    case 'retirement':
      return entry.retired_ts;
    case 'kiln_key':
      return entry.ts;
    case 'calibration':
      return entry.approved_ts;
    case 'lab_key':
      return entry.ts;
  }
};

/**
 * Every act a store's records show, oldest first (a tie in the order of the kinds above, then of
 * record ids): what a log started on a store that already holds acts appends once. A signoff is
 * brought in only with its kept package's manifest SHA-256 (`manifests`, by audit id).
 */
export function storedActs(state: ActRecords, manifests: ReadonlyMap<number, string>): TransparencyEntry[] {
  const byId = <T extends { id: number }>(rows: readonly T[]) => [...rows].sort((a, b) => a.id - b.id);
  const acts: TransparencyEntry[] = [
    ...byId(state.kilnlogs).map(kilnLogEntry),
    ...byId(state.audits)
      .filter((a) => a.signoff_ts !== null && manifests.has(a.id))
      .map((a) => signoffEntry(a, manifests.get(a.id)!)),
    ...byId(state.eco_assets).map((asset) => issuanceEntry(asset, state.eco_allocations)),
    ...byId(state.eco_retirements).map(retirementEntry),
    ...byId(state.kiln_keys).flatMap((key) => [
      ...(key.approved_ts !== null ? [kilnKeyEntry('approve', key, key.approved_ts)] : []),
      ...(key.revoked_ts !== null ? [kilnKeyEntry('revoke', key, key.revoked_ts)] : []),
    ]),
    ...byId(state.kiln_calibrations)
      .filter((c) => c.approved_ts !== null)
      .map(calibrationEntry),
    ...byId(state.lab_keys).flatMap((key) => [
      labKeyEntry('register', key, key.registered_ts),
      ...(key.revoked_ts !== null ? [labKeyEntry('revoke', key, key.revoked_ts)] : []),
    ]),
  ];
  // a stable sort: records of one kind keep their id order at equal times
  return acts
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => (actTime(a.entry) < actTime(b.entry) ? -1 : actTime(a.entry) > actTime(b.entry) ? 1 : a.order - b.order))
    .map(({ entry }) => entry);
}
