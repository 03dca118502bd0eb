/**
 * The kiln log calls (DESIGN §2): the two lists as react-admin resources over
 * simple REST, and the commands and files as data provider methods.
 */
import type { ArchiveRetention, KilnLog, KilnLogDetail } from '../domain/api/kilnLogs';
import { apiFetch, apiFetchBlob } from '../providers/httpClient';
import type { ResourceDataProvider } from '../providers/resourceDataProviders';
import { restResourceAt } from '../providers/restResourceAt';
import { fileNameFromDisposition } from './fileName';

export const KILN_LOGS = 'kiln_logs';
export const ARCHIVED_KILN_LOGS = 'archived_kiln_logs';

export const kilnLogDataProviders: Record<string, ResourceDataProvider> = {
  [KILN_LOGS]: restResourceAt('kilnlogs'),
  [ARCHIVED_KILN_LOGS]: restResourceAt('archived_kilnlogs'),
};

const postForRow = async (path: string): Promise<KilnLog> => (await apiFetch(path, { method: 'POST' })).json as KilnLog;

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export const kilnLogMethods = {
  /** GET /api/kilnlogs/{id}: the row with its chart_data and data_sample (archived logs too). */
  async getKilnLogDetail(id: number): Promise<KilnLogDetail> {
    return (await apiFetch(`/kilnlogs/${id}`)).json as KilnLogDetail;
  },

  /** POST /api/kilnlogs/{id}/analyse: the row analysed again (409 for an audited or archived burn). */
  analyseKilnLog: (id: number) => postForRow(`/kilnlogs/${id}/analyse`),

  /** POST /api/kilnlogs/{id}/archive (409 for an audited burn). */
  archiveKilnLog: (id: number) => postForRow(`/kilnlogs/${id}/archive`),

  /** POST /api/archived_kilnlogs/{id}/restore: the row, back among the live logs. */
  restoreKilnLog: (id: number) => postForRow(`/archived_kilnlogs/${id}/restore`),

  /** GET /api/kilnlogs/{id}/download: the file as uploaded, under the server's file name. */
  async downloadKilnLog(id: number): Promise<DownloadedFile> {
    const { blob, headers } = await apiFetchBlob(`/kilnlogs/${id}/download`);
    return { blob, fileName: fileNameFromDisposition(headers.get('Content-Disposition')) ?? `kilnlog-${id}.csv` };
  },

  /** GET /api/archived_kilnlogs/retention: days an archived log is kept. */
  async getArchiveRetention(): Promise<ArchiveRetention> {
    return (await apiFetch('/archived_kilnlogs/retention')).json as ArchiveRetention;
  },
};
