/** The page to show for a requested page number: a whole number from 1 to the page count (1 while the count is unknown). */
export function clampPage(page: number, pageCount: number): number {
  const last = Number.isFinite(pageCount) && pageCount >= 1 ? Math.floor(pageCount) : 1;
  const wanted = Number.isFinite(page) ? Math.trunc(page) : 1;
  return Math.min(Math.max(wanted, 1), last);
}
