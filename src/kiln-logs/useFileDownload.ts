import type { DownloadedFile } from '../providers/apiMethods';
import { saveFile } from './saveFile';
import { useLogCommand } from './useLogCommand';

/**
 * A file downloaded by its record's id (a burn log, an audit's package) and
 * handed to the browser's save under its name; a failure is notified under
 * `failure`. Only reads: the lists are refreshed after a failure alone.
 */
export function useFileDownload(download: (id: number) => Promise<DownloadedFile>, failure: string) {
  return useLogCommand(download, { failure, changesRow: false }, (file) => saveFile(file.blob, file.fileName));
}
