/** Where a burn opens, live or archived (BurnRedirectPage finds which). */
export const burnPath = (logId: number) => `/kiln_logs/${logId}`;

/** The list a burn is on, showing it alone under its Log id filter. */
export const listOfBurn = (logId: number, archived: boolean) =>
  `/${archived ? 'archived_kiln_logs' : 'kiln_logs'}?filter=${encodeURIComponent(JSON.stringify({ id: logId }))}`;
