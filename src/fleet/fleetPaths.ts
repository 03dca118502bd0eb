/** Where a facility opens: the Facilities list showing it alone. */
export const facilityPath = (facilityId: number) => `/facilities?filter=${encodeURIComponent(JSON.stringify({ id: facilityId }))}`;
