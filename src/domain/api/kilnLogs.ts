/**
 * Payloads of the kiln log calls (docs/product.md#calls-beyond-the-specification; docs/product.md#log-and-analysis-row).
 * Named for the console and the API server; the shapes come from
 * mock-server/openapi.yaml through generated.ts.
 */

import type { components, paths } from './generated';

type Schemas = components['schemas'];

/** docs/product.md#chart-data: ts in ms (the kiln's local clock read as UTC), °C, kg. */
export type ChartPoint = Schemas['ChartPoint'];

/** The first rows of the file as read (docs/product.md#log-and-analysis-row). */
export type DataSampleRow = Schemas['DataSampleRow'];

export type AnalysisDetail = Schemas['AnalysisDetail'];

/** A row of GET /api/kilnlogs and /api/archived_kilnlogs. */
export type KilnLog = Omit<Schemas['KilnLog'], 'chart_data' | 'data_sample'>;

/** GET /api/kilnlogs/{id}: the row with its chart (at most 1000 points) and data sample. */
export type KilnLogDetail = Schemas['KilnLogDetail'];

/** POST /api/kilnlogs/{id}/assign: the registered kiln a super-admin files an unassigned log under. */
export type KilnLogAssignRequest = Schemas['KilnLogAssignRequest'];

/** GET /api/archived_kilnlogs/retention. */
export type ArchiveRetention = paths['/archived_kilnlogs/retention']['get']['responses'][200]['content']['application/json'];

export { KILNLOG_SORT_FIELDS, type KilnLogSortField } from '../kilnLogSort';

export type KilnLogStatus = 'valid' | 'invalid' | 'error';

/** Largest log file an upload accepts (413 beyond). */
export const MAX_KILNLOG_BYTES = 10 * 1024 * 1024;
