import type { Feedstock } from './feedstocks';

/**
 * The records of production batches, their lab results, end uses and project
 * emissions, and the laboratories (issue 43), with the field names the issue
 * fixes. Masses of char are exact whole grams; a missing value is null.
 */

/** open: burns gathered; closed: complete, waiting for its sample; sampled: a lab result exists. */
export const BATCH_STATES = ['open', 'closed', 'sampled'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/** Project emissions measured for a batch; every field may be absent (the methodologies then use their defaults). */
export interface BatchEmissions {
  /** production methane, g CH4 per kg of char */
  methane_g_per_kg: number | null;
  /** how the methane was measured */
  methane_method: string | null;
  /** the methane measurement's evidence file (SHA-256) */
  methane_evidence_sha256: string | null;
  /** other project emissions, whole grams of CO2e */
  other_co2e_g: number | null;
  other_note: string | null;
  other_evidence_sha256: string | null;
}

export interface BatchRecord {
  id: number;
  label: string;
  facility_id: number;
  kiln_type: number;
  feedstock: Feedstock;
  /** what an `other` feedstock was; null for the listed ones */
  feedstock_note: string | null;
  /** its burns (kilnlogs.id), ascending */
  analysis_ids: number[];
  /** the earliest and latest of its burns' log times (the kiln's wall clock) */
  first_logts: string;
  last_logts: string;
  state: BatchState;
  /** the exact sum of its burns' biochar, grams */
  wet_biochar_g: number;
  /** from the lab result in force's moisture as received; null before one */
  dry_biochar_g: number | null;
  /** the lowest of its burns' highest treatment temperatures; null when a burn has none recorded */
  production_temp_c: number | null;
  emissions: BatchEmissions | null;
  created_by: number | null;
  created_ts: string;
}

/** A lab's values for one sample of a batch; a correction is a new result naming the one it supersedes. */
export interface LabResultRecord {
  id: number;
  batch_id: number;
  lab_id: number;
  sample_id: string;
  /** YYYY-MM-DD */
  sampled_date: string;
  reported_date: string;
  /** the methods the lab names (ISO 16948, ASTM D5373, …) */
  methods: string[];
  c_tot_pct: number | null;
  c_inorg_pct: number | null;
  c_org_pct: number | null;
  /** molar ratios */
  h_c_org: number | null;
  o_c_org: number | null;
  /** as received */
  moisture_pct: number | null;
  ash_pct: number | null;
  volatile_matter_pct: number | null;
  /** random reflectance */
  ro_pct: number | null;
  contaminants_pass: boolean | null;
  certificate_sha256: string;
  /** the certificate's file key */
  certificate_key: string;
  /** the certificate's bytes are signed by an active key of the lab */
  lab_signed: boolean;
  /** the lab's Ed25519 signature of the certificate's bytes (base64) that made it lab-signed; null when not (absent from results stored before it was kept) */
  certificate_signature?: string | null;
  /** the result this one corrects; null for a first result */
  supersedes: number | null;
  recorded_by: number | null;
  recorded_ts: string;
}

export const END_USE_KINDS = ['soil_application', 'other'] as const;
export type EndUseKind = (typeof END_USE_KINDS)[number];

export interface EndUseRecord {
  id: number;
  batch_id: number;
  kind: EndUseKind;
  /** what an `other` end use was; null for soil application */
  kind_note: string | null;
  /** dry char applied, whole grams */
  dry_g: number;
  /** YYYY-MM-DD */
  date: string;
  latitude: number;
  longitude: number;
  /** the site's mean annual soil temperature, °C */
  soil_temp_c: number;
  /** where it came from: 'measured' or the dataset named */
  soil_temp_source: string;
  recipient: string;
  evidence_sha256: string;
  /** the evidence's file key */
  evidence_key: string;
  recorded_by: number | null;
  recorded_ts: string;
}

export interface LabRecord {
  id: number;
  name: string;
  /** e.g. an ISO/IEC 17025 accreditation number */
  accreditation: string;
  created_by: number | null;
  created_ts: string;
}

export interface LabKeyRecord {
  id: number;
  lab_id: number;
  /** Ed25519, PEM (SPKI) */
  public_key: string;
  /** lowercase hex SHA-256 of the key's DER SPKI bytes; unique across every lab */
  fingerprint: string;
  registered_by: number | null;
  registered_ts: string;
  /** null while in force */
  revoked_ts: string | null;
  /** who revoked it (null while in force, or for a user since deleted) */
  revoked_by: number | null;
}
