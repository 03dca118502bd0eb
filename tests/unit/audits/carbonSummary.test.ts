import { describe, expect, it } from 'vitest';
import { carbonSummaryRows, monthLabel } from '../../../src/domain/audits/carbonSummary';
import type { CarbonFacility } from '../../../src/domain/api/audits';

const month = (year: number, m: number, audited_co2: number, utilised_co2 = 0, audited_biochar = 0) => ({
  year,
  month: m,
  audited_co2,
  utilised_co2,
  audited_biochar,
});

const FACILITIES: CarbonFacility[] = [
  { id: 1, name: 'Nairobi Char Works', data: [month(2025, 11, 100.25, 10, 40.1), month(2026, 2, 200.5, 0, 80)] },
  { id: 2, name: 'Andes Biochar', data: [month(2026, 2, 50, 5, 20), month(2026, 3, 0.1, 0, 0.05)] },
];

describe('carbon summary grouping (spec §3)', () => {
  it('labels months YYYY-Mon', () => {
    expect(monthLabel(2026, 3)).toBe('2026-Mar');
    expect(monthLabel(2025, 12)).toBe('2025-Dec');
    expect(monthLabel(2025, 1)).toBe('2025-Jan');
  });

  it('sums everything into one Total row', () => {
    expect(carbonSummaryRows(FACILITIES, 'total')).toEqual([
      { label: 'Total', audited_co2: 350.85, utilised_co2: 15, audited_biochar: 140.15, total: true },
    ]);
  });

  it('groups by month over all facilities, newest first', () => {
    expect(carbonSummaryRows(FACILITIES, 'monthly').map((r) => [r.label, r.audited_co2])).toEqual([
      ['2026-Mar', 0.1],
      ['2026-Feb', 250.5],
      ['2025-Nov', 100.25],
    ]);
  });

  it('groups by year, newest first, with an optional Total row last', () => {
    expect(carbonSummaryRows(FACILITIES, 'yearly', true)).toEqual([
      { label: '2026', audited_co2: 250.6, utilised_co2: 5, audited_biochar: 100.05, total: false },
      { label: '2025', audited_co2: 100.25, utilised_co2: 10, audited_biochar: 40.1, total: false },
      { label: 'Total', audited_co2: 350.85, utilised_co2: 15, audited_biochar: 140.15, total: true },
    ]);
    expect(carbonSummaryRows(FACILITIES, 'yearly').map((r) => r.label)).toEqual(['2026', '2025']);
  });

  it('groups by facility, the one with the newest month first', () => {
    expect(carbonSummaryRows(FACILITIES, 'facility').map((r) => [r.label, r.audited_co2])).toEqual([
      ['Andes Biochar', 50.1],
      ['Nairobi Char Works', 300.75],
    ]);
  });

  it('adds in grams, so many decimals never drift', () => {
    const many: CarbonFacility[] = [{ id: 1, name: 'A', data: Array.from({ length: 10 }, (_, i) => month(2026, 1 + (i % 12), 0.1)) }];
    expect(carbonSummaryRows(many, 'total')[0].audited_co2).toBe(1);
  });

  it('gives no rows, not even a Total, when nothing is audited', () => {
    expect(carbonSummaryRows([], 'monthly', true)).toEqual([]);
    expect(carbonSummaryRows([{ id: 1, name: 'A', data: [] }], 'total', true)).toEqual([]);
  });

  it('does not add a second Total to the total grouping', () => {
    expect(carbonSummaryRows(FACILITIES, 'total', true)).toHaveLength(1);
  });
});
