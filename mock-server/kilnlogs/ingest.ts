import { createHash } from 'node:crypto';
import { analyseLogText, type LogAnalysis } from '../analysis';
import { conflict } from '../http/errors';
import type { DbShape, FacilityRecord, KilnLogRecord, KilnRecord } from '../store/schema';
import type { AnalysisFile, KilnLogFiles } from './storage';

/**
 * Storing and analysing a burn log: the one path an upload, the seed and a
 * re-analysis all take. It works on a state (the store's, or the seed's being
 * built) and never writes db.json; the caller does, once its checks passed.
 */

export interface IncomingLog {
  bytes: Buffer;
  /** the client's file name, if any; otherwise one is made from kiln and time */
  fileName: string | null;
  uploadTs: Date;
}

/** The row fields an analysis decides. */
type AnalysedFields = Pick<
  KilnLogRecord,
  | 'kiln_id'
  | 'kiln'
  | 'facility_id'
  | 'facility_name'
  | 'type'
  | 'logts'
  | 'latitude'
  | 'longitude'
  | 'gps_in_range'
  | 'analysis'
  | 'error_message'
  | 'analysis_detail'
  | 'valid'
>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A file name safe in a Content-Disposition header and on any disk: letters, digits, . _ - only. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.csv$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return `${stem || 'kilnlog'}.csv`;
}

function generatedName(fields: AnalysedFields, uploadTs: Date): string {
  const when = (fields.logts ?? uploadTs.toISOString()).slice(0, 16).replace(':', '');
  return safeFileName(`${fields.kiln_id ?? 'kilnlog'}_${when}`);
}

type Filing = { kiln: KilnRecord; facility: FacilityRecord };

/**
 * The kiln a new log names. The registry keeps kiln_id unique across all
 * facilities (docs/security.md, "Kiln takeover"); should an older store still
 * hold two registrations of one id, the oldest wins, so registering another
 * facility's kiln id later never diverts its logs.
 */
function findKiln(state: DbShape, kilnId: string): Filing | undefined {
  let best: Filing | undefined;
  for (const kiln of state.kilns) {
    if (kiln.kiln_id !== kilnId) continue;
    const facility = state.facilities.find((f) => f.id === kiln.facility_id);
    if (facility && (!best || kiln.id < best.kiln.id)) best = { kiln, facility };
  }
  return best;
}

/**
 * Where a stored log stays on re-analysis: the kiln and facility it was filed
 * under when it arrived, whatever has been registered or moved since (the
 * current configs of both apply). A log filed under no facility may be filed
 * now, by the same rule as a new upload.
 */
function keptFiling(state: DbShape, row: KilnLogRecord, kilnId: string): Filing | undefined {
  if (row.facility_id === null) return findKiln(state, kilnId);
  const facility = state.facilities.find((f) => f.id === row.facility_id);
  const kiln = state.kilns.find((k) => k.id === row.kiln);
  return facility && kiln ? { kiln, facility } : undefined;
}

const FAILED_ANALYSIS: LogAnalysis = {
  kiln_id: null,
  latitude: null,
  longitude: null,
  logts: null,
  result: null,
  error_message: 'The log could not be analysed (internal error).',
  chart_data: [],
  data_sample: [],
};

/** Runs the analysis; whatever the file holds, the answer is row fields and a chart, never an exception. */
function analyse(bytes: Buffer, fileUnder: (kilnId: string) => Filing | undefined): { fields: AnalysedFields; file: AnalysisFile } {
  let out: LogAnalysis;
  try {
    out = analyseLogText(bytes.toString('utf8'), fileUnder);
  } catch (err) {
    // a bug in the analysis must not lose the upload: the log is kept, marked as an error
    console.error('Burn analysis failed:', err);
    out = FAILED_ANALYSIS;
  }
  const { result } = out;
  // a log that broke off mid-file still names its kiln: file it under that kiln's facility
  const matched = out.kiln_id === null ? undefined : fileUnder(out.kiln_id);
  const fields: AnalysedFields = {
    kiln_id: out.kiln_id,
    kiln: matched?.kiln.id ?? null,
    facility_id: matched?.facility.id ?? null,
    facility_name: matched?.facility.name ?? null,
    type: matched?.kiln.type ?? null,
    logts: out.logts,
    latitude: out.latitude,
    longitude: out.longitude,
    gps_in_range: result?.gps_in_range ?? null,
    analysis: result ? JSON.stringify(result) : null,
    error_message: result ? null : (out.error_message ?? 'The log could not be analysed.'),
    analysis_detail: result ? { co2_removed: result.co2_removed, biochar_produced: result.biochar_produced } : null,
    valid: result?.valid === 'true',
  };
  return { fields, file: { chart_data: out.chart_data, data_sample: out.data_sample } };
}

const nextId = (rows: readonly { id: number }[]) => rows.reduce((max, r) => Math.max(max, r.id), 0) + 1;

/**
 * Stores a new log and its analysis into `state` (and its files). 409 when the
 * same content was uploaded before, archived or not.
 */
export function ingestLog(state: DbShape, files: KilnLogFiles, incoming: IncomingLog): KilnLogRecord {
  const hash = sha256(incoming.bytes);
  const twin = state.kilnlogs.find((r) => r.sha256 === hash);
  if (twin) {
    throw conflict(`This file was uploaded before, as log ${twin.id}${twin.archived_ts ? ' (archived)' : ''}.`);
  }
  const id = nextId(state.kilnlogs);
  const s3key = files.saveRaw(incoming.bytes);
  try {
    const { fields, file } = analyse(incoming.bytes, (kilnId) => findKiln(state, kilnId));
    files.saveAnalysis(id, file);
    const row: KilnLogRecord = {
      id,
      ...fields,
      upload_ts: incoming.uploadTs.toISOString(),
      file_name: incoming.fileName ? safeFileName(incoming.fileName) : generatedName(fields, incoming.uploadTs),
      file_size: incoming.bytes.length,
      sha256: hash,
      s3key,
      audited: false,
      audit_id: null,
      archived_ts: null,
      delete_after: null,
    };
    state.kilnlogs.push(row);
    return row;
  } catch (err) {
    files.remove(id, s3key);
    throw err;
  }
}

/** Analyses a stored log again from its raw bytes, with the kiln's and facility's current config, under the filing it arrived with. */
export function reanalyseLog(state: DbShape, files: KilnLogFiles, row: KilnLogRecord, raw: Buffer): void {
  const { fields, file } = analyse(raw, (kilnId) => keptFiling(state, row, kilnId));
  files.saveAnalysis(row.id, file);
  Object.assign(row, fields);
}
