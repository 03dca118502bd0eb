import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../../mock-server/blobs/s3Blobs';

export interface TestBucket {
  settings: S3Settings;
  stop(): Promise<void>;
}

const SERVER_SCRIPT = path.join(import.meta.dirname, 's3Process.cjs');

/**
 * An S3-protocol server (s3rver, tests/helpers/s3Process.cjs) as its own
 * process on a loopback port with one empty bucket, its files in a temporary
 * folder: it lists past 1,000 objects and survives a delete racing a write.
 */
export async function startTestBucket(bucket = 'kiln-test'): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', SERVER_SCRIPT, directory, bucket], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let line = '';
    child.stdout.on('data', (chunk: Buffer) => {
      line += chunk.toString();
      if (line.includes('\n')) resolve((JSON.parse(line.split('\n')[0]) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`The test S3 server exited with ${code}:\n${output}`)));
  });
  return {
    settings: { endpoint: `http://127.0.0.1:${port}`, bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
