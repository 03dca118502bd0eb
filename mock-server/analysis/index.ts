import { analyseSeries, isAnalysisError } from './analyse';
import { chartData, dataSample } from './chart';
import { resolveCalibration, resolveFacility } from './config';
import { parseLog } from './parseLog';
import { orderRows, prepareSeries } from './series';
import { formatLocalIso } from './time';
import type { AnalysisResult, ChartPoint, DataSampleRow, FacilityInput, KilnInput } from './types';
import { burnFingerprint, type BurnFingerprint } from '../../src/domain/fleet/fingerprint';
import { copyKeyOf } from '../../src/domain/fleet/copyKey';

/** The kiln record a log's kiln_id names, with the calibration in force at the burn's log time, and its facility; undefined for an unknown kiln. */
export type KilnLookup = (kilnId: string, logts: string | null) => { kiln: KilnInput; facility: FacilityInput } | undefined;

/** Everything the server stores for one uploaded burn log. Exactly one of result and error_message is set. */
export interface LogAnalysis {
  kiln_id: string | null;
  latitude: number | null;
  longitude: number | null;
  /** first reading, kiln local time YYYY-MM-DDTHH:mm:ss; null when no reading could be read */
  logts: string | null;
  result: AnalysisResult | null;
  error_message: string | null;
  chart_data: ChartPoint[];
  data_sample: DataSampleRow[];
  /** what the fleet's anomaly rules read of the burn; null without a result */
  fingerprint: BurnFingerprint | null;
}

/** Parses, looks up the kiln and analyses one burn log: the call the server makes on upload. Never throws on bad input. */
export function analyseLogText(text: string, lookupKiln: KilnLookup): LogAnalysis {
  const parsed = parseLog(text);
  if (!parsed.ok) {
    const { header, message } = parsed.error;
    return {
      kiln_id: header.kiln_id ?? null,
      latitude: header.latitude ?? null,
      longitude: header.longitude ?? null,
      logts: null,
      result: null,
      error_message: message,
      chart_data: [],
      data_sample: [],
      fingerprint: null,
    };
  }

  const { header, rows } = parsed.log;
  const series = orderRows(rows);
  const common = {
    kiln_id: header.kiln_id,
    latitude: header.latitude,
    longitude: header.longitude,
    logts: formatLocalIso(series.ts[0]),
    data_sample: dataSample(rows),
  };
  const failed = (error_message: string): LogAnalysis => ({
    ...common,
    result: null,
    error_message,
    chart_data: chartData(series, null),
    fingerprint: null,
  });

  const found = lookupKiln(header.kiln_id, common.logts);
  if (!found) return failed(`Unknown kiln '${header.kiln_id}'.`);
  const calibration = resolveCalibration(found.kiln);
  if ('error_message' in calibration) return failed(calibration.error_message);

  const prepared = prepareSeries(series, calibration);
  const outcome = analyseSeries(header, prepared, calibration.type, resolveFacility(found.facility), parsed.skippedLines);
  if (isAnalysisError(outcome)) return failed(outcome.error_message);
  const measured = burnFingerprint(prepared, {
    kiln_type: calibration.type,
    latitude: header.latitude,
    longitude: header.longitude,
    box: outcome.parameters.facility_box,
    biomass_loaded: outcome.biomass_loaded,
    biochar_produced: outcome.biochar_produced,
  });
  // with the copy check's key, from the same prepared series (docs/analysis.md, "A copy's key")
  const fingerprint: BurnFingerprint | null = measured && { ...measured, copy_key: copyKeyOf(prepared, calibration.type) };
  return { ...common, result: outcome, error_message: null, chart_data: chartData(prepared, prepared.kg), fingerprint };
}

export { analyse, isAnalysisError } from './analyse';
export { parseLog, type LogParseError, type ParseErrorCode, type ParseLogResult } from './parseLog';
export { downsampleChart, lttbIndices } from './downsample';
export {
  DEFAULT_CALIBRATION,
  generateBurn,
  MESSINESS,
  type Messiness,
  type BurnFault,
  type BurnTruth,
  type BurnTruthInput,
  type GenerateBurnOptions,
  type GeneratedBurn,
} from './generate';
export { resolveCalibration, resolveFacility, UNKNOWN_KILN_TYPE_MESSAGE } from './config';
export * from './constants';
export type * from './types';
