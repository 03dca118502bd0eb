import type { BatchEmissions, BatchRecord, EndUseRecord, LabKeyRecord, LabRecord, LabResultRecord } from '../store/model';
import type { Blobs } from '../blobs/blobs';
import type { StoreParts } from '../store/dataStore';
import { sampledBatch } from '../store/batchRules';

/**
 * The production batches a package's burns belong to (issue 43), with the evidence a
 * carbon standard asks for: each batch's lab results (values, certificate file, the lab's
 * signature and the lab's keys), its end uses (with their evidence files) and its emissions.
 * Only what was recorded by the signoff is carried, as a kiln key's state is, so a package
 * made again is the same bytes; a result is never edited (a correction supersedes it), so a
 * result in a package stays the console's record.
 */

export interface PackageLab {
  id: number;
  name: string;
  accreditation: string;
}

/** A laboratory's key, as at signoff. */
export interface PackageLabKey {
  lab_id: number;
  fingerprint: string;
  /** Ed25519, PEM (SPKI) */
  public_key: string;
  registered_ts: string;
  revoked_ts: string | null;
}

export type PackageLabResult = Omit<LabResultRecord, 'certificate_key' | 'recorded_by' | 'certificate_signature'> & {
  /** the certificate's path in the package */
  certificate_file: string;
  certificate_signature: string | null;
};

export type PackageEndUse = Omit<EndUseRecord, 'evidence_key' | 'recorded_by'> & {
  /** the evidence's path in the package */
  evidence_file: string;
};

export interface PackageBatch {
  id: number;
  label: string;
  facility_id: number;
  kiln_type: number;
  feedstock: string;
  feedstock_note: string | null;
  analysis_ids: number[];
  first_logts: string;
  last_logts: string;
  wet_biochar_g: number;
  /** from the newest result in force by the signoff that gives a moisture; null when none does */
  dry_biochar_g: number | null;
  production_temp_c: number | null;
  emissions: BatchEmissions | null;
  created_ts: string;
  lab_results: PackageLabResult[];
  end_uses: PackageEndUse[];
}

export interface PackageBatches {
  batches: PackageBatch[];
  labs: PackageLab[];
  lab_keys: PackageLabKey[];
  /** the certificates and evidence, by their path in the package */
  files: [string, Uint8Array][];
}

export const certificateFileOf = (batchId: number, resultId: number) => `batches/${batchId}/lab-result-${resultId}.pdf`;
export const evidenceFileOf = (batchId: number, endUseId: number, key: string) =>
  `batches/${batchId}/end-use-${endUseId}.${key.slice(key.lastIndexOf('.') + 1)}`;

async function fileOf(blobs: Blobs, key: string, what: string): Promise<Uint8Array> {
  const bytes = await blobs.readAll(key);
  if (!bytes) throw new Error(`The ${what} (${key}) is missing from the file storage.`);
  return bytes;
}

/** The batches holding any of the burns, with what was recorded of them by `signoffTs`. */
export async function packageBatches(
  data: Pick<StoreParts, 'batches' | 'labs'>,
  blobs: Blobs,
  burnIds: readonly number[],
  signoffTs: string,
): Promise<PackageBatches> {
  const records = [...(await data.batches.ofLogs(burnIds))].filter((b) => b.created_ts <= signoffTs).sort((a, b) => a.id - b.id);
  const out: PackageBatches = { batches: [], labs: [], lab_keys: [], files: [] };
  const labIds = new Set<number>();
  for (const batch of records) {
    const results = (await data.batches.labResults(batch.id)).filter((r) => r.recorded_ts <= signoffTs);
    const endUses = (await data.batches.endUses(batch.id)).filter((e) => e.recorded_ts <= signoffTs);
    const labResults: PackageLabResult[] = [];
    for (const r of results) {
      const { certificate_key, recorded_by: _by, certificate_signature, ...rest } = r;
      const file = certificateFileOf(batch.id, r.id);
      out.files.push([file, await fileOf(blobs, certificate_key, `certificate of lab result ${r.id}`)]);
      labResults.push({ ...rest, certificate_signature: certificate_signature ?? null, certificate_file: file });
      labIds.add(r.lab_id);
    }
    const uses: PackageEndUse[] = [];
    for (const e of endUses) {
      const { evidence_key, recorded_by: _by, ...rest } = e;
      const file = evidenceFileOf(batch.id, e.id, evidence_key);
      out.files.push([file, await fileOf(blobs, evidence_key, `evidence of end use ${e.id}`)]);
      uses.push({ ...rest, evidence_file: file });
    }
    out.batches.push(packageBatch(batch, results, labResults, uses));
  }
  for (const id of [...labIds].sort((a, b) => a - b)) {
    const lab: LabRecord | null = await data.labs.get(id);
    if (lab) out.labs.push({ id: lab.id, name: lab.name, accreditation: lab.accreditation });
    const keys: LabKeyRecord[] = await data.labs.keys(id);
    for (const k of keys.filter((k) => k.registered_ts <= signoffTs))
      out.lab_keys.push({
        lab_id: k.lab_id,
        fingerprint: k.fingerprint,
        public_key: k.public_key,
        registered_ts: k.registered_ts,
        revoked_ts: k.revoked_ts !== null && k.revoked_ts <= signoffTs ? k.revoked_ts : null,
      });
  }
  out.lab_keys.sort((a, b) => a.lab_id - b.lab_id || (a.fingerprint < b.fingerprint ? -1 : 1));
  return out;
}

function packageBatch(
  batch: BatchRecord,
  results: readonly LabResultRecord[],
  labResults: PackageLabResult[],
  endUses: PackageEndUse[],
): PackageBatch {
  return {
    id: batch.id,
    label: batch.label,
    facility_id: batch.facility_id,
    kiln_type: batch.kiln_type,
    feedstock: batch.feedstock,
    feedstock_note: batch.feedstock_note,
    analysis_ids: [...batch.analysis_ids],
    first_logts: batch.first_logts,
    last_logts: batch.last_logts,
    wet_biochar_g: batch.wet_biochar_g,
    dry_biochar_g: results.length ? sampledBatch(batch, results).dry_biochar_g : null,
    production_temp_c: batch.production_temp_c,
    emissions: batch.emissions,
    created_ts: batch.created_ts,
    lab_results: labResults,
    end_uses: endUses,
  };
}
