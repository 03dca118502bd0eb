/** What the kiln log lists sort by: one list for the console, the API and both stores. */
export const KILNLOG_SORT_FIELDS = [
  'id',
  'kiln_id',
  'facility_name',
  'logts',
  'file_size',
  'gps_in_range',
  'analysis',
  'co2_removed',
  'biochar_produced',
  'upload_ts',
  'file_name',
  'archived_ts',
  'delete_after',
] as const;

export type KilnLogSortField = (typeof KILNLOG_SORT_FIELDS)[number];
