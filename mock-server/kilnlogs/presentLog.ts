import type { KilnLog } from '../../src/domain/api/kilnLogs';
import type { KilnLogRecord } from '../store/schema';

/** The API row: the stored row plus analysis_id, the spec's name for the same id. */
export const present = (row: KilnLogRecord): KilnLog => ({ ...row, analysis_id: row.id });
