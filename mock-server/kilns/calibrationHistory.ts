import type { KilnCalibrationRecord } from '../store/model';

const time = (iso: string) => Date.parse(iso);
/** A kiln clock's reading as an instant: read as UTC, as everywhere (docs/decisions.md). */
const logTime = (logts: string) => Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(logts) ? logts : `${logts}Z`);

/**
 * The calibration version a burn is analysed with (docs/analysis.md#series-preparation):
 * of the versions approved by `known` (the log's upload: a version approved
 * later never reaches an earlier burn on re-analysis), the one in force at the
 * burn's log time, from its effective_from on; a burn before every such
 * version takes the earliest (the kiln's initial calibration). A burn without
 * a log time takes the latest. None when the kiln has no approved version.
 */
export function calibrationAt(
  versions: readonly KilnCalibrationRecord[],
  logts: string | null,
  known: string,
): KilnCalibrationRecord | undefined {
  const approved = versions.filter((v) => v.approved_ts !== null && v.effective_from !== null);
  const byUpload = approved.filter((v) => time(v.approved_ts!) <= time(known));
  const candidates = (byUpload.length > 0 ? byUpload : approved).sort(
    (a, b) => time(a.effective_from!) - time(b.effective_from!) || a.id - b.id,
  );
  if (candidates.length === 0) return undefined;
  if (logts === null || Number.isNaN(logTime(logts))) return candidates[candidates.length - 1];
  const at = logTime(logts);
  const inForce = candidates.filter((v) => time(v.effective_from!) <= at);
  return inForce.length > 0 ? inForce[inForce.length - 1] : candidates[0];
}

/** Approved versions by kiln record id. */
export function byKiln(versions: readonly KilnCalibrationRecord[]): Map<number, KilnCalibrationRecord[]> {
  const map = new Map<number, KilnCalibrationRecord[]>();
  for (const v of versions) map.set(v.kiln_id, [...(map.get(v.kiln_id) ?? []), v]);
  return map;
}
