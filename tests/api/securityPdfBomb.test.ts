import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../mock-server/config';
import { pdfBomb } from '../helpers/pdfBomb';
import { snapshot } from '../helpers/snapshot';
import { startListeningTestServer, type ListeningTestServer } from '../helpers/testServer';

/** M3 of the 2026-11-25 review: a 1 MB statement inflating to 1 GB held every request for 29 s. */

const MB = 1024 * 1024;
let listening: ListeningTestServer;
let token: string;
beforeAll(async () => {
  // a bound of 4 MB keeps the bomb, and the test, small
  const defaults = configFromEnv({}).uploads;
  listening = await startListeningTestServer({ uploads: { ...defaults, pdf: { ...defaults.pdf, maxInflatedBytes: 4 * MB } } });
  token = await listening.server.login('superadmin');
});
afterAll(() => listening.close());

function multipart(fields: Record<string, string>, file: { field: string; name: string; type: string; bytes: Buffer }) {
  const boundary = `----kiln${Date.now()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends the request; `sent` runs once its whole body is handed to the connection. */
function post(
  path: string,
  body: Buffer,
  headers: Record<string, string>,
  sent: () => void,
): Promise<{ status: number; body: { message?: string; errors?: Record<string, string> } }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${listening.baseUrl}${path}`,
      { method: 'POST', headers: { ...headers, 'Content-Length': String(body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.on('finish', sent);
    req.end(body);
  });
}

describe('a PDF decompression bomb', () => {
  it('is refused with a 400 saying why, while the server answers other requests', async () => {
    const before = await snapshot(listening.server);
    const { body, contentType } = multipart(
      { file_type: 'pdf' },
      { field: 'file', name: 'statement.pdf', type: 'application/pdf', bytes: pdfBomb(16) },
    );
    const answered: string[] = [];
    let health: Promise<number> | undefined;
    const upload = post('/api/facility/4/upload_audit', body, { Authorization: `Bearer ${token}`, 'Content-Type': contentType }, () => {
      // the bomb is on its way to the check: the health check must not wait for it
      health = fetch(`${listening.baseUrl}/api/health`).then((res) => {
        answered.push('health');
        return res.status;
      });
    });
    const res = await upload;
    answered.push('upload');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'file is refused: its compressed objects inflate to more than 4 MB (a decompression bomb?); send a PDF saved without such streams.',
    );
    expect(res.body.errors).toEqual({ file: res.body.message });
    expect(await health).toBe(200);
    expect(answered).toEqual(['health', 'upload']);
    expect(await snapshot(listening.server)).toEqual(before);
  });
});
