import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { S3Settings } from '../../mock-server/blobs/s3Blobs';

export interface TestBucket {
  settings: S3Settings;
  /** puts these objects straight into the server's store, skipping HTTP: for tests that need thousands */
  plant(keys: readonly string[], body: string): Promise<void>;
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
  // stdin open: the server stops when this process ends, however it ends
  const child = spawn(process.execPath, ['--openssl-legacy-provider', SERVER_SCRIPT, directory, bucket], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // each line the server prints answers the oldest request: first the start, then each plant
  const waiting: { resolve: (line: Record<string, unknown>) => void; reject: (err: Error) => void }[] = [];
  const next = () => new Promise<Record<string, unknown>>((resolve, reject) => waiting.push({ resolve, reject }));
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = JSON.parse(pending.slice(0, end)) as Record<string, unknown>;
      pending = pending.slice(end + 1);
      waiting.shift()?.resolve(line);
    }
  });
  child.once('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`The test S3 server exited with ${code}:\n${output}`));
  });
  const { port } = (await next()) as { port: number };
  return {
    settings: { endpoint: `http://127.0.0.1:${port}`, bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' },
    async plant(keys, body) {
      const answer = next();
      child.stdin.write(`${JSON.stringify({ plant: keys, body })}\n`);
      const line = await answer;
      if (line.error) throw new Error(`Planting objects failed: ${String(line.error)}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.stdin.end();
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The calling suite's bucket: started before its tests, stopped after them; read once its beforeAll has run. */
export function useTestBucket(bucket?: string): () => TestBucket {
  let started: TestBucket | undefined;
  beforeAll(async () => {
    started = await startTestBucket(bucket);
  });
  afterAll(async () => {
    await started?.stop();
  });
  return () => {
    if (!started) throw new Error('The test bucket is read before its beforeAll has started it.');
    return started;
  };
}
