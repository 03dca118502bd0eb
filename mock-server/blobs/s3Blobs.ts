import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  HeadBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { DependencyUnavailable } from '../http/unavailable';
import { checkKey, checkPrefix, drain, type BlobInfo, type BlobRead, type Blobs } from './blobs';

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO, Garage, Ceph...) */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** to open a connection (S3_CONNECT_TIMEOUT_MS) */
  connectTimeoutMs?: number;
  /** for the answer to begin, and for any silence within it (S3_REQUEST_TIMEOUT_MS); the SDK retries a timed-out request twice */
  requestTimeoutMs?: number;
}

export const DEFAULT_S3_TIMEOUTS = { connectTimeoutMs: 5_000, requestTimeoutMs: 30_000 };

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  (err as { name?: string }).name === 'NoSuchKey' ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** Files in an S3-compatible bucket through the AWS SDK, path-style so any S3-compatible server works. */
export class S3Blobs implements Blobs {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // SigV4 already signs each body's SHA-256 (x-amz-content-sha256), which the bucket checks; the CRC32
      // the SDK adds by default cost about 1 ms of CPU per 50 kB put (docs/performance.md, "Upload")
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: settings.connectTimeoutMs ?? DEFAULT_S3_TIMEOUTS.connectTimeoutMs,
        requestTimeout: settings.requestTimeoutMs ?? DEFAULT_S3_TIMEOUTS.requestTimeoutMs,
        throwOnRequestTimeout: true,
        socketTimeout: settings.requestTimeoutMs ?? DEFAULT_S3_TIMEOUTS.requestTimeoutMs,
      },
    });
  }

  /** Any failure of the bucket (down, frozen, refusing us) is file storage unavailable: a 503, not the caller's fault. Keys are checked before, outside. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isMissing(err)) throw err;
      throw new DependencyUnavailable('file storage', err);
    }
  }

  async checkHealth(): Promise<void> {
    await this.call(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
  }

  private get bucket(): string {
    return this.settings.bucket;
  }

  async put(key: string, body: Buffer, contentType = 'application/octet-stream'): Promise<void> {
    const Key = checkKey(key);
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentType: contentType, ContentLength: body.length }),
      ),
    );
  }

  async get(key: string): Promise<BlobRead | null> {
    const Key = checkKey(key);
    try {
      const out = await this.call(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key })));
      if (!(out.Body instanceof Readable)) throw new Error('The S3 client did not answer a stream.');
      return { stream: out.Body, size: out.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async readAll(key: string): Promise<Buffer | null> {
    const read = await this.get(key);
    return read && drain(read.stream);
  }

  async remove(key: string): Promise<void> {
    const Key = checkKey(key);
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })));
  }

  async *list(prefix = '', pageSize?: number): AsyncIterable<BlobInfo> {
    const pages = paginateListObjectsV2(
      { client: this.client, pageSize },
      { Bucket: this.bucket, Prefix: checkPrefix(prefix) || undefined },
    )[Symbol.asyncIterator]();
    for (;;) {
      const { done, value: page } = await this.call(() => pages.next());
      if (done) return;
      // a server that leaves out LastModified gets its objects taken as new: the sweep spares what it cannot date
      for (const item of page.Contents ?? [])
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0, modified: item.LastModified ?? new Date() };
    }
  }

  /** a PutObject is all or nothing: an interrupted one leaves no object */
  async removeInterruptedWrites(): Promise<number> {
    return 0;
  }

  async removePrefix(prefix: string): Promise<void> {
    if (!checkPrefix(prefix)) throw new Error('Refusing to remove every file.');
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await this.call(() =>
        this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        ),
      );
      batch = [];
    };
    for await (const { key } of this.list(prefix)) {
      batch.push(key);
      if (batch.length === 1000) await flush();
    }
    await flush();
  }
}
