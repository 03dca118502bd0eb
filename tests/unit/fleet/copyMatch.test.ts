import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyMinZ, matchCopy, prepareTrack, trackOf, type PreparedTrack } from '../../../src/domain/fleet/copyMatch';
import { orderedSeriesOf, sameDayBurns } from '../../bench/disguiseSet';
import { DISGUISES, disguiseLog, type WeightScale } from '../../helpers/disguise';

/**
 * The wobble match (src/domain/fleet/copyMatch.ts) on logs it was not tuned on: the
 * burn fixtures, the field's messiness among them, and burns of one kiln on one day.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/burns');
const fixtures = fs
  .readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.csv'))
  .sort()
  .map((file) => ({ file, type: file.split('-')[0], text: fs.readFileSync(path.join(FIXTURES, file), 'utf8') }));

const track = (text: string): PreparedTrack => {
  const prepared = prepareTrack(trackOf(orderedSeriesOf(text)));
  if (!prepared) throw new Error('too few readings');
  return prepared;
};

// any linear reading of the counts will do: the match ignores levels and scales
const COUNTS: WeightScale = { zero: 84_210, countsPerKg: 2_500 };
const scaleOf = (type: string): WeightScale | null => (type === 'retort' ? null : COUNTS);

describe('the wobble match', () => {
  it('takes no two different fixture burns of one kiln type for copies', () => {
    const tracks = fixtures.map((f) => ({ ...f, track: track(f.text) }));
    const pairs: string[] = [];
    for (const [i, a] of tracks.entries())
      for (const b of tracks.slice(0, i)) {
        if (a.type !== b.type) continue;
        const m = matchCopy(a.track, b.track);
        pairs.push(`${a.file} ~ ${b.file}: z ${m.z.toFixed(1)}`);
        expect(m.isCopy, pairs.at(-1)).toBe(false);
      }
    expect(pairs.length).toBeGreaterThanOrEqual(28);
  });

  it.each(['all at once, the reading interval kept', 'clock ×0.90', 'resampled to 60 s', 'noise 0.5 kg, 3 °C', '10 % cut from the start'])(
    'recognises each fixture burn under “%s”',
    (name) => {
      for (const [i, f] of fixtures.entries()) {
        const copy = track(disguiseLog(f.text, { ...DISGUISES[name], seed: 500 + i }, scaleOf(f.type)));
        const m = matchCopy(copy, track(f.text));
        expect(m.isCopy, `${f.file}: z ${m.z.toFixed(1)}`).toBe(true);
        expect(m.z).toBeGreaterThanOrEqual(copyMinZ(copy));
      }
    },
  );

  it('recovers the clock the copy was moved by', () => {
    const f = fixtures.find((x) => x.file === 'cgo1-armfuls.csv')!;
    const copy = disguiseLog(f.text, { clockStretch: 1.06, cutStart: 0.05, seed: 3 }, COUNTS);
    const m = matchCopy(track(copy), track(f.text));
    expect(m.map.stretch).toBeCloseTo(1.06, 3);
    // cut 5 % of the span from the start: the copy's first reading is 5 % into the original, on the copy's clock
    const originalSpan = track(f.text).span;
    expect(Math.abs(m.map.offset + 0.05 * originalSpan * 1.06)).toBeLessThan(15);
  });

  it('tells apart three burns of one kiln on one day, same load, one seed apart', () => {
    const burns = sameDayBurns();
    const tracks = burns.map(track);
    for (const [i, a] of tracks.entries()) for (const b of tracks.slice(0, i)) expect(matchCopy(a, b).isCopy).toBe(false);
    // and the same burn, filed again under another kiln, is one
    const refiled = disguiseLog(burns[1], { kilnId: 'TFX-D099', clockShiftMs: 86_400_000 }, COUNTS);
    expect(matchCopy(track(refiled), tracks[1]).isCopy).toBe(true);
  });

  it('needs readings to judge: a log of a few rows has no track', () => {
    const text = fixtures[0].text.split('\n').slice(0, 20).join('\n');
    expect(prepareTrack(trackOf(orderedSeriesOf(text)))).toBeNull();
  });
});
