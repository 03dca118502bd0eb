import type { ChartPoint, DataSampleRow } from '../analysis';
import { newBlobKey, type Blobs } from '../blobs/blobs';
import { missingFile } from '../blobs/missingFile';
import { analysisKeyOf, RAW_AREA } from '../store/fileAreas';

/**
 * Where a burn log's bulky parts live, beside its row rather than in it: the
 * raw file byte for byte as kilnlogs/<uuid>.csv, its chart series and data
 * sample as analysis/<id>.json, both through the blob interface (DATA_DIR/files
 * or the bucket).
 */

export interface AnalysisFile {
  chart_data: ChartPoint[];
  data_sample: DataSampleRow[];
}

export class KilnLogFiles {
  constructor(readonly blobs: Blobs) {}

  /** A key for a new raw upload (the row's s3key). */
  newRawKey(): string {
    return newBlobKey(RAW_AREA, 'csv');
  }

  /** The key of a log's chart and sample. */
  analysisKey(id: number): string {
    return analysisKeyOf(id);
  }

  saveRaw(key: string, bytes: Buffer): Promise<void> {
    return this.blobs.put(key, bytes, 'text/csv');
  }

  /** The raw file; an error when it is gone (the row promises it exists). */
  async readRaw(key: string): Promise<Buffer> {
    const bytes = await this.blobs.readAll(key);
    if (!bytes) throw missingFile(key, 'a kiln log');
    return bytes;
  }

  saveAnalysis(id: number, content: AnalysisFile): Promise<void> {
    return this.blobs.put(this.analysisKey(id), Buffer.from(JSON.stringify(content)), 'application/json');
  }

  /** The stored chart and sample; empty ones when the log has none. */
  async readAnalysis(id: number): Promise<AnalysisFile> {
    const bytes = await this.blobs.readAll(this.analysisKey(id));
    return bytes ? (JSON.parse(bytes.toString('utf8')) as AnalysisFile) : { chart_data: [], data_sample: [] };
  }

  /** Deletes a log's files; a file already gone is not an error. */
  async remove(id: number, key: string): Promise<void> {
    await Promise.all([this.blobs.remove(key), this.blobs.remove(this.analysisKey(id))]);
  }
}
