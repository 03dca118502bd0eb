import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../mock-server/config';
import { startListeningTestServer, type ListeningTestServer } from '../helpers/testServer';

/**
 * L5 of the 2026-11-25 review: multipart uploads are held in memory until
 * answered, and nothing capped how many at once (8 × 40 MB took 306 MB).
 * Here the cap is 1 and none may wait: an upload still arriving holds the only slot.
 */

let listening: ListeningTestServer;
let token: string;
beforeAll(async () => {
  listening = await startListeningTestServer({ uploads: { ...configFromEnv({}).uploads, concurrency: 1, queue: 0 } });
  token = await listening.server.login('facilityadmin');
});
afterAll(() => listening.close());

const BOUNDARY = '----kilnlimit';
const uploadHeaders = () => ({
  Authorization: `Bearer ${token}`,
  'Related-Facility': '1',
  'photo-guid': '3f2c1a9e-8b7d-4c6e-9f01-23456789abcd',
  'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
});

/**
 * A photo upload whose body starts and then stops arriving: it holds its slot until destroyed.
 * `answered` turns true if the server answers it all the same (a busy machine's database
 * timing out before the upload took its slot): such an upload holds nothing.
 */
function stalledUpload(): http.ClientRequest & { answered?: number } {
  const req: http.ClientRequest & { answered?: number } = http.request(`${listening.baseUrl}/api/photo/upload`, {
    method: 'POST',
    headers: { ...uploadHeaders(), 'Content-Length': String(10 * 1024 * 1024) },
  });
  req.on('error', () => undefined);
  req.on('response', (res) => {
    req.answered = res.statusCode;
    res.resume();
  });
  req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="yard.png"\r\nContent-Type: image/png\r\n\r\n`);
  req.write(Buffer.alloc(64 * 1024));
  return req;
}

/** A whole (empty) photo upload: 400 once it is read, 503 while no slot is free. */
async function upload(): Promise<Response> {
  return fetch(`${listening.baseUrl}/api/photo/upload`, { method: 'POST', headers: uploadHeaders(), body: `--${BOUNDARY}--\r\n` });
}

/** Repeats `send`, 50 ms apart, until its answer passes `done` or 20 s have passed (a loaded machine is slow to see the stalled upload arrive). */
async function until(send: () => Promise<Response>, done: (res: Response) => boolean): Promise<Response> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await send();
    if (done(res) || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('concurrent multipart uploads', () => {
  it('answer 503 with Retry-After while every slot is taken, and are read again once one frees', async () => {
    let stalled = stalledUpload();
    const busy = await until(
      async () => {
        // one answered before it took the slot holds nothing: another takes its place
        if (stalled.answered !== undefined) {
          console.log(`a stalled upload was answered ${stalled.answered} before it took the slot; stalling another`);
          stalled.destroy();
          stalled = stalledUpload();
        }
        return upload();
      },
      (res) => res.status === 503,
    );
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(((await busy.json()) as { message: string }).message).toBe(
      'The server is receiving as many uploads as it takes at once. Try again in a moment.',
    );
    stalled.destroy();
    const after = await until(upload, (res) => res.status !== 503);
    expect(after.status).toBe(400);
  });
});
