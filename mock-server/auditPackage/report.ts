import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { CARBON_DECIMALS, formatCarbon } from '../../src/domain/carbon';
import { formatDateTime, formatSignoffTime } from '../../src/domain/dates';
import { formatNumber } from '../../src/domain/format';
import { kilnTypeInfo } from '../../src/domain/kilnTypes';
import type { ChartPoint } from '../analysis';
import { formatTime } from '../analysis/time';
import { ANY_KILN_TYPE } from '../store/auditRules';
import type { PackageBurn, PackageManifest } from './manifest';

/**
 * report.pdf of a package: the manifest for a person to read and print, with
 * each burn's chart. Times are written in UTC, the PDF's dates are the
 * signoff's and the charts come from the raw logs run again (build.ts
 * reportChart), so the same manifest and logs always give the same bytes:
 * the verifier makes the report again and compares them.
 */

const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = 48;
const WIDTH = PAGE.width - 2 * MARGIN;
const SIZE = { title: 16, heading: 12, text: 9, small: 7.5 } as const;
const LINE = 1.45;
const CHART = { height: 130, points: 300 } as const;
const COLOURS = {
  t1: rgb(0.8, 0.2, 0.1),
  t2: rgb(0.95, 0.6, 0.1),
  w: rgb(0.1, 0.35, 0.75),
  mark: rgb(0.45, 0.45, 0.45),
  grid: rgb(0.85, 0.85, 0.85),
};

/** An audit's kiln type; -1 takes burns of any type. */
const auditKilnType = (type: number) => (type === ANY_KILN_TYPE ? 'Any' : kilnTypeInfo(type).label);
const kg = (grams: number) => `${formatNumber(grams / 1000, CARBON_DECIMALS.exact)} kg`;
/** HH:mm of a kiln wall-clock time (ms read as UTC, as the analysis keeps them). */
const logTime = (ms: number) => formatTime(ms).slice(0, 5);

class Writer {
  page: PDFPage;
  y = PAGE.height - MARGIN;
  private readonly known: Set<number>;

  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.known = new Set(font.getCharacterSet());
  }

  /** The text in what the standard font can write ('?' for any other character). */
  clean(text: string): string {
    return [...text].map((c) => (this.known.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
  }

  room(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** One or more lines, wrapped to the page's width. */
  text(text: string, { size = SIZE.text, bold = false, indent = 0 }: { size?: number; bold?: boolean; indent?: number } = {}): void {
    const font = bold ? this.bold : this.font;
    const words = this.clean(text).split(' ');
    let line = '';
    const flush = () => {
      this.room(size * LINE);
      this.y -= size * LINE;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font });
      line = '';
    };
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > WIDTH - indent) flush();
      line = line ? `${line} ${word}` : word;
    }
    flush();
  }

  gap(points = 6): void {
    this.y -= points;
  }

  /** A row of cells at fixed x offsets. */
  row(cells: readonly string[], xs: readonly number[], { bold = false }: { bold?: boolean } = {}): void {
    const size = SIZE.small;
    this.room(size * LINE);
    this.y -= size * LINE;
    cells.forEach((cell, i) =>
      this.page.drawText(this.clean(cell), { x: MARGIN + xs[i], y: this.y, size, font: bold ? this.bold : this.font }),
    );
  }
}

/** Every n-th point, so a chart stays small. */
function thin(points: readonly ChartPoint[]): readonly ChartPoint[] {
  if (points.length <= CHART.points) return points;
  const step = points.length / CHART.points;
  return Array.from({ length: CHART.points }, (_, i) => points[Math.floor(i * step)]);
}

function pathOf(
  points: readonly ChartPoint[],
  value: (p: ChartPoint) => number | null,
  x: (ts: number) => number,
  y: (v: number) => number,
): string {
  let path = '';
  let pen = false;
  for (const p of points) {
    const v = value(p);
    if (v === null || !Number.isFinite(v)) {
      pen = false;
      continue;
    }
    path += `${pen ? 'L' : 'M'}${x(p.ts).toFixed(2)} ${y(v).toFixed(2)} `;
    pen = true;
  }
  return path.trim();
}

const PHASE_MARKS = [
  ['start_ts', 'start'],
  ['peak_ts', 'peak'],
  ['changeover_ts', 'changeover'],
  ['burn_end_ts', 'burn end'],
  ['quench_ts', 'quench'],
] as const;

/** A burn's chart: both thermocouples (°C, left scale) and the weight (kg, right scale), with its phases marked. */
function chart(w: Writer, burn: PackageBurn, points: readonly ChartPoint[]): void {
  w.room(CHART.height + 30);
  const shown = thin(points);
  if (shown.length < 2) {
    w.text('No chart stored for this burn.', { size: SIZE.small });
    return;
  }
  const top = w.y - 6;
  const { page } = w;
  const t0 = shown[0].ts;
  const span = Math.max(1, shown[shown.length - 1].ts - t0);
  const temps = shown.flatMap((p) => [p.t1, p.t2]).filter((v): v is number => v !== null);
  const weights = shown.map((p) => p.w).filter((v): v is number => v !== null);
  const tMax = Math.max(100, ...temps);
  const wMin = Math.min(0, ...weights);
  const wMax = Math.max(1, ...weights);
  // SVG paths run downwards from (MARGIN, top)
  const x = (ts: number) => ((ts - t0) / span) * WIDTH;
  const yT = (v: number) => CHART.height - (Math.max(0, v) / tMax) * CHART.height;
  const yW = (v: number) => CHART.height - ((v - wMin) / (wMax - wMin)) * CHART.height;
  const at = { x: MARGIN, y: top };
  page.drawRectangle({ x: MARGIN, y: top - CHART.height, width: WIDTH, height: CHART.height, borderColor: COLOURS.grid, borderWidth: 0.5 });
  const phases = burn.analysis.phases as Record<string, unknown> | undefined;
  let marked = 0;
  for (const [field, label] of PHASE_MARKS) {
    const ts = phases?.[field];
    if (typeof ts !== 'number' || ts < t0 || ts > t0 + span) continue;
    // labels alternate between two heights: marks close together stay legible
    const labelY = top - 8 - (marked++ % 2) * 8;
    page.drawSvgPath(`M${x(ts).toFixed(2)} 0 L${x(ts).toFixed(2)} ${CHART.height}`, {
      ...at,
      borderColor: COLOURS.mark,
      borderWidth: 0.5,
      borderDashArray: [2, 2],
    });
    page.drawText(label, { x: MARGIN + x(ts) + 2, y: labelY, size: 6, font: w.font, color: COLOURS.mark });
  }
  for (const [key, colour] of [
    ['t1', COLOURS.t1],
    ['t2', COLOURS.t2],
  ] as const) {
    const path = pathOf(shown, (p) => p[key], x, yT);
    if (path) page.drawSvgPath(path, { ...at, borderColor: colour, borderWidth: 0.7 });
  }
  const weight = pathOf(shown, (p) => p.w, x, yW);
  if (weight) page.drawSvgPath(weight, { ...at, borderColor: COLOURS.w, borderWidth: 0.9 });
  w.y = top - CHART.height;
  w.text(
    `T1, T2 (red, orange): 0 to ${formatNumber(tMax, 0)} C; weight (blue): ${formatNumber(wMin, 1)} to ${formatNumber(wMax, 1)} kg; ${logTime(t0)} to ${logTime(t0 + span)} kiln time`,
    { size: SIZE.small },
  );
}

function factorsText(burn: PackageBurn): string {
  const { calibration: c, facility: f } = burn.factors;
  const calibration = c
    ? `per_g_weight ${c.per_g_weight}${c.zero_weight === null ? '' : `, zero_weight ${c.zero_weight}`}`
    : 'none (Retort)';
  return `Algorithm ${burn.algorithm_version}; kiln type ${kilnTypeInfo(burn.factors.kiln_type).label}; calibration ${calibration}; wicf ${f.wicf ?? 'not used'}; carbon removal factor ${f.carbon_removal_factor}.`;
}

function signatureText(burn: PackageBurn): string {
  return burn.signed ? `Signed by the kiln, key ${burn.key_fingerprint ?? '(none named)'}` : 'Not signed by the kiln';
}

const TABLE_X = [0, 48, 118, 210, 240, 310, 380, 440] as const;

export async function renderReport(
  manifest: PackageManifest,
  charts: ReadonlyMap<number, readonly ChartPoint[]>,
  manifestSha256: string,
): Promise<Uint8Array> {
  const { audit, totals } = manifest;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const signed = new Date(audit.signoff_ts);
  doc.setTitle(`Audit ${audit.job_id} verification report`);
  doc.setProducer('Kiln Console');
  doc.setCreator('Kiln Console');
  doc.setCreationDate(signed);
  doc.setModificationDate(signed);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));

  w.text('Audit verification report', { size: SIZE.title, bold: true });
  w.gap();
  w.text(`Job ${audit.job_id} (audit ${audit.id}), kiln type ${auditKilnType(audit.kiln_type)}`, { size: SIZE.heading, bold: true });
  const box = audit.facility.box;
  w.text(
    `Facility ${audit.facility.mnemonic} ${audit.facility.name} (id ${audit.facility.id}); GPS box latitude ${box.latitude_min} to ${box.latitude_max}, longitude ${box.longitude_min} to ${box.longitude_max}.`,
  );
  w.text(
    `Proposed by ${audit.proposed_by?.username ?? 'unknown'} on ${formatDateTime(audit.proposed_ts, 'utc')}; signed off by ${audit.signed_off_by?.username ?? 'unknown'} on ${formatSignoffTime(audit.signoff_ts, 'utc')}.`,
  );
  w.text(`Statement ${manifest.statement.file} (${manifest.statement.mime_type}), SHA-256 ${manifest.statement.sha256}.`);
  w.text(`manifest.json SHA-256 ${manifestSha256}`, { bold: true });
  w.text(`Package signed by the console key kid ${manifest.signing_key.kid} (SHA256SUMS.sig; GET /api/signing-keys lists it).`, {
    size: SIZE.small,
  });
  w.gap();
  w.text('Totals', { size: SIZE.heading, bold: true });
  w.text(
    `${totals.burns} burns. CO2 removed ${formatCarbon(totals.co2_removed, 'figure')} kg (${kg(totals.co2_removed_g)}, ${totals.co2_removed_g} g).`,
  );
  w.text(
    `Biochar produced ${formatCarbon(totals.biochar_produced, 'figure')} kg (${kg(totals.biochar_produced_g)}, ${totals.biochar_produced_g} g).`,
  );
  // the audit's figure as every screen of the console shows it (one figure per audit), exact grams beside it
  w.text('Totals are sums of whole grams, rounded once to 0.1 kg, half away from zero, as the console shows them.', { size: SIZE.small });
  const versions = [...new Set(manifest.burns.map((b) => b.algorithm_version))].sort();
  w.text(
    `Algorithm versions: ${versions.join(', ')}. Kiln keys that signed: ${manifest.kiln_keys.length ? manifest.kiln_keys.map((k) => `${k.kiln_id} ${k.fingerprint}`).join('; ') : 'none'}.`,
  );
  // a package made before checks were recorded has no anomaly_checks, and its report no such line
  const checks = manifest.anomaly_checks;
  if (checks)
    w.text(
      checks.length
        ? `Fleet anomalies checked before the signoff: ${checks.map((c) => `burn ${c.analysis_id} ${c.code}, by ${c.checked_by?.username ?? 'unknown'} on ${formatDateTime(c.checked_ts, 'utc')}: ${c.note}`).join('; ')}.`
        : 'Fleet anomalies: none on these burns.',
    );
  w.gap();

  w.text('Burns', { size: SIZE.heading, bold: true });
  w.row(['Analysis', 'Kiln', 'Log time', 'Valid', 'CO2 kg', 'Biochar kg', 'Signed', 'Algorithm'], TABLE_X, { bold: true });
  for (const b of manifest.burns) {
    w.row(
      [
        String(b.analysis_id),
        b.kiln_id ?? '-',
        b.logts ? formatDateTime(b.logts) : '-',
        b.valid ? 'yes' : 'no',
        formatCarbon(b.co2_removed, 'exact'),
        formatCarbon(b.biochar_produced, 'exact'),
        b.signed ? 'yes' : 'no',
        b.algorithm_version,
      ],
      TABLE_X,
    );
  }
  for (const b of manifest.burns) {
    w.gap(10);
    w.room(CHART.height + 90);
    w.text(`Burn ${b.analysis_id}: kiln ${b.kiln_id ?? '-'}, ${b.logts ? formatDateTime(b.logts) : 'no log time'}, file ${b.file_name}`, {
      bold: true,
    });
    w.text(
      `CO2 removed ${kg(b.co2_removed_g)}, biochar produced ${kg(b.biochar_produced_g)}; ${b.valid ? 'valid' : `not valid: ${b.reasons.map((r) => r.message).join(' ')}`}`,
    );
    w.text(factorsText(b), { size: SIZE.small });
    w.text(`${signatureText(b)}. Log SHA-256 ${b.log_sha256}.`, { size: SIZE.small });
    chart(w, b, charts.get(b.analysis_id) ?? []);
  }
  return doc.save({ useObjectStreams: false });
}
