import type { KilnLogRecord } from './model';

/**
 * Which stored results the start-up upgrade analyses again
 * (docs/analysis.md#algorithm-versions): an unaudited log's, when another
 * algorithm version computed it. A result that names no version, or is not
 * JSON, reads as version '' and is analysed again; a log with no result (an
 * error log) has none and is left for an explicit re-analysis. PostgreSQL
 * reads the version the same way, from an index (function
 * kilnlog_algorithm_version, migration 2026-11-28-0003).
 */
function resultVersion(analysis: string | null): string | null {
  if (analysis === null) return null;
  try {
    const parsed = JSON.parse(analysis) as { algorithm_version?: unknown } | null;
    return typeof parsed?.algorithm_version === 'string' ? parsed.algorithm_version : '';
  } catch {
    return '';
  }
}

export function isOutdated(row: Pick<KilnLogRecord, 'audited' | 'analysis'>, currentVersion: string): boolean {
  if (row.audited) return false;
  const version = resultVersion(row.analysis);
  return version !== null && version !== currentVersion;
}
