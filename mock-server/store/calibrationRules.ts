import type { KilnCalibrationRecord, KilnRecord } from './model';

/** When a kiln's version 1 is in force from: the start of its install date (UTC, as kiln clocks are read). */
export function installStart(installDate: string): string {
  const t = Date.parse(`${installDate}T00:00:00.000Z`);
  return Number.isNaN(t) ? '1970-01-01T00:00:00.000Z' : new Date(t).toISOString();
}

/**
 * A kiln's config from before calibration versions as its version 1
 * (docs/decisions.md): approved by the upgrade (no approver), in force from
 * its install date, so every burn it logged keeps the figures it had.
 */
export function initialCalibration(kiln: Pick<KilnRecord, 'id' | 'config' | 'install_date'>): Omit<KilnCalibrationRecord, 'id'> {
  const from = installStart(kiln.install_date);
  return {
    kiln_id: kiln.id,
    config: kiln.config,
    effective_from: from,
    proposed_by: null,
    proposed_ts: from,
    approved_by: null,
    approved_ts: from,
    superseded_ts: null,
    certificate_key: null,
    certificate_sha256: null,
    certificate_mime_type: null,
  };
}
