import type { KilnCalibrationStore } from '../parts/calibrations';
import type { KilnCalibrationRecord } from '../model';
import { byNumber, copy, insertNew, type Access } from './access';
import type { EmbeddedShape } from './state';
import type { Mutator } from './mutator';

const oldestFirst = (rows: KilnCalibrationRecord[]) => copy(rows).sort((a, b) => byNumber(a.id, b.id));

/** Puts the approved version's config on its kiln: the config in force now. */
function putInForce(s: EmbeddedShape, m: Mutator, calibration: KilnCalibrationRecord, ts: string): void {
  const kiln = s.kilns.find((k) => k.id === calibration.kiln_id);
  if (kiln) m.patch(kiln, { config: calibration.config, last_update: ts });
}

export function embeddedCalibrations(a: Access): KilnCalibrationStore {
  return {
    ofKiln: (kilnId) => a.read((s) => oldestFirst(s.kiln_calibrations.filter((c) => c.kiln_id === kilnId))),
    approved: () => a.read((s) => oldestFirst(s.kiln_calibrations.filter((c) => c.approved_ts !== null))),
    get: (kilnId, id) => a.read((s) => copy(s.kiln_calibrations.find((c) => c.id === id && c.kiln_id === kilnId) ?? null)),
    pendingKilns: () =>
      a.read((s) => [
        ...new Set(s.kiln_calibrations.filter((c) => c.approved_ts === null && c.superseded_ts === null).map((c) => c.kiln_id)),
      ]),
    add: (calibration) =>
      a.write((s, m) => {
        for (const c of s.kiln_calibrations) {
          if (c.kiln_id === calibration.kiln_id && c.approved_ts === null && c.superseded_ts === null)
            m.patch(c, { superseded_ts: calibration.proposed_ts });
        }
        const added = insertNew(m, 'kiln_calibrations', {
          ...calibration,
          superseded_ts: null,
          certificate_key: null,
          certificate_sha256: null,
          certificate_mime_type: null,
        });
        if (added.approved_ts !== null) putInForce(s, m, added, added.approved_ts);
        return added;
      }),
    approve: (kilnId, id, { approved_by, ts }) =>
      a.write((s, m) => {
        const row = s.kiln_calibrations.find((c) => c.id === id && c.kiln_id === kilnId);
        if (!row) return null;
        if (row.approved_ts !== null) return { calibration: copy(row), outcome: 'already_approved' as const };
        if (row.superseded_ts !== null) return { calibration: copy(row), outcome: 'superseded' as const };
        m.patch(row, { approved_by, approved_ts: ts, effective_from: ts });
        putInForce(s, m, row, ts);
        return { calibration: copy(row), outcome: 'approved' as const };
      }),
    attachCertificate: (kilnId, id, certificate) =>
      a.write((s, m) => {
        const row = s.kiln_calibrations.find((c) => c.id === id && c.kiln_id === kilnId);
        if (!row) return null;
        m.patch(row, {
          certificate_key: certificate.key,
          certificate_sha256: certificate.sha256,
          certificate_mime_type: certificate.mime_type,
        });
        return copy(row);
      }),
  };
}
