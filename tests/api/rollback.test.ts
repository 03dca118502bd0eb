import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Test } from 'supertest';
import { jpegImage, pngImage, TINY_PDF } from '../helpers/configure';
import { snapshot } from '../helpers/snapshot';
import { burnCsv } from '../helpers/kilnLogUploads';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';
import { rawStore } from '../helpers/rawStore';

/**
 * The one rollback idiom (mock-server/store/commit.ts): when db.json cannot be
 * written, a change that also wrote files leaves neither records nor files
 * behind, in memory or on disk, and answers 500.
 */

let server: TestServer;
let token: string;
let thumb: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('superadmin');
  thumb = await jpegImage(60, 40);
});
afterAll(() => server.close());

const as = (req: Test) => req.set(bearer(token));

/** Each change, built but not yet sent. */
const CHANGES: Record<string, () => Test> = {
  'a photo upload': () =>
    as(server.http.post('/api/photo/upload'))
      .set('Related-Facility', '1')
      .set('photo-guid', '3f2c1a9e-8b7d-4c6e-9f01-23456789abcd')
      .attach('photo', pngImage(60, 40), 'p.png')
      .attach('thumb', thumb, 't.jpg'),
  'a statement upload': () => as(server.http.post('/api/facility/1/upload_audit')).field('file_type', 'pdf').attach('file', TINY_PDF, 's.pdf'),
  'a kiln log upload': () =>
    as(server.http.post('/api/kilnlogs/upload'))
      .set('Content-Type', 'text/csv')
      .send(burnCsv('CG1-0007', rawStore(server).data.facilities[0])),
  'a re-analysis': () => {
    const log = rawStore(server).data.kilnlogs.find((l) => !l.audited && l.archived_ts === null && l.facility_id === 1)!;
    // a changed factor, so the new analysis would differ from the stored one
    rawStore(server).data.facilities[0].kiln_type_config = JSON.stringify({ cgo1: { wicf: 0.3, carbonRemovalFactor: 3.1 } });
    return as(server.http.post(`/api/kilnlogs/${log.id}/analyse`));
  },
};

describe('a failed write of db.json', () => {
  it.each(Object.keys(CHANGES))('takes back %s: records and files as before, 500', async (name) => {
    const request = CHANGES[name]();
    const before = await snapshot(server);
    const analyses = rawStore(server).data.kilnlogs.map((l) => l.analysis);
    // the one write of db.json both the store interface and the raw state go through
    const write = vi.spyOn(rawStore(server).db, 'write').mockImplementationOnce(() => {
      throw new Error('ENOSPC: no space left on device');
    });
    const res = await request;
    write.mockRestore();
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal server error.' });
    expect(await snapshot(server)).toEqual(before);
    expect(rawStore(server).data.kilnlogs.map((l) => l.analysis)).toEqual(analyses);
  });
});
