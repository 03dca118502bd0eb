import type { RecentChange } from '../domain/api/admin';
import { dataProvider, type ApiDataProvider } from '../providers/dataProvider';
import { loadSanitizer } from './sanitizeHtml';

let atStart: Promise<RecentChange[]> | null = null;

/**
 * Home's entries and its sanitiser, asked for as the console starts on Home
 * (AppRoot), so they arrive with Home's code instead of after Home's first render.
 */
export function prefetchRecentChanges(): void {
  atStart = dataProvider.listRecentChanges();
  // a failure is met by the query that takes this answer over
  atStart.catch(() => undefined);
  loadSanitizer().catch(() => undefined);
}

/**
 * The entries for Home's query: the answer asked for at start, taken once,
 * else a new request. A failed start is asked again through react-admin's
 * provider, so a 401 or 403 goes through its checks like any other call.
 */
export function fetchRecentChanges(provider: ApiDataProvider): Promise<RecentChange[]> {
  const prefetched = atStart;
  atStart = null;
  return prefetched ? prefetched.catch(() => provider.listRecentChanges()) : provider.listRecentChanges();
}
