// npm run bench:duplicates: how many disguised copies of a burn the fleet's
// DUPLICATE_CURVE and the wobble match (src/domain/fleet/copyMatch.ts) flag,
// and how many clean burns they flag; written to docs/performance.md
// ("Duplicate burns under disguise").
import path from 'node:path';
import { analyseLogText } from '../../mock-server/analysis';
import { PROJECT_ROOT } from '../../mock-server/projectRoot';
import { curveCandidateQuery, curvesMatch, isCurveCandidate } from '../../src/domain/fleet/anomalies';
import {
  COPY_MIN_Z,
  isSparse,
  matchCopy,
  prepareTrack,
  SPARSE_COPY_MIN_Z,
  trackOf,
  type PreparedTrack,
} from '../../src/domain/fleet/copyMatch';
import type { BurnFingerprint } from '../../src/domain/fleet/fingerprint';
import { DISGUISES, disguiseLog, type Disguise } from '../helpers/disguise';
import { BENCH_FACILITY, cleanBurns, orderedSeriesOf, type CleanBurn } from './disguiseSet';
import { replaceSection } from './docSections';

export const DUPLICATES_HEADING = '## Duplicate burns under disguise (npm run bench:duplicates)';

/** Clean burns per kiln type (the copies are made of these, and the false alarms counted among them). */
const PER_TYPE = Number(process.env.DUPLICATE_BURNS ?? 40);

interface Judged {
  log_id: number;
  facility_id: number;
  kiln_type: number;
  span_ms: number;
  fingerprint: BurnFingerprint;
  track: PreparedTrack | null;
}

function judged(burn: CleanBurn, text: string, log_id: number, facility_id: number): Judged | null {
  const outcome = analyseLogText(text, () => ({ kiln: { type: burn.kiln.type, config: burn.kiln.config }, facility: BENCH_FACILITY }));
  const fp = outcome.fingerprint;
  if (!fp) return null;
  return {
    log_id,
    facility_id,
    kiln_type: fp.kiln_type,
    span_ms: fp.span_ms,
    fingerprint: fp,
    track: prepareTrack(trackOf(orderedSeriesOf(text))),
  };
}

/** Whether the fleet's rule, with its store's pre-selection, flags `copy` as a copy of `original` (stored before it). */
const flags = (original: Judged, copy: Judged) =>
  isCurveCandidate(original, curveCandidateQuery(copy)) && curvesMatch(copy.fingerprint, original.fingerprint);

/** The wobble match of `copy` onto `original`: its z (0 when either has too few readings), whether it takes it for a copy, and whether the copy is sparse. */
function wobble(original: Judged, copy: Judged): { z: number; isCopy: boolean; sparse: boolean } {
  if (!original.track || !copy.track) return { z: 0, isCopy: false, sparse: false };
  const { z, isCopy } = matchCopy(copy.track, original.track);
  return { z, isCopy, sparse: isSparse(copy.track) };
}

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))] : NaN;
};

interface DisguiseRow {
  name: string;
  copies: number;
  flagged: number;
  /** flagged by the wobble match */
  matched: number;
  zMin: number;
  zMedian: number;
}

export interface DuplicateFigures {
  perType: number;
  rows: DisguiseRow[];
  clean: number;
  falseAlarms: number;
  /** pairs of independent clean burns of one kiln type the wobble match compared, those it took for a copy, and their largest z, the later one read often or sparsely */
  cleanPairs: number;
  matchedPairs: number;
  cleanZMax: { dense: number; sparse: number };
  /** the wobble match's mean time per pair, ms */
  matchMs: number;
}

/** The disguises the copies are made with, by name, and how each is filed. */
export const DISGUISED: readonly [string, Disguise, { otherFacility?: boolean; sixtySecondsOnly?: boolean }][] = [
  ...Object.entries(DISGUISES).map(([name, d]): [string, Disguise, { sixtySecondsOnly?: boolean }] => [
    name,
    d,
    { sixtySecondsOnly: name === 'resampled to 10 s' },
  ]),
  ['filed at another facility', {}, { otherFacility: true }],
];

export function benchDuplicates(perType = PER_TYPE): DuplicateFigures {
  const burns = cleanBurns(perType);
  const originals = burns.map((b, i) => ({ burn: b, judged: judged(b, b.text, i + 1, 1) }));
  let matches = 0;
  const started = performance.now();
  const rows: DisguiseRow[] = DISGUISED.map(([name, d, o]) => {
    let copies = 0;
    let flagged = 0;
    const zs: number[] = [];
    let matched = 0;
    originals.forEach(({ burn, judged: original }, i) => {
      if (!original) return;
      // a 10 s log re-sampled to 10 s is the log: that disguise is of the 60 s logs
      if (o.sixtySecondsOnly && i % 4 !== 3) return;
      const copy = judged(burn, disguiseLog(burn.text, { ...d, seed: 1000 + i }, burn.kiln.scale), 100_000 + i, o.otherFacility ? 2 : 1);
      copies++;
      if (copy && flags(original, copy)) flagged++;
      const m = copy ? wobble(original, copy) : { z: 0, isCopy: false };
      zs.push(m.z);
      if (m.isCopy) matched++;
      matches++;
    });
    return { name, copies, flagged, matched, zMin: quantile(zs, 0), zMedian: quantile(zs, 0.5) };
  });
  let falseAlarms = 0;
  let cleanPairs = 0;
  let matchedPairs = 0;
  const cleanZMax = { dense: -Infinity, sparse: -Infinity };
  const stored = originals.map((o) => o.judged).filter((j): j is Judged => j !== null);
  stored.forEach((burn, i) => {
    const earlier = stored.slice(0, i);
    if (earlier.some((e) => flags(e, burn))) falseAlarms++;
    for (const e of earlier) {
      if (e.kiln_type !== burn.kiln_type) continue;
      const m = wobble(e, burn);
      cleanPairs++;
      matches++;
      if (m.isCopy) matchedPairs++;
      const kind = m.sparse ? 'sparse' : 'dense';
      cleanZMax[kind] = Math.max(cleanZMax[kind], m.z);
    }
  });
  const matchMs = (performance.now() - started) / Math.max(1, matches);
  return { perType, rows, clean: stored.length, falseAlarms, cleanPairs, matchedPairs, cleanZMax, matchMs };
}

const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(0)} %` : '–');

export function duplicatesSection(f: DuplicateFigures, when: string): string {
  return [
    DUPLICATES_HEADING,
    '',
    `Produced by \`npm run bench:duplicates\` (tests/bench/duplicates.bench.ts; \`DUPLICATE_BURNS\` sets the burns per kiln type), ${when}. ` +
      `${f.perType} clean burns of each kiln type (C-Go-1, Terrafix, Retort) simulated independently by the analysis generator, each its own seed, ` +
      'biomass 0.6–1.4 × the type’s usual load, 1–6 loads, each kind of field messiness in a quarter of them, every fourth at a 60 s reading interval, ' +
      'three of a kiln a day (tests/bench/disguiseSet.ts). Each disguise is applied to the CSV as an operator would (tests/helpers/disguise.ts), at the far end of ' +
      'its range (weights ×0.90–1.10 and ±5 kg, temperatures ×0.95–1.05 and ±30 °C, the clock ×0.90–1.10, 10 % dropped or cut); a copy is flagged when the fleet’s rule (src/domain/fleet/anomalies.ts, `curvesMatch` behind the store’s pre-selection ' +
      '`isCurveCandidate`) matches it to its original. Goal: ≥ 95 % of copies flagged under every disguise, no clean burn flagged.',
    '',
    `| disguise | copies | flagged by DUPLICATE_CURVE | flagged by the wobble match (z ≥ ${COPY_MIN_Z}, ≥ ${SPARSE_COPY_MIN_Z} for a copy read every minute) | wobble z, least / median |`,
    '| --- | --- | --- | --- | --- |',
    ...f.rows.map(
      (r) =>
        `| ${r.name} | ${r.copies} | ${r.flagged} (${pct(r.flagged, r.copies)}) | ${r.matched} (${pct(r.matched, r.copies)}) | ${r.zMin.toFixed(1)} / ${r.zMedian.toFixed(1)} |`,
    ),
    '',
    `False alarms: DUPLICATE_CURVE flags ${f.falseAlarms} of ${f.clean} clean burns as a copy of an earlier one (each judged against all before it); ` +
      `the wobble match takes ${f.matchedPairs} of ${f.cleanPairs} pairs of independent clean burns of one kiln type for a copy (each against all before it); ` +
      `their largest z is ${f.cleanZMax.dense.toFixed(1)} where the later burn is read every 10 s and ${f.cleanZMax.sparse.toFixed(1)} where it is read every minute. ` +
      `A match takes ${f.matchMs.toFixed(0)} ms on average.`,
    '',
    '**What this shows.** The rule in use compares the curves as logged, so it catches an exact copy and the disguises that change nothing it measures, ' +
      'and misses every disguise that moves a level, the clock or the span, and every copy filed at another facility (the store compares one facility’s burns). ' +
      'The wobble match (src/domain/fleet/copyMatch.ts; docs/analysis.md, "A copy\'s own wobble") aligns the two clocks and measures how much of the ' +
      'reading-to-reading wobble of each thermocouple and of the scale the two logs share. Every copy read every 10 s is matched, under every ' +
      'disguise, and no pair of independent burns is; the copies it misses are read every minute (the original’s interval, or the disguise’s) with the operator’s noise added, and must clear ' +
      'the higher bar a sparse log needs (independent sparse burns reach z 12). The server applies it (COPIED_BURN, mock-server/fleet/copyCheck.ts; ' +
      'docs/analysis.md, "The copy check: the server\'s rule"): it reads both logs’ readings, so it runs on the few stored logs the copy key picks ' +
      '(below; docs/analysis.md, "A copy\'s key"), at most 5, of every facility, in a queue each server runs one check at a time after the upload has had its answer.',
  ].join('\n');
}

async function main(): Promise<void> {
  const figures = benchDuplicates();
  const when = `${new Date().toISOString().slice(0, 10)}, Node ${process.version}`;
  const section = duplicatesSection(figures, when);
  replaceSection(path.join(PROJECT_ROOT, 'docs', 'performance.md'), DUPLICATES_HEADING, section);
  console.log(section);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
