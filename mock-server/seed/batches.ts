import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { newBlobKey } from '../blobs/blobs';
import type { AppContext } from '../context';
import { labSignature } from '../batches/labSignature';
import { fingerprintOf, privateKeyFromSeed, signBytes } from '../kilns/kilnKeys';
import { END_USE_EVIDENCE_AREA, LAB_CERTIFICATE_AREA } from '../store/fileAreas';
import type { AuditRow, BatchRecord, EndUseRecord, LabKeyRecord, LabRecord, LabResultRecord } from '../store/model';
import type { Feedstock } from '../../src/domain/batches/feedstocks';
import { statementDocumentPdf } from './media/statementDocument';

/**
 * The demo's production evidence (issue 43): the burns of each demo audit to be signed off
 * grouped into batches of one feedstock and at most 31 days, each sampled by one of two demo
 * laboratories (one of them signs its certificates with a key registered to it), and its char
 * applied to soil at farms in and near the facility's area, all recorded between the burns and
 * the signoff, so the audit's package carries it. Values lie where real biochars do
 * (C_org 50–85 %, H/C_org 0.2–0.7, moisture 10–40 %): every other batch is above H/C_org 0.40,
 * so the methodologies' gates show both outcomes. Through the store's own methods, so every
 * rule holds. DEMO ONLY: the laboratories, their accreditation numbers and key are made up.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SUPER_ADMIN_ID = 1;
const KILN_ADMIN_ID = 4;
const PERIOD_MS = 31 * DAY_MS;

/** The demo laboratory whose certificates are signed; its key is derived from its name, demo only. */
export const SIGNING_DEMO_LAB = 'Southern Soils Analytical (demo)';
const LABS = [
  { name: SIGNING_DEMO_LAB, accreditation: 'ISO/IEC 17025, NATA accreditation 99001 (demo)' },
  { name: 'Rift Valley Carbon Laboratory (demo)', accreditation: 'ISO/IEC 17025, KENAS TL-9902 (demo)' },
] as const;

/** The derived private key of a demo laboratory; demo only. */
export function demoLabPrivateKey(name: string): KeyObject {
  return privateKeyFromSeed(createHash('sha256').update(`kiln-console demo laboratory key (demo only) ${name}`).digest());
}

/** Where a demo end use's soil temperature comes from: a named dataset, as a project would cite it. */
export const DEMO_SOIL_DATASET = 'ERA5-Land 1991-2020 mean soil temperature, level 1 (0-7 cm)';

/** A site's mean annual soil temperature by its latitude, near what ERA5-Land gives for these regions (demo values). */
const soilTemperature = (latitude: number): number => (Math.abs(latitude) < 15 ? 23.8 : Math.abs(latitude) >= 40 ? 10.9 : 17.6);

/** The feedstock a demo facility burns: by its place in the list, so each facility keeps one. */
const FEEDSTOCKS: readonly Feedstock[] = ['wood', 'nut_shells', 'wood', 'herbaceous'];

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const burnMs = (logts: string) => Date.parse(`${logts.slice(0, 19)}Z`);
/** A moment `share` of the way from the batch's last burn to the signoff, as the store writes times. */
const between = (lastMs: number, signoffMs: number, share: number) => new Date(lastMs + Math.floor((signoffMs - lastMs) * share));

/** Burns split into runs of at most 31 days, oldest first. */
function periods<T extends { logts: string }>(burns: readonly T[]): T[][] {
  const sorted = [...burns].sort((a, b) => burnMs(a.logts) - burnMs(b.logts));
  const runs: T[][] = [];
  for (const burn of sorted) {
    const run = runs[runs.length - 1];
    if (run && burnMs(burn.logts) - burnMs(run[0].logts) <= PERIOD_MS) run.push(burn);
    else runs.push([burn]);
  }
  return runs;
}

export interface SeededBatches {
  batches: BatchRecord[];
  lab_results: LabResultRecord[];
  end_uses: EndUseRecord[];
  labs: LabRecord[];
  lab_keys: LabKeyRecord[];
}

/** What the audits' seed calls before each signoff, and what the evidence seeded comes to once every audit is signed off. */
export interface DemoEvidence {
  beforeSignoff(proposal: AuditRow, signoffTs: string): Promise<void>;
  seeded(): Promise<SeededBatches>;
}

/**
 * The demo laboratories (registered, with the signing one's key, at `firstTs`: before any burn)
 * and the batches of each audit's burns with their evidence, recorded as each audit waits for
 * its signoff.
 */
export async function demoEvidence({ data, blobs }: Pick<AppContext, 'data' | 'blobs'>, firstTs: string): Promise<DemoEvidence> {
  const seeded: SeededBatches = { batches: [], lab_results: [], end_uses: [], labs: [], lab_keys: [] };
  for (const lab of LABS) seeded.labs.push(await data.labs.create({ ...lab, created_by: SUPER_ADMIN_ID, created_ts: firstTs }));
  const signingLab = seeded.labs[0];
  const labKey = demoLabPrivateKey(signingLab.name);
  const publicKey = createPublicKey(labKey);
  seeded.lab_keys.push(
    await data.labs.addKey({
      lab_id: signingLab.id,
      public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      fingerprint: fingerprintOf(publicKey),
      registered_by: SUPER_ADMIN_ID,
      registered_ts: firstTs,
    }),
  );
  const facilities = await data.facilities.list();
  let n = 0;

  async function beforeSignoff(audit: AuditRow, signoffTs: string): Promise<void> {
    const facility = facilities.find((f) => f.id === audit.facility_id);
    if (!facility) return;
    const signoffMs = Date.parse(signoffTs);
    const logs = (await data.audits.logsOf(audit.id)).flatMap((l) =>
      l.logts !== null && audit.analysis_ids.includes(l.id) ? [{ ...l, logts: l.logts }] : [],
    );
    for (const run of periods(logs)) {
      const index = n++;
      const lastMs = burnMs(run[run.length - 1].logts);
      const feedstock = FEEDSTOCKS[facilities.indexOf(facility) % FEEDSTOCKS.length];
      const batch = await data.batches.create({
        label: `${facility.mnemonic}-${dateOf(lastMs).slice(0, 7)}-B${index + 1}`,
        facility_id: facility.id,
        kiln_type: audit.kiln_type,
        feedstock,
        feedstock_note: null,
        analysis_ids: run.map((l) => l.id),
        created_by: KILN_ADMIN_ID,
        created_ts: between(lastMs, signoffMs, 0.05).toISOString(),
      });
      seeded.batches.push(batch);

      // the lab: the signing one for every other batch; H/C_org above 0.40 for every other one
      const lab = index % 2 === 0 ? signingLab : seeded.labs[1];
      // whole tenths and hundredths, divided once: the exact decimal a lab reports (0.31 + 0.03 would store 0.33999999999999997)
      const cTotTenths = 784 - index * 31;
      const cInorgTenths = 19 + (index % 3) * 4;
      const values = {
        c_tot_pct: cTotTenths / 10,
        c_inorg_pct: cInorgTenths / 10,
        h_c_org: (index % 2 === 1 ? 46 : 31 + (index % 3) * 3) / 100,
        o_c_org: (11 + (index % 4) * 2) / 100,
        moisture_pct: (185 + (index % 5) * 35) / 10,
        ash_pct: (82 + (index % 3) * 17) / 10,
        volatile_matter_pct: (146 + (index % 4) * 22) / 10,
      };
      const c_org_pct = (cTotTenths - cInorgTenths) / 10;
      const sampled = dateOf(between(lastMs, signoffMs, 0.1).getTime());
      const reportedAt = between(lastMs, signoffMs, 0.4);
      const reported = dateOf(reportedAt.getTime());
      const sampleId = `${facility.mnemonic}-S${String(index + 1).padStart(3, '0')}`;
      const certificate = await statementDocumentPdf({
        title: `Certificate of analysis ${sampleId}`,
        author: lab.name,
        signedTs: `${reported}T09:00:00.000Z`,
        blocks: [
          { text: `${lab.name}, ${lab.accreditation}` },
          { text: `Sample ${sampleId} of biochar batch ${batch.label} (${facility.name}), sampled ${sampled}, reported ${reported}.` },
          { text: 'Methods', heading: true },
          { text: 'Total and organic carbon: DIN 51732 and ISO 16948 (dry combustion), inorganic carbon: ISO 10693.' },
          { text: 'H/C_org and O/C_org: molar ratios on organic carbon. Moisture, ash and volatile matter: ASTM D1762-84.' },
          { text: 'Results (dry basis, moisture as received)', heading: true },
          {
            text: `C_tot ${values.c_tot_pct.toFixed(1)} %, C_inorg ${values.c_inorg_pct.toFixed(1)} %, C_org ${c_org_pct.toFixed(2)} %, H/C_org ${values.h_c_org.toFixed(2)}, O/C_org ${values.o_c_org.toFixed(2)}, moisture ${values.moisture_pct.toFixed(1)} %, ash ${values.ash_pct.toFixed(1)} %, volatile matter ${values.volatile_matter_pct.toFixed(1)} %. Contaminants (heavy metals, PAH-16) within limits.`,
          },
          { text: 'This is demonstration data generated by Kiln Console.' },
        ],
      });
      const certificateKey = newBlobKey(LAB_CERTIFICATE_AREA, 'pdf');
      await blobs.put(certificateKey, certificate, 'application/pdf');
      // lab-signed as the API decides it (labSignature): the signing lab's signature of the certificate's bytes, checked
      const signature = lab.id === signingLab.id ? signBytes(labKey, certificate) : undefined;
      const signed = await labSignature(data, lab.id, certificate, signature);
      seeded.lab_results.push(
        await data.batches.addLabResult({
          batch_id: batch.id,
          lab_id: lab.id,
          sample_id: sampleId,
          sampled_date: sampled,
          reported_date: reported,
          methods: ['DIN 51732', 'ISO 16948', 'ISO 10693', 'ASTM D1762-84'],
          ...values,
          c_org_pct,
          ro_pct: null,
          contaminants_pass: true,
          certificate_sha256: createHash('sha256').update(certificate).digest('hex'),
          certificate_key: certificateKey,
          lab_signed: signed,
          certificate_signature: signed ? (signature ?? null) : null,
          supersedes: null,
          recorded_by: KILN_ADMIN_ID,
          recorded_ts: reportedAt.toISOString(),
        }),
      );

      // most of its dry char applied at two farms, one inside the facility's area and one near it
      const dry = (await data.batches.get(batch.id))!.dry_biochar_g ?? 0;
      const latitude = (facility.latitude_min + facility.latitude_max) / 2;
      const longitude = (facility.longitude_min + facility.longitude_max) / 2;
      const sites = [
        { share: 0.6, lat: latitude, lon: longitude, recipient: `${facility.name} demonstration plots` },
        { share: 0.3, lat: latitude + 0.08, lon: longitude - 0.11, recipient: `Neighbouring farm of ${facility.name} (demo)` },
      ];
      for (const [i, site] of sites.entries()) {
        const appliedAt = between(lastMs, signoffMs, 0.6 + i * 0.2);
        const date = dateOf(appliedAt.getTime());
        const note = await statementDocumentPdf({
          title: `Delivery note ${batch.label}-${i + 1}`,
          author: facility.name,
          signedTs: appliedAt.toISOString(),
          blocks: [
            {
              text: `${(Math.floor(dry * site.share) / 1000).toFixed(3)} kg of dry biochar of batch ${batch.label} applied to soil on ${date}.`,
            },
            { text: `Site ${site.lat.toFixed(5)}, ${site.lon.toFixed(5)}; received by ${site.recipient}.` },
            { text: 'This is demonstration data generated by Kiln Console.' },
          ],
        });
        const evidenceKey = newBlobKey(END_USE_EVIDENCE_AREA, 'pdf');
        await blobs.put(evidenceKey, note, 'application/pdf');
        seeded.end_uses.push(
          await data.batches.addEndUse({
            batch_id: batch.id,
            kind: 'soil_application',
            kind_note: null,
            dry_g: Math.floor(dry * site.share),
            date,
            latitude: Math.round(site.lat * 1e5) / 1e5,
            longitude: Math.round(site.lon * 1e5) / 1e5,
            soil_temp_c: soilTemperature(site.lat),
            soil_temp_source: DEMO_SOIL_DATASET,
            recipient: site.recipient,
            evidence_sha256: createHash('sha256').update(note).digest('hex'),
            evidence_key: evidenceKey,
            recorded_by: KILN_ADMIN_ID,
            recorded_ts: appliedAt.toISOString(),
          }),
        );
      }
    }
  }

  return {
    beforeSignoff,
    async seeded() {
      for (const [i, batch] of seeded.batches.entries()) seeded.batches[i] = (await data.batches.get(batch.id))!;
      return seeded;
    },
  };
}
