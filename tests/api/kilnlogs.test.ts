import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KilnLog, KilnLogDetail } from '../../src/domain/api/kilnLogs';
import { createApp } from '../../mock-server/app';
import { purgeArchivedLogs } from '../../mock-server/kilnlogs/purge';
import type { FacilityRecord } from '../../mock-server/store/model';
import { addTestKiln, burnCsv } from '../helpers/kilnLogUploads';
import { bearer, binaryBody, startTestServer, storedKeys, type TestServer } from '../helpers/testServer';
import { afterRestart, facility, fileExists, kilnLog, kilnLogs } from '../helpers/storeAccess';

let server: TestServer;
const tokens: Record<string, string> = {};
/** facility 3 is the super-admin's; facility 1 the facility admin's (seed/facilities.ts) */
let otherFacility: FacilityRecord;
let ownFacility: FacilityRecord;
const KILN = 'TEST-CG1-0001';
const OWN_KILN = 'TEST-CG1-0002';

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['superadmin', 'uploader', 'useradmin', 'kilnadmin', 'facilityadmin', 'broker']) {
    tokens[user] = await server.login(user);
  }
  otherFacility = await facility(server, 3);
  ownFacility = await facility(server, 1);
  await addTestKiln(server, KILN, otherFacility.id);
  await addTestKiln(server, OWN_KILN, ownFacility.id);
});
afterAll(() => server.close());

const as = (user: string) => bearer(tokens[user]);

function uploadMultipart(text: string | Buffer, name = 'burn.csv', user = 'uploader') {
  return server.http.post('/api/kilnlogs/upload').set(as(user)).attach('file', Buffer.from(text), name);
}

function uploadCsv(text: string, user = 'uploader') {
  return server.http.post('/api/kilnlogs/upload').set(as(user)).set('Content-Type', 'text/csv').send(text);
}

function list(query: Record<string, unknown>, user = 'kilnadmin', resource = 'kilnlogs') {
  const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]));
  return server.http.get(`/api/${resource}`).query(q).set(as(user));
}

describe('upload → analysis → list, detail, download', () => {
  let uploaded: KilnLog;
  let csv: string;

  it('stores a multipart upload from the uploader and answers 201 with the analysed row', async () => {
    csv = burnCsv(KILN, otherFacility);
    const res = await uploadMultipart(csv, '../evil name?.csv');
    expect(res.status).toBe(201);
    uploaded = res.body as KilnLog;
    expect(uploaded).toMatchObject({
      analysis_id: uploaded.id,
      kiln_id: KILN,
      facility_id: otherFacility.id,
      facility_name: otherFacility.name,
      type: 0,
      logts: '2026-03-01T06:00:00',
      file_name: 'evil_name_.csv',
      file_size: Buffer.byteLength(csv),
      gps_in_range: true,
      error_message: null,
      valid: true,
      audited: false,
      archived_ts: null,
    });
    const result = JSON.parse(uploaded.analysis!) as { valid: string; co2_removed: number; biochar_produced: number };
    expect(result.valid).toBe('true');
    expect(uploaded.analysis_detail).toEqual({ co2_removed: result.co2_removed, biochar_produced: result.biochar_produced });
    expect((await server.ctx.blobs.readAll(uploaded.s3key))?.toString('utf8')).toBe(csv);
  });

  it('lets the kiln file admin find it in the list, with Content-Range', async () => {
    const res = await list({ filter: { kiln_id: KILN }, sort: ['id', 'DESC'], range: [0, 24] });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toMatch(/^items 0-\d+\/\d+$/);
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    expect((res.body as KilnLog[]).map((r) => r.id)).toContain(uploaded.id);
  });

  it('answers the detail with the chart (at most 1000 points) and the data sample', async () => {
    const res = await server.http.get(`/api/kilnlogs/${uploaded.id}`).set(as('kilnadmin'));
    expect(res.status).toBe(200);
    const detail = res.body as KilnLogDetail;
    expect(detail.id).toBe(uploaded.id);
    expect(detail.chart_data.length).toBeGreaterThan(100);
    expect(detail.chart_data.length).toBeLessThanOrEqual(1000);
    expect(detail.chart_data[0]).toEqual({ ts: expect.any(Number), t1: expect.any(Number), t2: expect.any(Number), w: expect.any(Number) });
    expect(detail.data_sample[0]).toMatchObject({ d: '2026-03-01', t: '06:00:00' });
  });

  it('downloads the raw file byte for byte as an attachment', async () => {
    const res = await server.http.get(`/api/kilnlogs/${uploaded.id}/download`).set(as('kilnadmin')).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="evil_name_.csv"');
    expect(Buffer.compare(res.body as Buffer, Buffer.from(csv))).toBe(0);
  });

  it('accepts a text/csv body as well, naming the file from kiln and time', async () => {
    const text = burnCsv(KILN, otherFacility);
    const res = await uploadCsv(text);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kiln_id: KILN, valid: true, file_name: `${KILN}_2026-03-01T0600.csv`, file_size: text.length });
  });

  it('refuses the same content a second time with 409 naming the first log', async () => {
    const res = await uploadCsv(csv);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`This file was uploaded before, as log ${uploaded.id}.`);
  });

  it('keeps no file of a refused second upload (its files are written while the first is looked for)', async () => {
    const before = await storedKeys(server);
    const res = await uploadMultipart(csv);
    expect(res.status).toBe(409);
    expect(await storedKeys(server)).toEqual(before);
    expect(before).toContain(`analysis/${uploaded.id}.json`);
  });
});

describe('files that cannot be analysed are kept with their error', () => {
  it.each([
    ['an unknown kiln', () => burnCsv('NO-SUCH-KILN', otherFacility), /^Unknown kiln 'NO-SUCH-KILN'\.$/],
    [
      'mostly unreadable lines',
      () => burnCsv(KILN, otherFacility, { fault: 'garbage' }),
      /^Line \d+: expected 5 comma-separated values but found 1\. \d+ of \d+ reading lines/,
    ],
    ['a missing header', () => burnCsv(KILN, otherFacility, { fault: 'missing_header' }), /Missing header/],
    ['an empty file', () => '', /empty/],
  ])('%s', async (_name, make, message) => {
    const res = await uploadCsv(make());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ valid: false, analysis: null, analysis_detail: null });
    expect(res.body.error_message).toMatch(message);
    const found = await list({ filter: { status: 'error', id: res.body.id } });
    expect(found.body).toHaveLength(1);
  });

  it('marks an invalid burn invalid with its reasons (GPS outside the facility)', async () => {
    const res = await uploadMultipart(burnCsv(KILN, otherFacility, { fault: 'gps_outside' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ valid: false, gps_in_range: false, error_message: null });
    expect(JSON.parse(res.body.analysis).reasons.map((r: { code: string }) => r.code)).toEqual(['GPS_OUTSIDE']);
  });

  it('keeps a log of an unknown kiln unassigned when the kiln is registered later, until a super-admin assigns it (docs/security.md, M1)', async () => {
    const kilnId = 'LATE-CG1-0009';
    const first = await uploadCsv(burnCsv(kilnId, otherFacility));
    expect(first.body.error_message).toBe(`Unknown kiln '${kilnId}'.`);
    const kiln = await addTestKiln(server, kilnId, otherFacility.id);
    const again = await server.http.post(`/api/kilnlogs/${first.body.id}/analyse`).set(as('kilnadmin'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      id: first.body.id,
      kiln_id: kilnId,
      facility_id: null,
      valid: false,
      error_message: `Unknown kiln '${kilnId}'.`,
    });
    const res = await server.http.post(`/api/kilnlogs/${first.body.id}/assign`).set(as('superadmin')).send({ kiln: kiln.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: first.body.id, kiln_id: kilnId, facility_id: otherFacility.id, valid: true, error_message: null });
    const detail = await server.http.get(`/api/kilnlogs/${first.body.id}`).set(as('kilnadmin'));
    expect(detail.body.chart_data[0].w).not.toBeNull();
  });
});

describe('bad uploads', () => {
  it('400 for a multipart body without a file field', async () => {
    const res = await server.http.post('/api/kilnlogs/upload').set(as('uploader')).field('note', 'x');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/'file'/);
  });

  it('400, not 500, for a multipart body that ends early', async () => {
    const res = await server.http
      .post('/api/kilnlogs/upload')
      .set(as('uploader'))
      .set('Content-Type', 'multipart/form-data; boundary=XYZ')
      .send('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nd,t');
    expect(res.status).toBe(400);
  });

  it('413 beyond 10 MB, multipart or text/csv', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    expect((await uploadMultipart(big)).status).toBe(413);
    const res = await server.http.post('/api/kilnlogs/upload').set(as('uploader')).set('Content-Type', 'text/csv').send(big);
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/10 MB/);
  });

  it('415 for a body that is neither multipart nor text/csv', async () => {
    const res = await server.http.post('/api/kilnlogs/upload').set(as('uploader')).send({ file: 'x' });
    expect(res.status).toBe(415);
  });
});

describe('archive, retention and restore', () => {
  it('archives a log, lists it among archived ones with delete_after = archived + retention, and restores it', async () => {
    const up = await uploadCsv(burnCsv(KILN, otherFacility));
    const id = up.body.id as number;

    const archived = await server.http.post(`/api/kilnlogs/${id}/archive`).set(as('kilnadmin'));
    expect(archived.status).toBe(200);
    const row = archived.body as KilnLog;
    const retention = await server.http.get('/api/archived_kilnlogs/retention').set(as('kilnadmin'));
    expect(retention.body).toEqual({ retention_days: 90 });
    expect(Date.parse(row.delete_after!) - Date.parse(row.archived_ts!)).toBe(90 * 24 * 3600 * 1000);

    expect((await list({ filter: { id } })).body).toEqual([]);
    const inArchive = await list({ filter: { id } }, 'kilnadmin', 'archived_kilnlogs');
    expect(inArchive.headers['content-range']).toBe('items 0-0/1');
    expect(inArchive.body[0]).toMatchObject({ id, archived_ts: row.archived_ts, delete_after: row.delete_after });

    expect((await server.http.post(`/api/kilnlogs/${id}/archive`).set(as('kilnadmin'))).status).toBe(409);
    expect((await server.http.post(`/api/kilnlogs/${id}/analyse`).set(as('kilnadmin'))).status).toBe(409);

    const restored = await server.http.post(`/api/archived_kilnlogs/${id}/restore`).set(as('kilnadmin'));
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id, archived_ts: null, delete_after: null });
    expect((await list({ filter: { id } })).body).toHaveLength(1);
    expect((await server.http.post(`/api/archived_kilnlogs/${id}/restore`).set(as('kilnadmin'))).status).toBe(404);
  });

  it('purges archived logs past their time, with their files, and nothing else', async () => {
    const keep = (await uploadCsv(burnCsv(KILN, otherFacility))).body as KilnLog;
    const gone = (await uploadCsv(burnCsv(KILN, otherFacility))).body as KilnLog;
    await server.http.post(`/api/kilnlogs/${gone.id}/archive`).set(as('kilnadmin'));
    const archivedRow = (await kilnLog(server, gone.id))!;
    const analysisFile = `analysis/${gone.id}.json`;
    expect((await fileExists(server, gone.s3key)) && (await fileExists(server, analysisFile))).toBe(true);

    expect(await purgeArchivedLogs(server.ctx, new Date(Date.parse(archivedRow.delete_after!) - 1000))).toBe(0);
    expect(await purgeArchivedLogs(server.ctx, new Date(Date.parse(archivedRow.delete_after!) + 1000))).toBe(1);

    expect(await kilnLog(server, gone.id)).toBeNull();
    expect((await fileExists(server, gone.s3key)) || (await fileExists(server, analysisFile))).toBe(false);
    expect((await server.http.get(`/api/kilnlogs/${gone.id}`).set(as('kilnadmin'))).status).toBe(404);
    expect((await server.http.get(`/api/kilnlogs/${keep.id}`).set(as('kilnadmin'))).status).toBe(200);
    // for good: a restarted server does not find it either
    expect(await afterRestart(server, (store) => store.kilnLogs.get(gone.id))).toBeNull();
    expect(await afterRestart(server, (store) => store.kilnLogs.get(keep.id))).not.toBeNull();
  });

  it('purges what is due when the server starts', async () => {
    const due = (await uploadCsv(burnCsv(KILN, otherFacility))).body as KilnLog;
    await server.http.post(`/api/kilnlogs/${due.id}/archive`).set(as('kilnadmin'));
    await server.ctx.data.kilnLogs.update(due.id, { delete_after: new Date(Date.now() - 1000).toISOString() });

    const restarted = await createApp(server.ctx.config);
    try {
      expect(await restarted.ctx.data.kilnLogs.get(due.id)).toBeNull();
      expect(await fileExists(server, due.s3key)).toBe(false);
    } finally {
      await restarted.stop();
    }
  });
});

describe('audited burns', () => {
  const unaudited = async () =>
    ((await list({ filter: { audited: false }, range: [0, 2] }, 'superadmin')).body as KilnLog[]).map((log) => log.id);

  it('the seed holds signed-off audits whose burns are marked audited', async () => {
    const { audits } = server.ctx.data;
    const signedOff = (await audits.history({})).map((totals) => totals.audit);
    expect(signedOff.length).toBeGreaterThan(0);
    const kilnlogs = await kilnLogs(server);
    for (const audit of signedOff) {
      expect(audit.signoff_ts).not.toBeNull();
      const logs = kilnlogs.filter((r) => audit.analysis_ids.includes(r.id));
      expect(logs.length).toBe(audit.analysis_ids.length);
      for (const log of logs) expect(log).toMatchObject({ audited: true, audit_id: audit.id, valid: true, facility_id: audit.facility_id });
    }
  });

  it("names an audited burn's audit by job id in the list and the detail; others carry null", async () => {
    const audit = (await server.ctx.data.audits.history({}))[0].audit;
    const listed = (await list({ filter: { id: [...audit.analysis_ids, ...(await unaudited())] }, range: [0, 99] }, 'superadmin'))
      .body as KilnLog[];
    const audited = listed.filter((log) => log.audited);
    expect(audited.map((log) => log.id).sort((a, b) => a - b)).toEqual([...audit.analysis_ids].sort((a, b) => a - b));
    for (const log of listed) expect(log.audit_job_id, `log ${log.id}`).toBe(log.audited ? audit.job_id : null);
    const other = listed.find((log) => !log.audited);
    expect(other).toBeDefined();
    for (const log of [audited[0], other!]) {
      const detail = await server.http.get(`/api/kilnlogs/${log.id}`).set(as('superadmin'));
      expect(detail.status).toBe(200);
      expect((detail.body as KilnLogDetail).audit_job_id, `log ${log.id}`).toBe(log.audited ? audit.job_id : null);
    }
  });

  it('refuses re-analysis and archival of an audited burn with 409, changing nothing', async () => {
    const res = await list({ filter: { audited: true }, range: [0, 0] });
    const log = (res.body as KilnLog[])[0];
    expect(log.audited).toBe(true);
    for (const call of ['analyse', 'archive']) {
      const refused = await server.http.post(`/api/kilnlogs/${log.id}/${call}`).set(as('superadmin'));
      expect(refused.status, call).toBe(409);
      expect(refused.body.message).toMatch(/audited burn/);
    }
    const after = await server.http.get(`/api/kilnlogs/${log.id}`).set(as('kilnadmin'));
    expect(after.body).toMatchObject({ analysis: log.analysis, archived_ts: null });
  });
});

describe('rules and facility scope', () => {
  it('401 without a token', async () => {
    expect((await server.http.get('/api/kilnlogs')).status).toBe(401);
    expect((await server.http.post('/api/kilnlogs/upload').set('Content-Type', 'text/csv').send('x')).status).toBe(401);
  });

  it('403 for each call without its rule', async () => {
    const anyId = (await kilnLogs(server))[0].id;
    const reads = [
      '/api/kilnlogs',
      '/api/archived_kilnlogs',
      '/api/archived_kilnlogs/retention',
      `/api/kilnlogs/${anyId}`,
      `/api/kilnlogs/${anyId}/download`,
    ];
    for (const user of ['uploader', 'useradmin', 'broker']) {
      for (const url of reads) expect((await server.http.get(url).set(as(user))).status, `${user} ${url}`).toBe(403);
    }
    const updates = [`/api/kilnlogs/${anyId}/analyse`, `/api/kilnlogs/${anyId}/archive`, `/api/archived_kilnlogs/${anyId}/restore`];
    for (const user of ['uploader', 'facilityadmin', 'broker']) {
      for (const url of updates) expect((await server.http.post(url).set(as(user))).status, `${user} ${url}`).toBe(403);
    }
    // docs/roles.md#roles-and-rules: the kiln file admin, facility admin and others hold no `create kilnlog`
    for (const user of ['kilnadmin', 'facilityadmin', 'useradmin', 'broker']) {
      expect((await uploadCsv(burnCsv(KILN, otherFacility), user)).status, user).toBe(403);
    }
  });

  it("shows a facility admin only their own facilities' logs, and 404 for any other", async () => {
    const own = await uploadCsv(burnCsv(OWN_KILN, ownFacility));
    const foreign = await uploadCsv(burnCsv(KILN, otherFacility));
    const owned = new Set((await server.ctx.data.facilities.list({ ownerId: 5 })).map((f) => f.id));
    expect(owned.size).toBeGreaterThan(0);
    const expected = (await kilnLogs(server)).filter((r) => r.archived_ts === null && r.facility_id !== null && owned.has(r.facility_id));

    const res = await list({ range: [0, 999] }, 'facilityadmin');
    expect(res.status).toBe(200);
    const rows = res.body as KilnLog[];
    expect(rows.length).toBe(expected.length);
    expect(res.headers['content-range']).toBe(`items 0-${expected.length - 1}/${expected.length}`);
    expect(rows.every((r) => r.facility_id !== null && owned.has(r.facility_id))).toBe(true);
    expect(rows.map((r) => r.id)).toContain(own.body.id);

    expect((await list({ filter: { facility_id: otherFacility.id } }, 'facilityadmin')).body).toEqual([]);
    expect((await server.http.get(`/api/kilnlogs/${foreign.body.id}`).set(as('facilityadmin'))).status).toBe(404);
    expect((await server.http.get(`/api/kilnlogs/${foreign.body.id}/download`).set(as('facilityadmin'))).status).toBe(404);
    expect((await server.http.get(`/api/kilnlogs/${own.body.id}/download`).set(as('facilityadmin'))).status).toBe(200);
  });
});

describe('paging, sorting and filtering', () => {
  it('pages in the asked order with Content-Range items first-last/total', async () => {
    const total = (await kilnLogs(server)).filter((r) => r.archived_ts === null).length;
    const first = await list({ sort: ['logts', 'ASC'], range: [0, 4] });
    const second = await list({ sort: ['logts', 'ASC'], range: [5, 9] });
    expect(first.headers['content-range']).toBe(`items 0-4/${total}`);
    expect(second.headers['content-range']).toBe(`items 5-9/${total}`);
    const times = [...first.body, ...second.body].map((r: KilnLog) => r.logts);
    expect(times).toEqual([...times].sort());
    expect(new Set([...first.body, ...second.body].map((r: KilnLog) => r.id)).size).toBe(10);
  });

  it('sorts by co2_removed descending with logs without analysis last', async () => {
    const res = await list({ sort: ['co2_removed', 'DESC'], range: [0, 999] });
    const values = (res.body as KilnLog[]).map((r) => r.analysis_detail?.co2_removed ?? null);
    const numbers = values.filter((v): v is number => v !== null);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(values.slice(numbers.length).every((v) => v === null)).toBe(true);
  });

  it('filters by status, facility and log time', async () => {
    const invalid = await list({ filter: { status: 'invalid' }, range: [0, 999] });
    expect((invalid.body as KilnLog[]).every((r) => !r.valid && r.error_message === null)).toBe(true);
    const byFacility = await list({ filter: { facility_id: otherFacility.id, from: '2026-03-01', to: '2026-03-01' }, range: [0, 999] });
    expect(byFacility.body.length).toBeGreaterThan(3);
    expect((byFacility.body as KilnLog[]).every((r) => r.facility_id === otherFacility.id && r.logts!.startsWith('2026-03-01'))).toBe(true);
  });

  it('answers 400 for an unknown sort field, filter key or a bad range', async () => {
    expect((await list({ sort: ['sha256', 'ASC'] })).status).toBe(400);
    expect((await list({ filter: { owner: 1 } })).body.message).toMatch(/Unknown filter owner/);
    expect((await list({ range: [5, 1] })).status).toBe(400);
    expect((await server.http.get('/api/kilnlogs?page=2').set(as('kilnadmin'))).status).toBe(400);
  });
});
