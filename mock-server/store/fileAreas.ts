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
/**
 * a batch's lab certificates and its end uses' evidence: like calibration
 * certificates, areas the start-up file sweep does not sweep (a lab result or
 * end use is kept for good, and so is its file)
 */
export const LAB_CERTIFICATE_AREA = 'lab-certificates';
export const END_USE_EVIDENCE_AREA = 'end-use-evidence';
