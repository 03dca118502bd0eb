import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no typings; the little used here is declared below
// @ts-expect-error -- no declaration file
import S3rver from 's3rver';
import type { S3Settings } from '../../mock-server/blobs/s3Blobs';

interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverServer;

export interface TestBucket {
  settings: S3Settings;
  stop(): Promise<void>;
}

/** An S3-protocol server (s3rver) on a loopback port with one empty bucket, its files in a temporary folder. */
export async function startTestBucket(bucket = 'kiln-test'): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-s3-'));
  const server = new (S3rver as S3rverConstructor)({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    settings: { endpoint: `http://127.0.0.1:${port}`, bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
