/**
 * Carbon summaries (docs/product.md#carbon-summary): the months of each facility
 * grouped into one total, months ('YYYY-Mon'), years or facilities, newest
 * first, with an optional Total row. Sums run in whole grams, so adding many
 * kg figures with decimals never drifts by a float's rounding. Pure.
 */
import type { CarbonFacility, CarbonMonth } from '../api/audits';

export const CARBON_GROUPINGS = ['total', 'monthly', 'yearly', 'facility'] as const;
export type CarbonGrouping = (typeof CARBON_GROUPINGS)[number];

export interface CarbonSummaryRow {
  /** 'Total', '2026-Mar', '2026' or a facility name */
  label: string;
  /** kg */
  audited_co2: number;
  utilised_co2: number;
  audited_biochar: number;
  /** the sum of every row (the Total row, or the 'total' grouping's one row) */
  total: boolean;
}

export const TOTAL_LABEL = 'Total';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-Mon', e.g. '2026-Mar' (month 1-12). */
export const monthLabel = (year: number, month: number): string => `${year}-${MONTHS[month - 1] ?? String(month)}`;

const grams = (kg: number): number => (Number.isFinite(kg) ? Math.round(kg * 1000) : 0);

interface Bucket {
  label: string;
  /** orders buckets newest first: year * 100 + month of the newest month in it */
  recency: number;
  co2: number;
  utilised: number;
  biochar: number;
}

const recencyOf = (m: CarbonMonth): number => m.year * 100 + m.month;

function add(bucket: Bucket, m: CarbonMonth): void {
  bucket.co2 += grams(m.audited_co2);
  bucket.utilised += grams(m.utilised_co2);
  bucket.biochar += grams(m.audited_biochar);
  bucket.recency = Math.max(bucket.recency, recencyOf(m));
}

const rowOf = (b: Bucket, total: boolean): CarbonSummaryRow => ({
  label: b.label,
  audited_co2: b.co2 / 1000,
  utilised_co2: b.utilised / 1000,
  audited_biochar: b.biochar / 1000,
  total,
});

function keyOf(grouping: CarbonGrouping, facility: CarbonFacility, m: CarbonMonth): { key: string; label: string } {
  switch (grouping) {
    case 'total':
      return { key: 'total', label: TOTAL_LABEL };
    case 'monthly':
      return { key: `${m.year}-${m.month}`, label: monthLabel(m.year, m.month) };
    case 'yearly':
      return { key: String(m.year), label: String(m.year) };
    case 'facility':
      return { key: String(facility.id), label: facility.name };
  }
}

/**
 * The summary rows of `facilities` by `grouping`, newest first (facilities by
 * their newest month, then name); `withTotal` appends a Total row (not to the
 * 'total' grouping, which is that row already). No data: no rows.
 */
export function carbonSummaryRows(facilities: readonly CarbonFacility[], grouping: CarbonGrouping, withTotal = false): CarbonSummaryRow[] {
  const buckets = new Map<string, Bucket>();
  const total: Bucket = { label: TOTAL_LABEL, recency: 0, co2: 0, utilised: 0, biochar: 0 };
  for (const facility of facilities) {
    for (const month of facility.data) {
      const { key, label } = keyOf(grouping, facility, month);
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = { label, recency: 0, co2: 0, utilised: 0, biochar: 0 }));
      add(bucket, month);
      add(total, month);
    }
  }
  const rows = [...buckets.values()]
    .sort((a, b) => b.recency - a.recency || a.label.localeCompare(b.label))
    .map((bucket) => rowOf(bucket, grouping === 'total'));
  return withTotal && grouping !== 'total' && rows.length > 0 ? [...rows, rowOf(total, true)] : rows;
}
