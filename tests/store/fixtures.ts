import { createHash } from 'node:crypto';
import type { DataStore, MintInput, ProposeInput, SignoffInput, StoreParts } from '../../mock-server/store/dataStore';
import type { FacilityRecord, KilnLogRecord } from '../../mock-server/store/model';

/** Records for the store contract tests, built through the interface itself. */

export const sha = (text: string) => createHash('sha256').update(text).digest('hex');

export async function addFacility(store: DataStore, mnemonic: string, ownerId = 1): Promise<FacilityRecord> {
  return store.facilities.create({
    mnemonic,
    name: `${mnemonic} Biochar`,
    owner_id: ownerId,
    latitude_min: -1.5,
    latitude_max: -1.1,
    longitude_min: 36.6,
    longitude_max: 37.1,
    last_updated: '2026-01-02T03:04:05.678Z',
    latest_facility_audit_id: null,
    kiln_type_config: '{"cgo1":{"wicf":0.35,"carbonRemovalFactor":2.44}}',
  });
}

/** A C-Go-1 kiln installed in 2024 and approved on 2026-01-01, with an empty config. */
export const kilnRow = (kiln_id: string, facility_id: number) => ({
  kiln_id,
  facility_id,
  type: 0,
  install_date: '2024-01-01',
  last_update: '2026-01-01T00:00:00.000Z',
  config: '{}',
  approved_ts: '2026-01-01T00:00:00.000Z',
  approved_by: null,
});

/** The algorithm version a fixture log's result names unless told otherwise; proposals and signoffs name it as current. */
export const FIXTURE_ALGORITHM_VERSION = '1.2.0';

export interface LogOptions {
  facility?: FacilityRecord | null;
  kilnId?: string | null;
  type?: number | null;
  logts?: string | null;
  status?: 'valid' | 'invalid' | 'error';
  co2?: number;
  biochar?: number;
  archivedTs?: string | null;
  deleteAfter?: string | null;
  fileSize?: number;
  gps?: boolean | null;
  algorithmVersion?: string;
}

/** A log as ingest stores it: of a known kiln, unsigned, in no audit. */
export const UNSIGNED_UNAUDITED = {
  kiln_pending: false,
  calibration_id: null,
  signed: false,
  key_fingerprint: null,
  signature: null,
  audited: false,
  audit_id: null,
} as const satisfies Partial<KilnLogRecord>;

/** A kiln log row as ingest would store it; status decides analysis, error_message and valid. */
export function logRow(id: number, o: LogOptions = {}): KilnLogRecord {
  const status = o.status ?? 'valid';
  const facility = o.facility === undefined ? null : o.facility;
  const co2 = o.co2 ?? 100 + id;
  const biochar = o.biochar ?? 40 + id / 10;
  const result = {
    valid: status === 'valid' ? 'true' : 'false',
    co2_removed: co2,
    biochar_produced: biochar,
    algorithm_version: o.algorithmVersion ?? FIXTURE_ALGORITHM_VERSION,
  };
  return {
    id,
    kiln_id: o.kilnId === undefined ? 'CG1-0007' : o.kilnId,
    kiln: null,
    facility_id: facility?.id ?? null,
    facility_name: facility?.name ?? null,
    type: o.type === undefined ? 0 : o.type,
    logts: o.logts === undefined ? `2026-03-${String((id % 28) + 1).padStart(2, '0')}T06:00:00` : o.logts,
    upload_ts: new Date(Date.UTC(2026, 3, 1) + id * 60_000).toISOString(),
    file_name: `log-${id}.csv`,
    file_size: o.fileSize ?? 1000 + id,
    sha256: sha(`log ${id}`),
    s3key: `kilnlogs/00000000-0000-4000-8000-${String(id).padStart(12, '0')}.csv`,
    latitude: -1.3,
    longitude: 36.8,
    gps_in_range: o.gps === undefined ? status !== 'error' : o.gps,
    analysis: status === 'error' ? null : JSON.stringify(result),
    error_message: status === 'error' ? `The log ${id} could not be read.` : null,
    analysis_detail: status === 'error' ? null : { co2_removed: co2, biochar_produced: biochar },
    valid: status === 'valid',
    ...UNSIGNED_UNAUDITED,
    archived_ts: o.archivedTs ?? null,
    delete_after: o.deleteAfter ?? null,
    uploaded_by: null,
  };
}

/** Inserts logs with fresh ids from the store. */
export async function addLogs(store: DataStore, options: LogOptions[]): Promise<KilnLogRecord[]> {
  const rows: KilnLogRecord[] = [];
  for (const o of options) rows.push(await store.kilnLogs.insert(logRow(await store.kilnLogs.reserveId(), o)));
  return rows;
}

let proposals = 0;

/** Proposes these burns as one audit (a job J-n of its own, as job ids are unique; proposed 2026-05-01 by nobody) unless told otherwise. */
export function proposeAudit(store: Pick<StoreParts, 'audits'>, analysis_ids: readonly number[], o: Partial<ProposeInput> = {}) {
  return store.audits.propose({
    job_id: `J-${++proposals}`,
    kiln_type: 0,
    facility_id: null,
    analysis_ids,
    create_ts: '2026-05-01T00:00:00.000Z',
    proposed_by: null,
    algorithm_version: FIXTURE_ALGORITHM_VERSION,
    ...o,
  });
}

/** Signs off these burns of a proposal (evidence `k`, 2026-05-02, by nobody) unless told otherwise. */
export function signOffAudit(
  store: Pick<StoreParts, 'audits'>,
  audit_id: number,
  analysis_ids: readonly number[],
  o: Partial<SignoffInput> = {},
) {
  return store.audits.signoff({
    audit_id,
    analysis_ids,
    signoff_ts: '2026-05-02T00:00:00.000Z',
    doc_key: 'k',
    doc_mime_type: 'image/png',
    signed_off_by: null,
    algorithm_version: FIXTURE_ALGORITHM_VERSION,
    ...o,
  });
}

/** Mints one eco asset of these audit id → kg allocations (note n, transaction t, 2026-06-01, by nobody) unless told otherwise. */
export function mintAsset(store: Pick<StoreParts, 'ecoAssets'>, allocations: [number, number][], o: Partial<MintInput> = {}) {
  return store.ecoAssets.mint({
    minting_note: 'n',
    transaction_id: 't',
    allocations: new Map(allocations),
    minted_ts: '2026-06-01T00:00:00.000Z',
    minted_by: null,
    ...o,
  });
}

/** A small PRNG so the generated rows are the same on every run. */
export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
