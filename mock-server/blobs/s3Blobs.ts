import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { checkKey, checkPrefix, drain, type BlobInfo, type BlobRead, type Blobs } from './blobs';

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO, Garage, Ceph...) */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

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
    });
  }

  private get bucket(): string {
    return this.settings.bucket;
  }

  async put(key: string, body: Buffer, contentType = 'application/octet-stream'): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: checkKey(key), Body: body, ContentType: contentType, ContentLength: body.length }));
  }

  async get(key: string): Promise<BlobRead | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
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
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async *list(prefix = ''): AsyncIterable<BlobInfo> {
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: checkPrefix(prefix) || undefined });
    for await (const page of pages) {
      // a server that leaves out LastModified gets its objects taken as new: the sweep spares what it cannot date
      for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: item.Size ?? 0, modified: item.LastModified ?? new Date() };
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
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      batch = [];
    };
    for await (const { key } of this.list(prefix)) {
      batch.push(key);
      if (batch.length === 1000) await flush();
    }
    await flush();
  }
}
