import { describe, expect, it } from 'vitest';
import {
  batchPeriod,
  batchProblems,
  DEFAULT_BATCH_PERIOD_DAYS,
  FEEDSTOCKS,
  isFeedstock,
  productionTemperature,
  wetBiocharGrams,
  type BatchBurn,
  type BatchInput,
} from '../../../src/domain/batches';

const burn = (id: number, o: Partial<BatchBurn> = {}): BatchBurn => ({
  id,
  facility_id: 3,
  type: 0,
  logts: '2026-03-01T06:00:00',
  valid: true,
  analysed: true,
  archived: false,
  batch_id: null,
  biochar_kg: 40.5,
  highest_treatment_temp_c: 620,
  ...o,
});
const byId = (...burns: BatchBurn[]) => new Map(burns.map((b) => [b.id, b]));
const input = (o: Partial<BatchInput> = {}): BatchInput => ({
  label: 'March wood',
  facility_id: 3,
  kiln_type: 0,
  feedstock: 'wood',
  feedstock_note: null,
  analysis_ids: [1, 2],
  ...o,
});

describe('feedstocks', () => {
  it('lists the seven feedstocks of the issue, other last', () => {
    expect(FEEDSTOCKS).toEqual(['wood', 'herbaceous', 'rice_husk_or_straw', 'nut_shells', 'manure', 'biosolids', 'other']);
    expect(isFeedstock('wood')).toBe(true);
    expect(isFeedstock('Wood')).toBe(false);
    expect(isFeedstock(1)).toBe(false);
  });
});

describe('batchProblems', () => {
  const two = byId(burn(1), burn(2, { logts: '2026-03-20T06:00:00' }));

  it('accepts validated, analysed, live burns of one facility and kiln type within the period', () => {
    expect(batchProblems(input(), two)).toEqual({});
    expect(DEFAULT_BATCH_PERIOD_DAYS).toBe(31);
  });

  it('allows exactly the period and refuses one second more, saying by how much', () => {
    const exact = byId(burn(1, { logts: '2026-01-01T00:00:00' }), burn(2, { logts: '2026-02-01T00:00:00' }));
    expect(batchProblems(input(), exact)).toEqual({});
    const over = byId(burn(1, { logts: '2026-01-01T00:00:00' }), burn(2, { logts: '2026-02-01T00:00:01' }));
    expect(batchProblems(input(), over).analysis_ids).toBe(
      "The burns' log times span 31 d 0 h 0 min 1 s, more than the facility's batch period of 31 days.",
    );
    // the facility's own period applies
    expect(batchProblems(input(), two, 7).analysis_ids).toMatch(/span 19 d 0 h 0 min 0 s, more than .* 7 days/);
  });

  it('refuses burns of two facilities, another kiln type, archived, unanalysed, invalid or in a batch, naming each', () => {
    const burns = byId(
      burn(1),
      burn(2, { facility_id: 4 }),
      burn(3, { type: 2 }),
      burn(4, { archived: true }),
      burn(5, { analysed: false, valid: false }),
      burn(6, { valid: false }),
      burn(7, { batch_id: 9 }),
      burn(8, { logts: null }),
    );
    expect(batchProblems(input({ analysis_ids: [1, 2, 3, 4, 5, 6, 7, 8, 99] }), burns)).toEqual({
      analysis_ids:
        'These burns cannot form the batch: log 2 is of another facility; log 3 is of another kiln type; log 4 is archived; ' +
        'log 5 is not analysed; log 6 is not a valid burn; log 7 is in batch 9 already; log 8 has no log time; log 99 does not exist.',
    });
  });

  it('refuses no burns, a burn twice and ids that are not record ids', () => {
    const burns = byId(burn(1));
    expect(batchProblems(input({ analysis_ids: [] }), burns).analysis_ids).toBe('analysis_ids must name at least one burn.');
    expect(batchProblems(input({ analysis_ids: 'all' }), burns).analysis_ids).toBe('analysis_ids must name at least one burn.');
    expect(batchProblems(input({ analysis_ids: [1, 1] }), burns).analysis_ids).toBe('analysis_ids names a burn twice.');
    for (const ids of [[NaN], [-1], ['1'], [1.5], [0], [2 ** 31]]) {
      expect(batchProblems(input({ analysis_ids: ids }), burns).analysis_ids).toBe('analysis_ids must be record ids.');
    }
  });

  it('needs one feedstock from the list, a note for other and none for the others', () => {
    const burns = two;
    expect(batchProblems(input({ feedstock: 'coal' }), burns).feedstock).toMatch(/^feedstock must be one of wood, herbaceous/);
    expect(batchProblems(input({ feedstock: ['wood', 'manure'] }), burns).feedstock).toBeDefined();
    expect(batchProblems(input({ feedstock: 'other' }), burns).feedstock_note).toBe('feedstock_note is required.');
    expect(batchProblems(input({ feedstock: 'other', feedstock_note: '  ' }), burns).feedstock_note).toBe('feedstock_note is required.');
    expect(batchProblems(input({ feedstock: 'other', feedstock_note: 'coffee husk' }), burns)).toEqual({});
    expect(batchProblems(input({ feedstock_note: 'oak' }), burns).feedstock_note).toBe('feedstock_note is only for the feedstock other.');
    expect(batchProblems(input({ feedstock: 'other', feedstock_note: 'a\u202Eb' }), burns).feedstock_note).toMatch(/bidirectional/);
  });

  it('needs a label, a facility and a kiln type, refusing messy values', () => {
    const reasons = batchProblems({ ...input(), label: 42, facility_id: '3', kiln_type: 7 }, two);
    expect(reasons).toMatchObject({
      label: 'label must be text.',
      facility_id: 'facility_id must be a facility.',
      kiln_type: 'kiln_type must be 0, 1 or 2.',
    });
    expect(batchProblems(input({ label: '' }), two).label).toBe('label is required.');
    expect(batchProblems(input({ label: 'x'.repeat(201) }), two).label).toBe('label may be at most 200 characters.');
    expect(batchProblems(input({ facility_id: NaN }), two).facility_id).toBeDefined();
    expect(batchProblems(input({ kiln_type: null }), two).kiln_type).toBeDefined();
  });
});

describe('batch figures', () => {
  it('sums the burns to the exact gram, each rounded once', () => {
    expect(wetBiocharGrams([{ biochar_kg: 40.5 }, { biochar_kg: 0.1 }, { biochar_kg: 0.2 }])).toBe(40_800);
    expect(wetBiocharGrams([{ biochar_kg: 1965.92 }, { biochar_kg: 0.0005 }])).toBe(1_965_921);
    expect(wetBiocharGrams([])).toBe(0);
    expect(wetBiocharGrams([{ biochar_kg: NaN }, { biochar_kg: 1 }])).toBe(1000);
  });

  it('takes the lowest of the burns’ highest treatment temperatures, none when a burn has none', () => {
    expect(productionTemperature([620, 455.5, 700])).toBe(455.5);
    expect(productionTemperature([620, null])).toBeNull();
    expect(productionTemperature([620, NaN])).toBeNull();
    expect(productionTemperature([])).toBeNull();
  });

  it('spans the burns from the earliest to the latest log time, as written', () => {
    expect(batchPeriod([{ logts: '2026-03-05T06:00:00' }, { logts: '2026-03-01T23:00:00' }, { logts: '2026-03-03T00:00:00' }])).toEqual({
      first_logts: '2026-03-01T23:00:00',
      last_logts: '2026-03-05T06:00:00',
      span_ms: 3 * 86_400_000 + 7 * 3_600_000,
    });
    expect(batchPeriod([{ logts: '2026-03-01T00:00:00Z' }, { logts: '2026-03-01T03:00:00+02:00' }])?.span_ms).toBe(3_600_000);
    expect(batchPeriod([{ logts: 'yesterday' }])).toBeNull();
    expect(batchPeriod([])).toBeNull();
  });
});
