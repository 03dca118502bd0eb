import fs from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { ChartPoint, DataSampleRow } from '../analysis';
import { BlobStore } from '../files/blobStore';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../files/privateFiles';

/**
 * Where a burn log's bulky parts live, beside db.json rather than in it (db.json
 * is rewritten on every write): the raw file byte for byte as files/kilnlogs/<uuid>.csv,
 * its chart series and data sample as files/analysis/<id>.json.
 */

const RAW_AREA = 'kilnlogs';
const ANALYSIS_DIR = 'analysis';

export interface AnalysisFile {
  chart_data: ChartPoint[];
  data_sample: DataSampleRow[];
}

export class KilnLogFiles {
  private readonly blobs: BlobStore;

  /** durable: fsync each file before answering (an acknowledged upload survives a crash); the seed skips it. */
  constructor(
    readonly filesDir: string,
    private readonly durable = true,
  ) {
    this.blobs = new BlobStore(filesDir, durable);
  }

  /** Stores the raw upload and answers its key (the row's s3key). */
  saveRaw(bytes: Buffer): string {
    return this.blobs.save(RAW_AREA, bytes, 'csv');
  }

  /** The raw file; an error when it is gone (the row promises it exists). */
  async readRaw(key: string): Promise<Buffer> {
    const bytes = await this.blobs.read(key);
    if (!bytes) throw new Error(`The raw file ${key} of a kiln log is missing.`);
    return bytes;
  }

  saveAnalysis(id: number, content: AnalysisFile): void {
    ensurePrivateDir(path.join(this.filesDir, ANALYSIS_DIR));
    writeFileAtomic.sync(this.analysisPath(id), JSON.stringify(content), { fsync: this.durable, mode: PRIVATE_FILE_MODE });
  }

  /** The stored chart and sample; empty ones when the log has none. */
  async readAnalysis(id: number): Promise<AnalysisFile> {
    try {
      return JSON.parse(await fs.promises.readFile(this.analysisPath(id), 'utf8')) as AnalysisFile;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { chart_data: [], data_sample: [] };
      throw err;
    }
  }

  /** Deletes a log's files; a file already gone is not an error. */
  remove(id: number, key: string): void {
    this.blobs.remove(key);
    fs.rmSync(this.analysisPath(id), { force: true });
  }

  /** Empties both folders (the seed starts from nothing). */
  clear(): void {
    this.blobs.clear(RAW_AREA);
    fs.rmSync(path.join(this.filesDir, ANALYSIS_DIR), { recursive: true, force: true });
  }

  private analysisPath(id: number): string {
    if (!Number.isInteger(id) || id <= 0) throw new Error(`Not a kiln log id: ${id}`);
    return path.join(this.filesDir, ANALYSIS_DIR, `${id}.json`);
  }
}
