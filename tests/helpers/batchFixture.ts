import { createHash } from 'node:crypto';
import { newBlobKey } from '../../mock-server/blobs/blobs';
import { END_USE_EVIDENCE_AREA, LAB_CERTIFICATE_AREA } from '../../mock-server/store/fileAreas';
import type { BatchRecord } from '../../mock-server/store/model';
import { TINY_PDF } from './configure';
import type { TestServer } from './testServer';
import { labValues } from './labValues';

/**
 * A batch with a lab result and its certificate, and an end use with its evidence, in facility 1 (the demo facility
 * admin's), for the contract checks to read until the demo seed makes batches
 * of its own: made of the facility's oldest valid burn in no audit, so the
 * checks' newest unaudited burn stays free to archive.
 */
export async function addContractBatch(server: TestServer): Promise<BatchRecord> {
  const { data, blobs } = server.ctx;
  const { rows } = await data.kilnLogs.list(
    { archived: false, facilityIds: new Set([1]) },
    {},
    { sort: { field: 'logts', order: 'ASC' }, range: [0, 999] },
  );
  const burn = rows.find((r) => r.valid && !r.audited && r.analysis !== null && r.type !== null);
  if (!burn) throw new Error('The demo seed has no valid unaudited burn in facility 1.');
  const batch = await data.batches.create({
    label: 'Contract check batch',
    facility_id: 1,
    kiln_type: burn.type!,
    feedstock: 'wood',
    feedstock_note: null,
    analysis_ids: [burn.id],
    created_by: 1,
    created_ts: new Date().toISOString(),
  });
  const lab = await data.labs.create({
    name: 'Contract Check Lab',
    accreditation: 'ISO/IEC 17025 TEST-0001',
    created_by: 1,
    created_ts: new Date().toISOString(),
  });
  const key = newBlobKey(LAB_CERTIFICATE_AREA, 'pdf');
  await blobs.put(key, TINY_PDF, 'application/pdf');
  await data.batches.addLabResult({
    batch_id: batch.id,
    lab_id: lab.id,
    sample_id: 'CC-1',
    ...labValues(),
    methods: ['ISO 16948'],
    ro_pct: null,
    certificate_sha256: createHash('sha256').update(TINY_PDF).digest('hex'),
    certificate_key: key,
    lab_signed: false,
    supersedes: null,
    recorded_by: 1,
    recorded_ts: new Date().toISOString(),
  });
  const evidenceKey = newBlobKey(END_USE_EVIDENCE_AREA, 'pdf');
  await blobs.put(evidenceKey, TINY_PDF, 'application/pdf');
  await data.batches.addEndUse({
    batch_id: batch.id,
    kind: 'soil_application',
    kind_note: null,
    dry_g: 1,
    date: '2026-05-10',
    latitude: -1.29,
    longitude: 36.82,
    soil_temp_c: 21.4,
    soil_temp_source: 'measured',
    recipient: 'Contract check farm',
    evidence_sha256: createHash('sha256').update(TINY_PDF).digest('hex'),
    evidence_key: evidenceKey,
    recorded_by: 1,
    recorded_ts: new Date().toISOString(),
  });
  return batch;
}
