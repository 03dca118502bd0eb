import type { Batch, EndUse, Lab, LabKey, LabResult } from '../../src/domain/api/batches';
import type { BatchRecord, EndUseRecord, LabKeyRecord, LabRecord, LabResultRecord } from '../store/model';

/** The records as the API answers them: every figure as stored, the file keys kept inside. */

export const toBatch = (b: BatchRecord): Batch => ({
  id: b.id,
  label: b.label,
  facility_id: b.facility_id,
  kiln_type: b.kiln_type as Batch['kiln_type'],
  feedstock: b.feedstock,
  feedstock_note: b.feedstock_note,
  analysis_ids: [...b.analysis_ids],
  first_logts: b.first_logts,
  last_logts: b.last_logts,
  state: b.state,
  wet_biochar_g: b.wet_biochar_g,
  dry_biochar_g: b.dry_biochar_g,
  production_temp_c: b.production_temp_c,
  emissions: b.emissions && { ...b.emissions },
  created_by: b.created_by,
  created_ts: b.created_ts,
});

export const toLabResult = (r: LabResultRecord): LabResult => ({
  id: r.id,
  batch_id: r.batch_id,
  lab_id: r.lab_id,
  sample_id: r.sample_id,
  sampled_date: r.sampled_date,
  reported_date: r.reported_date,
  methods: [...r.methods],
  c_tot_pct: r.c_tot_pct,
  c_inorg_pct: r.c_inorg_pct,
  c_org_pct: r.c_org_pct,
  h_c_org: r.h_c_org,
  o_c_org: r.o_c_org,
  moisture_pct: r.moisture_pct,
  ash_pct: r.ash_pct,
  volatile_matter_pct: r.volatile_matter_pct,
  ro_pct: r.ro_pct,
  contaminants_pass: r.contaminants_pass,
  certificate_sha256: r.certificate_sha256,
  lab_signed: r.lab_signed,
  supersedes: r.supersedes,
  recorded_by: r.recorded_by,
  recorded_ts: r.recorded_ts,
});

export const toEndUse = (e: EndUseRecord): EndUse => ({
  id: e.id,
  batch_id: e.batch_id,
  kind: e.kind,
  kind_note: e.kind_note,
  dry_g: e.dry_g,
  date: e.date,
  latitude: e.latitude,
  longitude: e.longitude,
  soil_temp_c: e.soil_temp_c,
  soil_temp_source: e.soil_temp_source,
  recipient: e.recipient,
  evidence_sha256: e.evidence_sha256,
  recorded_by: e.recorded_by,
  recorded_ts: e.recorded_ts,
});

export const toLabKey = (k: LabKeyRecord): LabKey => ({
  id: k.id,
  lab_id: k.lab_id,
  public_key: k.public_key,
  fingerprint: k.fingerprint,
  registered_by: k.registered_by,
  registered_ts: k.registered_ts,
  revoked_ts: k.revoked_ts,
  revoked_by: k.revoked_by,
});

export const toLab = (l: LabRecord, keys: readonly LabKeyRecord[]): Lab => ({
  id: l.id,
  name: l.name,
  accreditation: l.accreditation,
  created_by: l.created_by,
  created_ts: l.created_ts,
  keys: keys.map(toLabKey),
});
