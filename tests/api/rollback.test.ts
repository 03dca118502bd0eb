import { describe, expect, it } from 'vitest';
import type { Test } from 'supertest';
import { jpegImage, pngImage, TINY_PDF } from '../helpers/configure';
import { failNextWrite, snapshot } from '../helpers/snapshot';
import { burnCsv } from '../helpers/kilnLogUploads';
import { useTestServer } from '../helpers/testServer';
import { facility, kilnLogs } from '../helpers/storeAccess';

/**
 * The one rollback idiom (mock-server/store/commit.ts): when the store cannot
 * write (db.json, or PostgreSQL, on a full disk), a change that also wrote
 * files leaves neither records nor files behind, in memory or on disk, and
 * answers 500.
 */

const api = useTestServer();
const thumb = await jpegImage(60, 40);

const as = (req: Test) => req.set(api.as('superadmin'));

/** Each change, set up and ready to send (a Test is a thenable, so it is handed over inside a function). */
const CHANGES: Record<string, () => Promise<() => Test>> = {
  'a photo upload': async () => () =>
    as(api.server.http.post('/api/photo/upload'))
      .set('Related-Facility', '1')
      .set('photo-guid', '3f2c1a9e-8b7d-4c6e-9f01-23456789abcd')
      .attach('photo', pngImage(60, 40), 'p.png')
      .attach('thumb', thumb, 't.jpg'),
  'a statement upload': async () => () =>
    as(api.server.http.post('/api/facility/1/upload_audit')).field('file_type', 'pdf').attach('file', TINY_PDF, 's.pdf'),
  'a kiln log upload': async () => {
    const csv = burnCsv('CG1-0007', await facility(api.server, 1));
    return () => as(api.server.http.post('/api/kilnlogs/upload')).set('Content-Type', 'text/csv').send(csv);
  },
  'a re-analysis': async () => {
    const log = (await kilnLogs(api.server)).find((l) => !l.audited && l.facility_id === 1)!;
    // a changed factor, so the new analysis would differ from the stored one
    await api.server.ctx.data.facilities.update(1, { kiln_type_config: JSON.stringify({ cgo1: { wicf: 0.3, carbonRemovalFactor: 3.1 } }) });
    return () => as(api.server.http.post(`/api/kilnlogs/${log.id}/analyse`));
  },
};

describe('a failed write of the store', () => {
  it.each(Object.keys(CHANGES))('takes back %s: records and files as before, 500', async (name) => {
    const send = await CHANGES[name]();
    const before = await snapshot(api.server);
    const analyses = (await kilnLogs(api.server)).map((l) => l.analysis);
    const restore = await failNextWrite(api.server);
    const res = await send();
    await restore();
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal server error.' });
    expect(await snapshot(api.server)).toEqual(before);
    expect((await kilnLogs(api.server)).map((l) => l.analysis)).toEqual(analyses);
  });
});
