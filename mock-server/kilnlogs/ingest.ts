import { createHash } from 'node:crypto';
import { analyseLogText, type LogAnalysis } from '../analysis';
import { conflict } from '../http/errors';
import type { DataStore } from '../store/dataStore';
import { allEnded, commitFiles } from '../store/commit';
import type { FacilityRecord, KilnCalibrationRecord, KilnLogRecord, KilnRecord } from '../store/model';
import { byKiln, calibrationAt } from '../kilns/calibrationHistory';
import type { BurnFingerprint } from '../../src/domain/fleet/fingerprint';
import { judgeAhead } from '../fleet/anomalyPass';
import type { AnalysisFile, KilnLogFiles } from './storage';

/**
 * Storing and analysing a burn log: the one path an upload, the seed and a
 * re-analysis all take. The analysis is pure (bytes and the registered kilns
 * in, row fields and a chart out); uploads store through the store interface,
 * the seed into the state it builds.
 */

export interface IncomingLog {
  bytes: Buffer;
  /** the client's file name, if any; otherwise one is made from kiln and time */
  fileName: string | null;
  uploadTs: Date;
  /** the account that uploaded it; none for a kiln's own upload, signed by its key without a token */
  uploadedBy?: number;
}

/** The row fields an analysis decides. */
export type AnalysedFields = Pick<
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
  | 'kiln_pending'
  | 'calibration_id'
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

/** A kiln, its facility and its approved calibration versions. */
type Filing = { kiln: KilnRecord; facility: FacilityRecord; calibrations: readonly KilnCalibrationRecord[] };

/** The kiln a new log names, among the registered kilns. */
export type KilnLookup = (kilnId: string) => Filing | undefined;

/**
 * The registry keeps kiln_id unique across all facilities (docs/security.md,
 * "Kiln takeover"); should an older store still hold two registrations of one
 * id, the oldest wins, so registering another facility's kiln id later never
 * diverts its logs.
 */
export function kilnLookup(
  kilns: readonly KilnRecord[],
  facilities: readonly FacilityRecord[],
  calibrations: readonly KilnCalibrationRecord[] = [],
): KilnLookup {
  const facilityById = new Map(facilities.map((f) => [f.id, f]));
  const calibrationsOf = byKiln(calibrations);
  const byKilnId = new Map<string, Filing>();
  for (const kiln of kilns) {
    const facility = facilityById.get(kiln.facility_id);
    const best = byKilnId.get(kiln.kiln_id);
    if (facility && (!best || kiln.id < best.kiln.id))
      byKilnId.set(kiln.kiln_id, { kiln, facility, calibrations: calibrationsOf.get(kiln.id) ?? [] });
  }
  return (kilnId) => byKilnId.get(kilnId);
}

/** The registered kilns as they are now in the store. */
export async function currentKilns(data: Pick<DataStore, 'kilns' | 'facilities' | 'calibrations'>): Promise<KilnLookup> {
  const [kilns, facilities, calibrations] = await Promise.all([data.kilns.list(), data.facilities.list(), data.calibrations.approved()]);
  return kilnLookup(kilns, facilities, calibrations);
}

/** The one filing a log may take, whatever kiln id it names. */
const filedUnder =
  (filing: Filing): KilnLookup =>
  () =>
    filing;

/**
 * Where a stored log stays on re-analysis: the kiln and facility it was filed
 * under when it arrived, whatever has been registered or moved since (the
 * facility's current config applies, and the kiln's calibration in force at
 * its log time as known at its upload). A log filed under no facility stays so:
 * only a super-admin's assignment files it (docs/security.md, M1), never a
 * registration of the id it names followed by a re-analysis.
 */
async function keptFiling(data: Pick<DataStore, 'kilns' | 'facilities' | 'calibrations'>, row: KilnLogRecord): Promise<KilnLookup> {
  if (row.facility_id === null) return () => undefined;
  const [facility, kiln] = await Promise.all([data.facilities.get(row.facility_id), row.kiln === null ? null : data.kilns.get(row.kiln)]);
  return facility && kiln ? filedUnder({ kiln, facility, calibrations: await data.calibrations.ofKiln(kiln.id) }) : () => undefined;
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
  fingerprint: null,
};

/** An analysis's row fields, chart, and what the fleet's anomaly rules read of the burn (docs/analysis.md, "Fleet anomalies"). */
export interface Analysed {
  fields: AnalysedFields;
  file: AnalysisFile;
  fingerprint: BurnFingerprint | null;
}

/**
 * Runs the analysis, with the kiln's calibration in force at the burn's log time
 * among those approved by `known` (the upload); whatever the file holds, the
 * answer is row fields and a chart, never an exception.
 */
function analyse(bytes: Buffer, fileUnder: KilnLookup, known: Date): Analysed {
  let out: LogAnalysis;
  let calibration: KilnCalibrationRecord | undefined;
  const withCalibration = (kilnId: string, logts: string | null) => {
    const found = fileUnder(kilnId);
    calibration = found && calibrationAt(found.calibrations, logts, known.toISOString());
    return found && { kiln: calibration ? { ...found.kiln, config: calibration.config } : found.kiln, facility: found.facility };
  };
  try {
    out = analyseLogText(bytes.toString('utf8'), withCalibration);
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
    // a log of a kiln id no super-admin has approved is kept, not credited (docs/roles.md#numbers-that-credit-a-facility)
    kiln_pending: matched ? matched.kiln.approved_ts === null : false,
    calibration_id: matched ? (calibration?.id ?? null) : null,
  };
  return { fields, file: { chart_data: out.chart_data, data_sample: out.data_sample }, fingerprint: out.fingerprint };
}

const refuseTwin = (twin: KilnLogRecord): never => {
  throw conflict(`This file was uploaded before, as log ${twin.id}${twin.archived_ts ? ' (archived)' : ''}.`);
};

/** A new log's row and chart, analysed against the registered kilns. */
export function analysedLog(
  id: number,
  s3key: string,
  incoming: IncomingLog,
  fileUnder: KilnLookup,
): { row: KilnLogRecord; file: AnalysisFile; fingerprint: BurnFingerprint | null } {
  const { fields, file, fingerprint } = analyse(incoming.bytes, fileUnder, incoming.uploadTs);
  const row: KilnLogRecord = {
    id,
    ...fields,
    upload_ts: incoming.uploadTs.toISOString(),
    file_name: incoming.fileName ? safeFileName(incoming.fileName) : generatedName(fields, incoming.uploadTs),
    file_size: incoming.bytes.length,
    sha256: sha256(incoming.bytes),
    s3key,
    ...UNSIGNED,
    uploaded_by: incoming.uploadedBy ?? null,
    audited: false,
    audit_id: null,
    archived_ts: null,
    delete_after: null,
  };
  return { row, file, fingerprint };
}

/** A log's signature state (docs/security.md, "Kiln identity"). */
export type SignatureFields = Pick<KilnLogRecord, 'signed' | 'key_fingerprint' | 'signature'>;
export const UNSIGNED: SignatureFields = { signed: false, key_fingerprint: null, signature: null };

/** Decides, once the log is analysed (the kiln it names known), whether it is taken and with what signature state; throws (401) to refuse it. */
export type Admission = (row: KilnLogRecord) => Promise<SignatureFields>;

/**
 * Stores a new log, its files and its analysis, if `admit` takes it. 409 when the same content was
 * uploaded before, archived or not (also when two uploads of it race: the
 * store refuses the second row, and its files go).
 */
export async function ingestLog(
  data: DataStore,
  files: KilnLogFiles,
  incoming: IncomingLog,
  admit: Admission = () => Promise.resolve(UNSIGNED),
): Promise<KilnLogRecord> {
  const rawKey = files.newRawKey();
  let id: number | null = null;
  const { stored, anomalies } = await commitFiles(files.blobs, {
    // read if the change fails: the chart's file is named once the log's id is reserved
    added: () => (id === null ? [rawKey] : [rawKey, files.analysisKey(id)]),
    async write() {
      // the raw bytes are written while the log is analysed and admitted; a refusal waits for the write, then removes it
      const rawSaved = files.saveRaw(rawKey, incoming.bytes);
      const analysed = (async () => {
        const [reserved, fileUnder] = await Promise.all([data.kilnLogs.reserveId(), currentKilns(data)]);
        id = reserved;
        const { row, file, fingerprint } = analysedLog(reserved, rawKey, incoming, fileUnder);
        // refused (401) before anything else is said about the file, even that it was uploaded before
        Object.assign(row, await admit(row));
        const anomalies = judgeAhead(data, row, fingerprint);
        // an earlier upload of the same content is looked for while the chart is written: refused, the files go
        const [twin] = await allEnded([data.kilnLogs.findBySha256(row.sha256), files.saveAnalysis(reserved, file)]);
        if (twin) refuseTwin(twin);
        return { row, anomalies };
      })();
      // the log's own refusal (401, 409) goes on before a failed raw write
      const [{ row, anomalies }] = await allEnded([analysed, rawSaved]);
      return { stored: await data.kilnLogs.insert(row), anomalies };
    },
  });
  await anomalies.record();
  return stored;
}

/**
 * The fields and chart of a stored log analysed again from its raw bytes, with
 * the facility's current config and the kiln's calibration in force at its log
 * time (never one approved after its upload), under the filing it arrived with:
 * its kiln, facility and pending state never change here, whatever the
 * analysis finds (a log's facility is fixed once set).
 */
export async function reanalysis(
  data: Pick<DataStore, 'kilns' | 'facilities' | 'calibrations'>,
  row: KilnLogRecord,
  raw: Buffer,
): Promise<Analysed> {
  const { fields, file, fingerprint } = analyse(raw, await keptFiling(data, row), new Date(row.upload_ts));
  const kept = {
    kiln: row.kiln,
    facility_id: row.facility_id,
    facility_name: fields.facility_name ?? row.facility_name,
    kiln_pending: row.kiln_pending,
  };
  return { fields: { ...fields, ...kept }, file, fingerprint };
}

/** The fields and chart of an unfiled log analysed under the kiln a super-admin assigned it to; pending as that kiln is. */
export function assignedAnalysis(raw: Buffer, filing: Filing, uploadTs: string): Analysed {
  return analyse(raw, filedUnder(filing), new Date(uploadTs));
}
