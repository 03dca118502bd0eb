import { describe, expect, it } from 'vitest';
import { toGrams } from '../../../src/domain/carbon';
import {
  bufferGrams,
  bufferPercentProblem,
  formatSerialBlock,
  leftToRetire,
  mintBlocks,
  mintSplit,
  percentToBasisPoints,
  retireProblems,
  retirementState,
  unretiredBlock,
} from '../../../src/domain/ledger';

/** The ledger's pure rules, which the mint modal's preview and both stores share. */
describe('serial blocks', () => {
  it('read KC-<first>-<last> with thousands grouping', () => {
    expect(formatSerialBlock({ first: 1_000_001, last: 1_250_000 })).toBe('KC-1,000,001-1,250,000');
    expect(formatSerialBlock({ first: 1, last: 999 })).toBe('KC-1-999');
  });

  it('of a mint: the issued units first, the buffer right after, none for 0 g', () => {
    expect(mintBlocks(101, mintSplit(12.345, 1000))).toEqual({
      issued: { first: 101, last: 11_210 },
      buffer: { first: 11_211, last: 12_445 },
    });
    expect(mintBlocks(7, mintSplit(1, 0))).toEqual({ issued: { first: 7, last: 1006 }, buffer: null });
  });

  it('left unretired: the issued block past the grams retired from its front', () => {
    expect(unretiredBlock({ first: 100, last: 199 }, 30)).toEqual({ first: 130, last: 199 });
    expect(unretiredBlock({ first: 100, last: 199 }, 100)).toBeNull();
    expect(unretiredBlock(null, 0)).toBeNull();
  });
});

describe('the buffer split', () => {
  it('withholds the share rounded half a gram away from zero, and issues the rest, summing to the gram', () => {
    // 12.345 kg at 10 %: 1,234.5 g → 1,235 g; at 12.5 %: 1,543.125 g → 1,543 g
    expect(mintSplit(12.345, 1000)).toEqual({ allocated: 12.345, buffer: 1.235, issued: 11.11 });
    expect(mintSplit(12.345, 1250)).toEqual({ allocated: 12.345, buffer: 1.543, issued: 10.802 });
    expect(mintSplit(0.001, 5000)).toEqual({ allocated: 0.001, buffer: 0.001, issued: 0 });
    for (const kg of [0.001, 0.007, 1.999, 123.456, 98_765.432]) {
      for (const bp of [0, 1, 333, 1000, 4999, 5000]) {
        const split = mintSplit(kg, bp);
        expect(toGrams(split.buffer) + toGrams(split.issued), `${kg} kg at ${bp} bp`).toBe(toGrams(kg));
      }
    }
  });

  it('counts in integers: no float noise at large amounts', () => {
    expect(bufferGrams(9_007_199_254, 1000)).toBe(900_719_925);
    expect(bufferGrams(5, 1000)).toBe(1);
    expect(bufferGrams(4, 1000)).toBe(0);
  });

  it('takes a share of 0–50 % with at most 2 decimals, as basis points', () => {
    for (const ok of [0, 0.01, 12.5, 50]) expect(bufferPercentProblem(ok), String(ok)).toBeUndefined();
    for (const bad of [-0.01, 50.01, 1.234, Number.NaN, '10', null]) expect(bufferPercentProblem(bad), String(bad)).toBeDefined();
    expect(percentToBasisPoints(12.34)).toBe(1234);
  });
});

describe('retirement', () => {
  it('takes at least a gram, whole grams, at most what is left, for a named beneficiary', () => {
    expect(retireProblems({ kg: 2.5, beneficiary: 'Acme', purpose: 'claim' }, 2.5)).toEqual({});
    expect(retireProblems({ kg: 0.001, beneficiary: 'Acme' }, 2.5)).toEqual({});
    for (const kg of [0, 0.0004, 1.0005, 2.501, 'one'])
      expect(retireProblems({ kg, beneficiary: 'Acme' }, 2.5), String(kg)).toHaveProperty('kg');
    for (const beneficiary of ['', '   ', undefined, 'x'.repeat(201)])
      expect(retireProblems({ kg: 1, beneficiary }, 2.5)).toHaveProperty('beneficiary');
    expect(retireProblems({ kg: 1, beneficiary: 'Acme', purpose: 'x'.repeat(501) }, 2.5)).toHaveProperty('purpose');
  });

  it('marks an asset by what of its issued units is retired', () => {
    expect(retirementState({ co2_issued: 9, co2_retired: 0 })).toBe('none');
    expect(retirementState({ co2_issued: 9, co2_retired: 0.001 })).toBe('partly');
    expect(retirementState({ co2_issued: 9, co2_retired: 9 })).toBe('retired');
    expect(leftToRetire({ co2_issued: 9, co2_retired: 2.5 })).toBe(6.5);
  });
});
