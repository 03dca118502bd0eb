import type { Batch, EndUse, Lab, LabResult } from '../../../src/domain/api/batches';
import type { Facility } from '../../../src/domain/api/configure';

export const FACILITY = {
  id: 3,
  mnemonic: 'CG1',
  name: 'Cerro Grande',
  owner_id: 4,
  latitude_min: -1,
  latitude_max: 1,
  longitude_min: 36,
  longitude_max: 38,
} as Facility;

export const makeBatch = (o: Partial<Batch> = {}): Batch => ({
  id: 7,
  label: 'CG1-2026-03-B1',
  facility_id: 3,
  kiln_type: 0,
  feedstock: 'nut_shells',
  feedstock_note: null,
  analysis_ids: [41, 42],
  first_logts: '2026-03-01T06:00:00',
  last_logts: '2026-03-09T07:30:00',
  state: 'open',
  wet_biochar_g: 81_234,
  dry_biochar_g: null,
  production_temp_c: 612,
  emissions: null,
  created_by: 3,
  created_ts: '2026-03-10T08:00:00Z',
  ...o,
});

export const LAB: Lab = {
  id: 1,
  name: 'Demo Soil Lab',
  accreditation: 'ISO/IEC 17025 D-PL-1',
  created_by: 1,
  created_ts: '2026-01-01T00:00:00Z',
  keys: [],
};

export const makeLabResult = (o: Partial<LabResult> = {}): LabResult => ({
  id: 11,
  batch_id: 7,
  lab_id: 1,
  sample_id: 'S-1',
  sampled_date: '2026-03-12',
  reported_date: '2026-03-20',
  methods: ['ISO 16948'],
  c_tot_pct: 78,
  c_inorg_pct: 2,
  c_org_pct: 76,
  h_c_org: 0.35,
  o_c_org: null,
  moisture_pct: 20,
  ash_pct: null,
  volatile_matter_pct: null,
  ro_pct: null,
  contaminants_pass: null,
  certificate_sha256: 'a'.repeat(64),
  lab_signed: true,
  supersedes: null,
  recorded_by: 3,
  recorded_ts: '2026-03-21T00:00:00Z',
  ...o,
});

export const makeEndUse = (o: Partial<EndUse> = {}): EndUse => ({
  id: 21,
  batch_id: 7,
  kind: 'soil_application',
  kind_note: null,
  dry_g: 500,
  date: '2026-04-01',
  latitude: 0.5,
  longitude: 37.1,
  soil_temp_c: 21.5,
  soil_temp_source: 'measured',
  recipient: 'Demo farm',
  evidence_sha256: 'b'.repeat(64),
  recorded_by: 3,
  recorded_ts: '2026-04-02T00:00:00Z',
  ...o,
});
