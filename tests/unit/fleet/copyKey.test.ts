import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { KILN_TYPE } from '../../../mock-server/analysis';
import { DEMO_KILNS } from '../../../mock-server/seed/kilns';
import type { CopyKey } from '../../../src/domain/fleet/copyKey';
import {
  COPY_KEY_CAP,
  copyKeyBuckets,
  copyKeyDistance,
  copyKeyLookups,
  isCopyKeyCandidate,
  rankCopyCandidates,
} from '../../../src/domain/fleet/copyKeyIndex';
import { BENCH_KILNS, cleanBurns, copyKeyOfLog, sameDayBurns } from '../../bench/disguiseSet';
import { DISGUISES, disguiseLog, type WeightScale } from '../../helpers/disguise';

/**
 * The copy key (src/domain/fleet/copyKey.ts, copyKeyIndex.ts) on logs it was not tuned on:
 * a disguised copy of a fixture burn (the field's messiness among them) finds its
 * original first among the candidates, through the buckets an index would hold; burns
 * that are not copies are not candidates of each other.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/burns');

interface Burn {
  name: string;
  text: string;
  kiln: { type: number; config: string };
  scale: WeightScale | null;
}

/** A fixture's demo kiln, and the load cell the disguise reads its counts through. */
function fixture(file: string): Burn {
  const text = fs.readFileSync(path.join(FIXTURES, file), 'utf8');
  const kilnId = /^# kiln_id=(.*)$/m.exec(text)![1];
  const kiln = DEMO_KILNS.find((k) => k.kiln_id === kilnId)!;
  const perG = kiln.config.cgo1?.per_g_weight ?? kiln.config.terrafix?.per_g_weight;
  const zero = kiln.config.cgo1?.zero_weight ?? 153_400;
  return {
    name: file,
    text,
    kiln: { type: kiln.type, config: JSON.stringify(kiln.config) },
    scale: perG === undefined || perG === null ? null : { zero, countsPerKg: perG * 1000 },
  };
}

const keyOf = (burn: Burn, text = burn.text): CopyKey => {
  const key = copyKeyOfLog(text, burn.kiln);
  if (!key) throw new Error(`${burn.name}: no key`);
  return key;
};

// every disguise the key is built for: one kind at a time (all of them at once is beyond it: docs/analysis.md)
const ONE_AT_A_TIME = Object.keys(DISGUISES).filter((name) => !name.startsWith('all at once'));

describe('the copy key', () => {
  let burns: (Burn & { key: CopyKey })[];
  beforeAll(() => {
    burns = fs
      .readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .map((file) => {
        const burn = fixture(file);
        return { ...burn, key: keyOf(burn) };
      });
  });

  it.each(ONE_AT_A_TIME)('finds each fixture burn first among the candidates of its copy “%s”', (name) => {
    for (const [i, burn] of burns.entries()) {
      const copy = keyOf(burn, disguiseLog(burn.text, { ...DISGUISES[name], seed: 700 + i }, burn.scale));
      const ranked = rankCopyCandidates(copy, burns, (b) => b.key);
      expect(ranked[0]?.item.name, `${burn.name}: distance ${copyKeyDistance(copy, burn.key).toFixed(2)}`).toBe(burn.name);
      // and an index holding the original's buckets hands it over
      const buckets = new Set(copyKeyBuckets(burn.key));
      expect(
        copyKeyLookups(copy).some((b) => buckets.has(b)),
        burn.name,
      ).toBe(true);
    }
  });

  it('knows a log cut from its start: it begins loaded', () => {
    const burn = burns.find((b) => b.name === 'cgo1-armfuls.csv')!;
    expect(burn.key.loaded_at_start).toBe(false);
    const cut = keyOf(burn, disguiseLog(burn.text, { cutStart: 0.1, seed: 3 }, burn.scale));
    expect(cut.loaded_at_start).toBe(true);
    expect(cut.lead_s).not.toBeCloseTo(burn.key.lead_s!, -2);
    expect(isCopyKeyCandidate(cut, burn.key)).toBe(true);
  });

  it('takes no fixture burn for a candidate of another', () => {
    const pairs: string[] = [];
    for (const [i, a] of burns.entries())
      for (const b of burns.slice(0, i)) {
        pairs.push(`${a.name} ~ ${b.name}: ${copyKeyDistance(a.key, b.key).toFixed(2)}`);
        expect(isCopyKeyCandidate(a.key, b.key), pairs.at(-1)).toBe(false);
        expect(isCopyKeyCandidate(b.key, a.key), pairs.at(-1)).toBe(false);
      }
    expect(pairs.length).toBeGreaterThanOrEqual(45);
  });

  it('tells apart three burns of one kiln on one day with the same load', () => {
    const scale = { zero: 153_400, countsPerKg: 1_800 };
    const kiln = BENCH_KILNS.find((k) => k.type === KILN_TYPE.TERRAFIX)!;
    const texts = sameDayBurns({ zero_weight: scale.zero, per_g_weight: 1.8 });
    const keys = texts.map((text) => copyKeyOfLog(text, kiln)!);
    for (const [i, a] of keys.entries()) for (const b of keys.slice(0, i)) expect(isCopyKeyCandidate(a, b)).toBe(false);
    // the same burn filed again under another kiln a day later is one
    const refiled = copyKeyOfLog(disguiseLog(texts[1], { kilnId: 'TFX-D099', clockShiftMs: 86_400_000 }, scale), kiln)!;
    expect(rankCopyCandidates(refiled, keys, (k) => k)[0].item).toBe(keys[1]);
  });

  it('gives a clean burn among independent ones of its type a candidate seldom, and never more than the cap', () => {
    const keys = cleanBurns(12, 80_000).map((b) => copyKeyOfLog(b.text, b.kiln)!);
    let candidates = 0;
    for (const key of keys) {
      const ranked = rankCopyCandidates(
        key,
        keys.filter((k) => k !== key),
        (k) => k,
      );
      expect(ranked.length).toBeLessThanOrEqual(COPY_KEY_CAP);
      candidates += ranked.length;
    }
    // 36 burns, 12 of each type, each against the other 35
    expect(candidates).toBeLessThanOrEqual(2);
  }, 20_000);

  it('needs readings to key a burn', () => {
    const burn = burns[0];
    expect(copyKeyOfLog(burn.text.split('\n').slice(0, 20).join('\n'), burn.kiln)).toBeNull();
  });
});
