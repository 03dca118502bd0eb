import type { KilnLogRecord } from '../../mock-server/store/model';
import { UNSIGNED_UNAUDITED } from '../store/fixtures';

/** A stored kiln log row with believable defaults; pass what the test is about. */
export function makeKilnLogRow(overrides: Partial<KilnLogRecord> & { id: number }): KilnLogRecord {
  const { id } = overrides;
  return {
    kiln_id: 'CG1-0001',
    kiln: 1,
    facility_id: 1,
    facility_name: 'Nairobi Char Works',
    type: 0,
    logts: '2026-03-01T06:00:00',
    upload_ts: '2026-03-01T12:00:00.000Z',
    file_name: `log-${id}.csv`,
    file_size: 1000 + id,
    sha256: id.toString(16).padStart(64, '0'),
    s3key: `kilnlogs/00000000-0000-4000-8000-${id.toString(16).padStart(12, '0')}.csv`,
    latitude: -1.29,
    longitude: 36.82,
    gps_in_range: true,
    analysis: JSON.stringify({ valid: 'true', reasons: [] }),
    error_message: null,
    analysis_detail: { co2_removed: 100, biochar_produced: 41 },
    valid: true,
    ...UNSIGNED_UNAUDITED,
    archived_ts: null,
    delete_after: null,
    uploaded_by: null,
    ...overrides,
  };
}

/**
 * `count` rows spread over `facilities` facilities and 18 months, a share
 * invalid or error, for paging and speed tests. Deterministic.
 */
export function makeKilnLogRows(count: number, facilities = 4): KilnLogRecord[] {
  const start = Date.UTC(2025, 0, 1);
  const span = 540 * 24 * 3600 * 1000;
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    const facility = (i % facilities) + 1;
    // a multiplicative hash spreads log times without a random source
    const at = new Date(start + ((id * 2654435761) % span));
    const kind = i % 10;
    const error = kind === 9;
    const valid = kind < 7;
    return makeKilnLogRow({
      id,
      kiln_id: `K${facility}-${String(i % 3).padStart(2, '0')}`,
      kiln: facility * 10 + (i % 3),
      facility_id: facility,
      facility_name: `Facility ${facility}`,
      logts: at.toISOString().slice(0, 19),
      upload_ts: new Date(at.getTime() + 6 * 3600 * 1000).toISOString(),
      gps_in_range: error ? null : kind !== 8,
      analysis: error ? null : JSON.stringify({ valid: String(valid), reasons: [] }),
      error_message: error ? 'Line 3: t1 is not a number.' : null,
      analysis_detail: error ? null : { co2_removed: (id * 37) % 500, biochar_produced: (id * 13) % 200 },
      valid,
    });
  });
}
