/** What GET /api/admin/statistics shows; recomputed on demand and kept until the next recompute. */
export interface StatisticsSnapshot {
  computed_ts: string;
  users: number;
  facilities: number;
  kilns: number;
  /** live (not archived) logs; valid + invalid + error add up to it */
  kilnlogs: number;
  valid_kilnlogs: number;
  invalid_kilnlogs: number;
  error_kilnlogs: number;
  archived_kilnlogs: number;
  audits_proposed: number;
  audits_signed_off: number;
  eco_assets: number;
  /** bytes of burn logs, photos and statements */
  storage_bytes: number;
  audited_co2: number;
  utilised_co2: number;
  audited_biochar: number;
}
