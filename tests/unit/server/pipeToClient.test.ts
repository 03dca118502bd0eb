import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { pipeToClient } from '../../../mock-server/files/storedFiles';

/** S3 of the 2026-11-25 review: a raw-log download the client left early logged a stack trace. */
describe('pipeToClient', () => {
  it('ends quietly when the client goes away mid-download', async () => {
    let finished!: Promise<void>;
    const app = express();
    app.get('/download', (_req, res) => {
      // a download that never ends by itself
      const endless = new Readable({
        read() {
          this.push(Buffer.alloc(64 * 1024, 0x41));
        },
      });
      finished = pipeToClient(endless, res);
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        const req = http.get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/download`, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', () => undefined);
        req.on('close', resolve);
        setTimeout(() => reject(new Error('no data')), 10_000).unref();
      });
      await expect(finished).resolves.toBeUndefined();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
