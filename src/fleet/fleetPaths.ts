/** Where a burn opens: the Kiln Logs list showing it alone. */
export const burnPath = (logId: number) => `/kiln_logs?filter=${encodeURIComponent(JSON.stringify({ id: logId }))}`;

/** Where a facility opens: the Facilities list showing it alone. */
export const facilityPath = (facilityId: number) => `/facilities?filter=${encodeURIComponent(JSON.stringify({ id: facilityId }))}`;
