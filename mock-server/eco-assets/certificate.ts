import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { A4, wrap } from '../files/pdfLayout';
import type { EcoAssetProvenance } from '../../src/domain/api/ecoAssets';
import { formatCarbon } from '../../src/domain/carbon';
import { formatDateTime, formatSignoffTime } from '../../src/domain/dates';
import { formatSerialBlock } from '../../src/domain/ledger';
import { auditPackage } from '../auditPackage/auditPackage';
import { sha256 } from '../auditPackage/build';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';

/**
 * The SHA-256 (hex) of an audit's verification package (GET
 * /api/audit/{id}/package), or null where it has none: the audit is not signed
 * off, or a file the package holds is missing from storage (a loss already
 * reported loudly by missingFile; the provenance stays readable). The package
 * is made once and kept (mock-server/auditPackage/auditPackage.ts), so the
 * digest quoted is the one the package download answers.
 */
export async function auditPackageDigest(
  ctx: Pick<AppContext, 'data' | 'blobs' | 'signer' | 'config'>,
  auditId: number,
): Promise<string | null> {
  const audit = await ctx.data.audits.get(auditId);
  if (!audit || audit.signoff_ts === null) return null;
  try {
    return sha256(await auditPackage(ctx, audit));
  } catch (error) {
    if (error instanceof HttpError && error.status === 500) return null;
    throw error;
  }
}

const MARGIN = 50;
/** the standard fonts write WinAnsi only: anything else (a beneficiary's name in another script) is written as '?' */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

const kg = (value: number) => `${formatCarbon(value, 'exact')} kg`;

/**
 * A one-page certificate of an eco asset: its identity, serial blocks,
 * issued / buffer / retired kg with each retirement, and the audits and
 * facilities it draws on with their package digests, and the kid of the
 * console key that signs packages. Long lists are cut to
 * what fits the page, saying how many were left out.
 */
/** Where the asset's acts stand in the transparency log: the entries of its issuance and retirements, and the signed checkpoint they are proved against. */
export interface CertificateLog {
  issuance: number | null;
  /** by retirement id */
  retirements: ReadonlyMap<number, number | null>;
  /** the signed checkpoint (C2SP signed-note) */
  checkpoint: string;
}

export async function certificatePdf(
  provenance: EcoAssetProvenance,
  generatedTs: string,
  signingKid: string,
  log: CertificateLog,
): Promise<Uint8Array> {
  const { eco_asset: asset, retirements, allocations } = provenance;
  const doc = await PDFDocument.create();
  doc.setTitle(`Eco asset ${asset.id} certificate`);
  doc.setProducer('Kiln Console');
  doc.setCreationDate(new Date(generatedTs));
  doc.setModificationDate(new Date(generatedTs));
  const page: PDFPage = doc.addPage(A4);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;
  const bottom = MARGIN + 20;
  const write = (text: string, options: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    for (const line of wrap(winAnsi(text), font, size, width)) {
      if (y < bottom) return false;
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size + 4;
    }
    y -= options.gap ?? 0;
    return true;
  };
  const block = (first: number | null, last: number | null) =>
    first === null || last === null ? 'none' : formatSerialBlock({ first, last });

  write('Carbon removal certificate', { font: bold, size: 20, gap: 6 });
  write(`Eco asset ${asset.id} - transaction ${asset.transaction_id}`, { font: bold, size: 12 });
  write(`Minted ${formatDateTime(asset.minted_ts, 'utc')}. ${asset.minting_note}`, { gap: 8 });
  write('Units (one serial is one gram of CO2)', { font: bold, size: 12 });
  write(`Allocated from audits: ${kg(asset.co2_allocated)}`);
  write(`Issued: ${kg(asset.co2_issued)} - serials ${block(asset.serial_first, asset.serial_last)}`);
  write(`Buffer pool: ${kg(asset.co2_buffer)} - serials ${block(asset.buffer_serial_first, asset.buffer_serial_last)}`);
  write(`Retired: ${kg(asset.co2_retired)}`, { gap: 4 });
  let shown = 0;
  for (const r of retirements) {
    const purpose = r.purpose ? `, ${r.purpose}` : '';
    if (
      !write(
        `  ${kg(r.co2_retired)} for ${r.beneficiary}${purpose} on ${formatDateTime(r.retired_ts, 'utc')} - ${block(r.serial_first, r.serial_last)} - log entry ${log.retirements.get(r.id) ?? 'none'}`,
        {
          size: 9,
        },
      )
    )
      break;
    shown++;
  }
  if (shown < retirements.length) write(`  ... and ${retirements.length - shown} more retirements`, { size: 9 });
  y -= 8;
  write('Transparency log', { font: bold, size: 12 });
  write(
    `Issuance: log entry ${log.issuance ?? 'none'}; each retirement's entry is on its line. Each entry's bytes are GET /api/transparency/entries/{index}, its inclusion proof against this checkpoint GET /api/transparency/proof/inclusion?index={index}&tree_size=${log.checkpoint.split('\n')[1] ?? ''}:`,
    { size: 9 },
  );
  // the note's lines as it is served; a signature line's em dash is outside the font's WinAnsi, so it is named instead
  for (const line of log.checkpoint.trimEnd().split('\n').filter(Boolean))
    write(`  ${line.replace(/^\u2014 (\S+) /u, 'signature by $1: ')}`, { font: mono, size: 7 });
  y -= 8;
  write('Audits and facilities it draws on', { font: bold, size: 12 });
  shown = 0;
  for (const al of allocations) {
    const ok =
      write(
        // the audit's CO2 as every screen shows it, its exact kg beside it (one figure per audit)
        `Audit ${al.signoff_id} (${al.job_id}), ${al.facility_name}: audit CO2 ${formatCarbon(al.audited_co2, 'figure')} kg (${kg(al.audited_co2)}), ${kg(al.co2_allocated)} allocated here, signed off ${al.signoff_ts ? formatSignoffTime(al.signoff_ts, 'utc') : 'not yet'}, ${al.burns.length} burns`,
        { size: 9 },
      ) && write(`  verification package SHA-256: ${al.package_sha256 ?? 'none'}`, { font: mono, size: 8, gap: 2 });
    if (!ok) break;
    shown++;
  }
  if (shown < allocations.length)
    write(`... and ${allocations.length - shown} more audits (GET /api/eco-asset/${asset.id}/provenance lists them all)`, { size: 9 });
  // in the footer: a long list of audits never pushes it off the page
  page.drawText(`Packages signed by console signing key kid ${signingKid} (GET /api/signing-keys)`, {
    x: MARGIN,
    y: MARGIN + 11,
    size: 6.5,
    font: mono,
    color: rgb(0.35, 0.35, 0.35),
  });
  page.drawText(winAnsi(`Issued by Kiln Console on ${generatedTs}. Provenance: /eco-assets/${asset.id}`), {
    x: MARGIN,
    y: MARGIN,
    size: 8,
    font: regular,
    color: rgb(0.35, 0.35, 0.35),
  });
  return doc.save();
}
