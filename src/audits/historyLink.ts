/**
 * Where an audit's row is on Audit History: the page opened on its facility,
 * the row marked (AuditHistoryPage reads both from the URL). Pure.
 */
export const auditHistoryPath = (audit: { id: number; facility_id: number }): string =>
  `/audit/history?${new URLSearchParams({ facility_id: String(audit.facility_id), audit: String(audit.id) }).toString()}`;

/** The facility and audit an Audit History URL names, each null when absent or not a positive whole number. */
export function historyTarget(search: string): { facilityId: number | null; auditId: number | null } {
  const params = new URLSearchParams(search);
  const id = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  return { facilityId: id('facility_id'), auditId: id('audit') };
}
