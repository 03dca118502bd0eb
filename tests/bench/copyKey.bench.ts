// npm run bench:copykey: whether the copy key (src/domain/fleet/copyKey.ts, copyKeyIndex.ts)
// finds each disguised copy's original among an upload's candidates, and how many candidates a
// clean upload gets, on the duplicate benchmark's burns and, extrapolated, at 1,000,000 stored
// burns; written to docs/performance.md under "Duplicate burns under disguise".
import path from 'node:path';
import { PROJECT_ROOT } from '../../mock-server/projectRoot';
import { KILN_TYPES } from '../../src/domain/kilnTypes';
import type { CopyKey } from '../../src/domain/fleet/copyKey';
import {
  COPY_KEY_CAP,
  COPY_KEY_REACH,
  comparedNumbers,
  copyKeyBuckets,
  copyKeyDistance,
  copyKeyLookups,
  LOOKUPS,
  lookupDistance,
  type CopyKeyLookup,
} from '../../src/domain/fleet/copyKeyIndex';
import { disguiseLog } from '../helpers/disguise';
import { DISGUISED } from './duplicates.bench';
import { cleanBurns, copyKeyOfLog } from './disguiseSet';
import { replaceSection } from './docSections';

export const COPY_KEY_HEADING = '### Finding the candidates: the copy key (npm run bench:copykey)';
const PARENT_HEADING = '## Duplicate burns under disguise (npm run bench:duplicates)';

/** Clean burns per kiln type the copies are made of (as the duplicate benchmark), and independent clean burns per type the counts are extrapolated from. */
const PER_TYPE = Number(process.env.DUPLICATE_BURNS ?? 40);
const POPULATION = Number(process.env.COPY_KEY_POPULATION ?? 1000);
/** The fleet the counts are extrapolated to: 1,000,000 stored burns, a third of each kiln type. */
const FLEET_PER_TYPE = 1_000_000 / 3;

const LOOKUP_NAMES = Object.keys(LOOKUPS) as CopyKeyLookup[];
const TYPE_NAMES: Record<number, string> = {
  [KILN_TYPES.CGO1]: 'C-Go-1',
  [KILN_TYPES.TERRAFIX]: 'Terrafix',
  [KILN_TYPES.RETORT]: 'Retort',
};

function poissonAtMost(lambda: number, k: number): number {
  let term = Math.exp(-lambda);
  let sum = term;
  for (let i = 1; i <= k; i++) {
    term *= lambda / i;
    sum += term;
  }
  return sum;
}
/** E[min(N, cap)] for N ~ Poisson(lambda): the wobble matches an upload with lambda candidates runs. */
function cappedMean(lambda: number, cap: number): number {
  let term = Math.exp(-lambda);
  let below = 0;
  let mass = 0;
  for (let i = 0; i < cap; i++) {
    below += i * term;
    mass += term;
    term *= lambda / (i + 1);
  }
  return below + cap * (1 - mass);
}

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))] : NaN;
};
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

interface KeyedPopulation {
  keys: CopyKey[];
  /** burns per bucket */
  buckets: Map<string, number>;
}

function populationOf(keys: CopyKey[]): KeyedPopulation {
  const buckets = new Map<string, number>();
  for (const key of keys) for (const b of copyKeyBuckets(key)) buckets.set(b, (buckets.get(b) ?? 0) + 1);
  return { keys, buckets };
}

/**
 * How many independent burns of the fleet would rank ahead of the original: under each
 * lookup, the population's burns within COPY_KEY_REACH scaled to the fleet, times the share
 * of that reach the original's own distance covers, (d ÷ reach)^m for m compared numbers
 * (the population spread evenly across so small a box).
 */
function aheadAtFleet(copy: CopyKey, distance: number, population: KeyedPopulation): number {
  const scale = FLEET_PER_TYPE / population.keys.length;
  let lambda = 0;
  for (const lookup of LOOKUP_NAMES) {
    const m = comparedNumbers(lookup, copy);
    if (m < 2) continue;
    const within = population.keys.filter((k) => lookupDistance(lookup, copy, k) <= COPY_KEY_REACH).length;
    lambda += within * scale * (Math.min(distance, COPY_KEY_REACH) / COPY_KEY_REACH) ** m;
  }
  return lambda;
}

interface KeyRow {
  name: string;
  copies: number;
  /** the original within reach of the copy */
  within: number;
  /** the original among the copy's first COPY_KEY_CAP candidates among the benchmark's clean burns */
  ranked: number;
  /** expected share ranked within the cap among a fleet of FLEET_PER_TYPE burns of its type */
  atFleet: number;
}

interface TypeCounts {
  type: number;
  /** candidates within reach per clean upload, among the benchmark's other clean burns of its type */
  bench: number[];
  /** per clean upload of the population, scaled to the fleet: candidates within reach, index rows read */
  box: number[];
  rows: number[];
  /** wobble matches per upload at the fleet, with the cap */
  matches: number;
}

export interface CopyKeyFigures {
  perType: number;
  population: number;
  rows: KeyRow[];
  types: TypeCounts[];
  keyed: number;
  unkeyed: number;
  keyMs: number;
}

export function benchCopyKeys(perType = PER_TYPE, populationSize = POPULATION): CopyKeyFigures {
  const burns = cleanBurns(perType);
  const started = performance.now();
  const originals = burns.map((b) => copyKeyOfLog(b.text, b.kiln));
  const keyMs = (performance.now() - started) / burns.length;
  // independent of the benchmark's burns: other seeds
  const grouped = new Map<number, CopyKey[]>(burns.map((b) => [b.kiln.type, []]));
  for (const b of cleanBurns(populationSize, 60_000)) {
    const key = copyKeyOfLog(b.text, b.kiln);
    if (key) grouped.get(b.kiln.type)!.push(key);
  }
  const population = new Map([...grouped].map(([type, keys]) => [type, populationOf(keys)]));

  const clean = originals.filter((k): k is CopyKey => k !== null);
  const rows: KeyRow[] = DISGUISED.map(([name, d, o]) => {
    const row: KeyRow = { name, copies: 0, within: 0, ranked: 0, atFleet: 0 };
    burns.forEach((burn, i) => {
      const original = originals[i];
      // as the duplicate benchmark: a 10 s log re-sampled to 10 s is the log
      if (!original || (o.sixtySecondsOnly && i % 4 !== 3)) return;
      row.copies++;
      const copy = copyKeyOfLog(disguiseLog(burn.text, { ...d, seed: 1000 + i }, burn.kiln.scale), burn.kiln);
      if (!copy) return;
      const distance = copyKeyDistance(copy, original);
      if (distance > COPY_KEY_REACH) return;
      row.within++;
      const ahead = clean.filter((k) => k !== original && copyKeyDistance(copy, k) < distance).length;
      if (ahead < COPY_KEY_CAP) row.ranked++;
      row.atFleet += poissonAtMost(aheadAtFleet(copy, distance, population.get(burn.kiln.type)!), COPY_KEY_CAP - 1);
    });
    return row;
  });

  const types: TypeCounts[] = [...population.entries()].map(([type, pop]) => {
    const scale = FLEET_PER_TYPE / Math.max(1, pop.keys.length - 1);
    const bench = clean
      .filter((k) => k.kiln_type === type)
      .map((k) => clean.filter((s) => s !== k && copyKeyDistance(k, s) <= COPY_KEY_REACH).length);
    const box: number[] = [];
    const rowsRead: number[] = [];
    let matches = 0;
    for (const key of pop.keys) {
      const within = pop.keys.filter((s) => s !== key && copyKeyDistance(key, s) <= COPY_KEY_REACH).length * scale;
      box.push(within);
      matches += cappedMean(within, COPY_KEY_CAP);
      const own = new Set(copyKeyBuckets(key));
      rowsRead.push(copyKeyLookups(key).reduce((sum, b) => sum + (pop.buckets.get(b) ?? 0) - (own.has(b) ? 1 : 0), 0) * scale);
    }
    return { type, bench, box, rows: rowsRead, matches: matches / Math.max(1, pop.keys.length) };
  });
  return {
    perType,
    population: populationSize,
    rows,
    types,
    keyed: clean.length,
    unkeyed: originals.length - clean.length,
    keyMs,
  };
}

const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(0)} %` : '–');
const round = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));

export function copyKeySection(f: CopyKeyFigures, when: string): string {
  const benchCounts = f.types.flatMap((t) => t.bench);
  return [
    COPY_KEY_HEADING,
    '',
    `Produced by \`npm run bench:copykey\` (tests/bench/copyKey.bench.ts; \`DUPLICATE_BURNS\` sets the burns per kiln type, \`COPY_KEY_POPULATION\` the independent burns per type the fleet figures are scaled from), ${when}. ` +
      `The same ${f.perType} clean burns of each kiln type and the same disguised copies as the table above; a copy’s original is a candidate when, under one of the key’s three lookups, ` +
      `every number of the copy is within ${COPY_KEY_REACH} tolerances of the original’s (src/domain/fleet/copyKeyIndex.ts; docs/analysis.md, "A copy's key"). ` +
      `Candidates are ranked by that distance and the wobble match runs on the first ${COPY_KEY_CAP}. ` +
      `“At 1,000,000 burns” scales ${f.population} further clean burns of each type (other seeds) to ${Math.round(FLEET_PER_TYPE).toLocaleString('en-US')}: the independent burns that would rank ahead of the original are, per lookup, ` +
      'those of the population within reach, scaled, times the share of the reach the original’s own distance covers, (distance ÷ reach)^m over its m numbers; ' +
      `the share is the expected one of the original staying among the first ${COPY_KEY_CAP} (Poisson).`,
    '',
    `| disguise | copies | original a candidate | among the first ${COPY_KEY_CAP} here | among the first ${COPY_KEY_CAP} at 1,000,000 burns (expected) |`,
    '| --- | --- | --- | --- | --- |',
    ...f.rows.map(
      (r) =>
        `| ${r.name} | ${r.copies} | ${r.within} (${pct(r.within, r.copies)}) | ${r.ranked} (${pct(r.ranked, r.copies)}) | ${pct(r.atFleet, r.copies)} |`,
    ),
    '',
    `Clean uploads: each of the ${f.keyed} clean burns against the other clean burns here gets ${mean(benchCounts).toFixed(2)} candidates on average (95th percentile ${quantile(benchCounts, 0.95)}, at most ${Math.max(...benchCounts)}); ` +
      `${f.unkeyed} burns had no key. A key takes ${f.keyMs.toFixed(1)} ms (with the log’s parsing and preparation). At 1,000,000 burns, per upload:`,
    '',
    '| kiln type | candidates within reach, mean / 95th percentile | index rows read (the buckets its lookups touch), mean / 95th percentile | wobble matches run (at most ' +
      COPY_KEY_CAP +
      '), mean |',
    '| --- | --- | --- | --- |',
    ...f.types.map(
      (t) =>
        `| ${TYPE_NAMES[t.type]} | ${round(mean(t.box))} / ${round(quantile(t.box, 0.95))} | ${round(mean(t.rows))} / ${round(quantile(t.rows, 0.95))} | ${t.matches.toFixed(1)} |`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const figures = benchCopyKeys();
  const when = `${new Date().toISOString().slice(0, 10)}, Node ${process.version}`;
  const section = copyKeySection(figures, when);
  replaceSection(path.join(PROJECT_ROOT, 'docs', 'performance.md'), COPY_KEY_HEADING, section, PARENT_HEADING);
  console.log(section);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
