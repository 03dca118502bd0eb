/**
 * The areas (top folders) of file storage that records name files in. Stored
 * keys name their area, so an area keeps its first name.
 */

/** a burn log's raw file byte for byte: kilnlogs/<uuid>.csv */
export const RAW_AREA = 'kilnlogs';
/** a burn log's chart series and data sample: analysis/<id>.json */
export const ANALYSIS_AREA = 'analysis';
/** facility photos and facility statements */
export const PHOTO_AREA = 'facility-photos';
export const STATEMENT_AREA = 'facility-audits';
/** an audit's signed statement: audit-evidence/<doc_key> */
export const EVIDENCE_AREA = 'audit-evidence';

/** The key of a log's chart and sample: analysis/<id>.json. */
export function analysisKeyOf(id: number): string {
  if (!Number.isInteger(id) || id <= 0) throw new Error(`Not a kiln log id: ${id}`);
  return `${ANALYSIS_AREA}/${id}.json`;
}
/** a kiln calibration version's certificate (a PDF or image) */
export const CALIBRATION_AREA = 'calibration-certificates';
