/**
 * How the console writes numbers (docs/product.md#constants-and-limits): thousands separators, kg with 2
 * decimals, rates in kg/m, temperatures with 2 decimals, burn durations as
 * 'Xh Ym Zs', file sizes from B to PB (base 1024, 'TBD' for 0). Pure: the
 * texts are fixed English, as the rest of the console.
 */

const formatters = new Map<number, Intl.NumberFormat>();

/** The value with thousands separators and exactly `decimals` decimals, e.g. 12,345.60. */
export function formatNumber(value: number, decimals = 0): string {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(decimals, formatter);
  }
  // -0.001 at 2 decimals would read "-0.00"
  const text = formatter.format(value);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** A weight: '1,234.57 kg' (docs/product.md#constants-and-limits: kg with 2 decimals; per-log list figures use 1). */
export const formatKg = (kg: number, decimals = 2): string => `${formatNumber(kg, decimals)} kg`;

/** A charing or loading rate: '3.25 kg/m' (kg per minute). */
export const formatRate = (kgPerMinute: number): string => `${formatNumber(kgPerMinute, 2)} kg/m`;

/** A temperature with 2 decimals (docs/product.md#constants-and-limits, Terrafix): '812.35 °C'. */
export const formatTemperature = (celsius: number): string => `${formatNumber(celsius, 2)} °C`;

/** A duration in ms as 'Xh Ym Zs' (docs/product.md#constants-and-limits), to the nearest second; hours are not capped at 24. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${formatNumber(hours)}h ${minutes}m ${seconds}s`;
}

export const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** A file size (docs/product.md#constants-and-limits): 'TBD' for 0, bytes as a whole number, larger units base 1024 with 2 decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes === 0) return 'TBD';
  let unit = 0;
  let size = bytes;
  while (Math.abs(size) >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${formatNumber(size, unit === 0 ? 0 : 2)} ${FILE_SIZE_UNITS[unit]}`;
}
