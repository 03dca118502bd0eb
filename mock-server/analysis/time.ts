/**
 * Kiln clocks are local and carry no zone, so a reading's `ts` is its wall-clock
 * time read as if it were UTC: arithmetic stays exact and no host time zone leaks in.
 */

export const DAY_MS = 86_400_000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch ms of midnight of a YYYY-MM-DD date, or NaN if it is not a real date. */
export function parseDateMs(text: string): number {
  const m = DATE_PATTERN.exec(text.trim());
  if (!m) return NaN;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return NaN;
  return ms;
}

const digit = (text: string, i: number): number => {
  const c = text.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
};

/** Ms since midnight of HH:mm:ss (or H:mm:ss), or NaN. Parsed by character codes: it runs once per row. */
export function parseTimeOfDayMs(raw: string): number {
  let text = raw.trim();
  if (text.length === 7) text = '0' + text;
  if (text.length !== 8) return NaN;
  if (text.charCodeAt(2) !== 58 || text.charCodeAt(5) !== 58) return NaN;
  const h = digit(text, 0) * 10 + digit(text, 1);
  const m = digit(text, 3) * 10 + digit(text, 4);
  const s = digit(text, 6) * 10 + digit(text, 7);
  if (!(h <= 23 && m <= 59 && s <= 59)) return NaN;
  return ((h * 60 + m) * 60 + s) * 1000;
}

const pad2 = (n: number): string => (n < 10 ? '0' : '') + n;

/** YYYY-MM-DD of a ts. */
export function formatDate(ts: number): string {
  const d = new Date(ts);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** HH:mm:ss of a ts. */
export function formatTime(ts: number): string {
  const secs = Math.floor((((ts % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
  return `${pad2(Math.floor(secs / 3600))}:${pad2(Math.floor(secs / 60) % 60)}:${pad2(secs % 60)}`;
}

/** YYYY-MM-DDTHH:mm:ss, the kiln's local time without a zone (as the store keeps logts). */
export function formatLocalIso(ts: number): string {
  return `${formatDate(ts)}T${formatTime(ts)}`;
}
