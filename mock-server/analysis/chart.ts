import { DATA_SAMPLE_ROWS } from './constants';
import { pickChartIndices } from './downsample';
import type { TimeSeries } from './series';
import { round2OrNull } from './stats';
import { formatDate, formatTime } from './time';
import type { ChartPoint, DataSampleRow, LogRow } from './types';

/**
 * docs/product.md#chart-data of a series, downsampled: °C, and kg where the weight
 * could be converted (null when the kiln or its calibration is unknown).
 */
export function chartData(series: TimeSeries, kg: Float64Array | null): ChartPoint[] {
  const picked = pickChartIndices(series.ts, kg ? [series.t1, series.t2, kg] : [series.t1, series.t2]);
  return picked.map((i) => ({
    ts: series.ts[i],
    t1: round2OrNull(series.t1[i]),
    t2: round2OrNull(series.t2[i]),
    w: kg ? round2OrNull(kg[i]) : null,
  }));
}

/** The first readings as the file has them (docs/product.md#log-and-analysis-row). */
export function dataSample(rows: readonly LogRow[], count = DATA_SAMPLE_ROWS): DataSampleRow[] {
  return rows.slice(0, count).map((row) => ({ d: formatDate(row.ts), t: formatTime(row.ts), t1: row.t1, t2: row.t2, w: row.w }));
}
