import type { ResourceDataProvider } from '../providers/resourceDataProviders';
import { apiFetch } from '../providers/httpClient';

/** A Recent Changes entry (GET /api/changes); body is HTML the server has sanitised. */
export interface RecentChange {
  id: number;
  date: string;
  title: string;
  body: string;
}

/** GET /api/changes answers the whole list, newest first, without paging. */
export const changesDataProvider: ResourceDataProvider = {
  getList: async () => {
    const { json } = await apiFetch('/changes');
    const data = Array.isArray(json) ? json : [];
    return { data, total: data.length };
  },
};
