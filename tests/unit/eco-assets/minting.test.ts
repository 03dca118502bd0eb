import { describe, expect, it } from 'vitest';
import { formatSignoffTime } from '../../../src/domain/dates';
import {
  anythingChosen,
  facilitiesWithCo2,
  hasInvisibleCharacters,
  mintFormErrors,
  mintSources,
  mintTotal,
  buildMintPayload,
  mintPayloadProblems,
  NOTHING_CHOSEN,
  remainingKg,
  transactionKey,
} from '../../../src/domain/minting';

describe('remainingKg', () => {
  it('is audited minus utilised CO2 in whole grams, never below 0', () => {
    expect(remainingKg({ audited_co2: 100, utilised_co2: 70.1 })).toBe(29.9);
    // float sums: 0.1 + 0.2 audited leaves exactly 0.3 kg, not 0.30000000000000004
    expect(remainingKg({ audited_co2: 0.1 + 0.2, utilised_co2: 0 })).toBe(0.3);
    expect(remainingKg({ audited_co2: 300.7504, utilised_co2: 0.0004 })).toBe(300.75);
    expect(remainingKg({ audited_co2: 5, utilised_co2: 6 })).toBe(0);
  });
});

describe('mintFormErrors: an amount is bounded by 0 and what remains of its audit', () => {
  const left = new Map([[3, 29.9]]);
  const form = (amount: unknown) => ({ minting_note: 'n', transaction_id: 't', amounts: { 3: amount as string } });
  it.each([
    [null, undefined],
    ['', undefined],
    [0, undefined],
    ['0', undefined],
    [29.9, undefined],
    ['29.900', undefined],
    ['29.901', 'out_of_range'],
    [30, 'out_of_range'],
    ['-0.001', 'out_of_range'],
    ['abc', 'not_a_number'],
    ['1.0001', 'too_many_decimals'],
  ])('%s with 29.9 kg left: %s', (value, problem) => {
    expect(mintFormErrors(form(value), left)['amounts.3']).toBe(problem);
  });

  it('requires the note and the transaction ID, and bounds an audit it does not know to 0', () => {
    expect(mintFormErrors({ minting_note: ' ', transaction_id: 'x'.repeat(201), amounts: { 8: '1' } }, left)).toEqual({
      minting_note: 'required',
      transaction_id: 'too_long',
      'amounts.8': 'out_of_range',
    });
  });
});

describe('buildMintPayload', () => {
  it('sends only the amounts above 0, keyed by signoff id, with the note and ID trimmed', () => {
    const payload = buildMintPayload({
      minting_note: '  Sale  ',
      transaction_id: ' TX-1 ',
      amounts: { 3: 12.5, 4: 0, 7: '', 9: '0.25', 11: null, 12: '0.0004' },
    });
    expect(payload).toEqual({ minting_note: 'Sale', transaction_id: 'TX-1', co2_utilisation: { 3: 12.5, 9: 0.25 } });
  });

  it('knows when nothing above 0 is chosen', () => {
    expect(anythingChosen({ 1: 0, 2: '', 3: null })).toBe(false);
    expect(anythingChosen({ 1: 0, 2: '0.001' })).toBe(true);
  });
});

describe('mintPayloadProblems: the server check of a payload', () => {
  const ok = { minting_note: 'n', transaction_id: 't', co2_utilisation: { 5: 1.5 } };

  it('passes a good payload', () => {
    expect(mintPayloadProblems(ok)).toEqual({});
  });

  it('names each field at fault', () => {
    expect(mintPayloadProblems({ ...ok, minting_note: ' ', transaction_id: 'x'.repeat(201) })).toEqual({
      minting_note: 'minting_note is required.',
      transaction_id: 'transaction_id may have at most 200 characters.',
    });
    expect(mintPayloadProblems({ ...ok, co2_utilisation: {} })).toEqual({ co2_utilisation: NOTHING_CHOSEN });
    expect(mintPayloadProblems({ ...ok, co2_utilisation: { 5: 0, 6: -1, 7: 0.0001, 0: 1, x: 1, 8: 2 } })).toEqual({
      'co2_utilisation.5': 'The amount for audit 5 must be greater than 0.',
      'co2_utilisation.6': 'The amount for audit 6 must be greater than 0.',
      'co2_utilisation.7': 'The amount for audit 7 may have at most 3 decimals (whole grams).',
      'co2_utilisation.0': 'co2_utilisation.0: 0 is not a signoff id.',
      'co2_utilisation.x': 'co2_utilisation.x: x is not a signoff id.',
    });
  });
});

describe('mintPayloadProblems: bounds (L4 and L7 of the 2026-11-25 review)', () => {
  const ok = { minting_note: 'n', transaction_id: 't', co2_utilisation: { 5: 1.5 } };
  const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i + 1), 1]));

  it('takes 200 audits a mint and refuses 201 in one sentence, looking at no key', () => {
    expect(mintPayloadProblems({ ...ok, co2_utilisation: many(200) })).toEqual({});
    expect(mintPayloadProblems({ ...ok, co2_utilisation: { ...many(200), x: 0 } })).toEqual({
      co2_utilisation: 'co2_utilisation may draw on at most 200 audits a mint (it names 201).',
    });
  });

  it('refuses a transaction ID holding an invisible or control character', () => {
    for (const id of ['T-18b\u200b', '\u2066T-18b', 'T-\t18b', 'T\u00ad-18b', 'T-18b\ufe0f']) {
      expect(mintPayloadProblems({ ...ok, transaction_id: id }), JSON.stringify(id)).toEqual({
        transaction_id: 'transaction_id may not contain invisible or control characters (such as a zero-width space).',
      });
    }
    expect(mintPayloadProblems({ ...ok, transaction_id: ' T 18b ' })).toEqual({});
  });
});

describe('transactionKey', () => {
  it.each([
    ['T-18b', 't-18b'],
    [' t-18B ', 't-18b'],
    ['T-18b\u200b', 't-18b'],
    ['Ｔ－１８ｂ', 't-18b'],
    ['Straße', 'strasse'],
    ['\u00a0T-18b', 't-18b'],
  ])('compares %j as %j', (id, key) => {
    expect(transactionKey(id)).toBe(key);
  });

  it('tells invisible characters from visible ones', () => {
    expect(hasInvisibleCharacters('T-18b\u200d')).toBe(true);
    expect(hasInvisibleCharacters('T-18b\r')).toBe(true);
    expect(hasInvisibleCharacters('Ｔ-18b é')).toBe(false);
  });
});

describe('facilitiesWithCo2 and mintSources', () => {
  const response = {
    audits_by_facility: {
      '2': {
        facility_name: 'Tasmania',
        available_co2: 10,
        audits: [
          {
            signoff_id: 7,
            audited_co2: 10,
            utilised_co2: 0,
            signoff_ts: '2026-05-01T00:00:00.000Z',
            job_id: 'J7',
            methodology: 'spec-factor',
            methodology_version: 1,
          },
        ],
      },
      '1': {
        facility_name: 'nairobi',
        available_co2: 0.3,
        audits: [
          {
            signoff_id: 3,
            audited_co2: 0.1 + 0.2,
            utilised_co2: 0,
            signoff_ts: '2026-04-01T00:00:00.000Z',
            job_id: 'J3',
            methodology: 'spec-factor',
            methodology_version: 1,
          },
          {
            signoff_id: 4,
            audited_co2: 5,
            utilised_co2: 5,
            signoff_ts: '2026-04-02T00:00:00.000Z',
            job_id: 'J4',
            methodology: 'spec-factor',
            methodology_version: 1,
          },
        ],
      },
    },
  };

  it('lists facilities by name, each audit with what remains, and offers only audits with CO2 left', () => {
    const facilities = facilitiesWithCo2(response);
    expect(facilities.map((f) => [f.facilityId, f.facilityName, f.availableCo2])).toEqual([
      [1, 'nairobi', 0.3],
      [2, 'Tasmania', 10],
    ]);
    expect(facilities[0].audits.map((a) => [a.signoffId, a.remaining, a.jobId])).toEqual([
      [3, 0.3, 'J3'],
      [4, 0, 'J4'],
    ]);
    expect(mintSources(facilities).map((a) => a.signoffId)).toEqual([3, 7]);
  });

  it('totals a mint in whole grams, ignoring blanks and negatives', () => {
    expect(mintTotal({ 1: '0.1', 2: 0.2, 3: '', 4: '-5' })).toBe(0.3);
  });
});

describe('formatSignoffTime (spec §9: signoff timestamps as YYYY-MM-DD HH:mm:ss)', () => {
  it('writes local time with seconds, and an unreadable value as given', () => {
    expect(formatSignoffTime(new Date(2026, 4, 2, 7, 8, 9))).toBe('2026-05-02 07:08:09');
    expect(formatSignoffTime('not a time')).toBe('not a time');
  });
});
