import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBurn, KILN_TYPE, type GenerateBurnOptions } from '../../mock-server/analysis';
import { DEFAULT_CALIBRATION } from '../../mock-server/analysis/generate';
import { anomalousBurn } from '../../mock-server/fleet/anomalousBurns';
import type { PackageManifest } from '../../mock-server/auditPackage/manifest';
import { pdfText } from '../../mock-server/auditPackage/reportText';
import { EXIT, verifyPackage } from '../../mock-server/auditPackage/verify';
import { CHECK_BY_FACILITY_ADMIN, CHECK_BY_UPLOADER } from '../../mock-server/fleet/routes';
import type { PotentialLogsResponse } from '../../src/domain/api/audits';
import type { Anomaly } from '../../src/domain/api/fleet';
import { signOffWithTinyPdf } from '../helpers/configure';
import { readJson } from '../helpers/packageEdits';
import { bearer, binaryBody, startTestServer, type TestServer } from '../helpers/testServer';

/**
 * A flag holds the burn: a copied burn is held back from the potential
 * logs and refused in a proposal until a second person (neither its uploader nor
 * its facility's admin) checks its anomaly; archiving closes it, restoring reopens it.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const as = (user: string) => bearer(tokens[user]);
let kilnCount = 0;

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['superadmin', 'uploader', 'kilnadmin']) tokens[user] = await server.login(user);
}, 120_000);
afterAll(() => server.close());

/** A new Terrafix kiln of the facility, a burn of it uploaded by `user` and a copy of that burn: their log ids. */
async function burnAndCopy(facilityId: number, user: string): Promise<{ original: number; copy: number }> {
  const facility = (await server.ctx.data.facilities.get(facilityId))!;
  const kilnId = `HOLD-${facilityId}-${++kilnCount}`;
  await server.ctx.data.kilns.create({
    kiln_id: kilnId,
    facility_id: facility.id,
    type: KILN_TYPE.TERRAFIX,
    install_date: '2024-01-01',
    last_update: new Date().toISOString(),
    config: JSON.stringify({ terrafix: { per_g_weight: DEFAULT_CALIBRATION.terrafix.per_g_weight } }),
    approved_ts: new Date().toISOString(),
    approved_by: null,
  });
  const options: GenerateBurnOptions = {
    kiln_type: KILN_TYPE.TERRAFIX,
    kiln_id: kilnId,
    seed: 41_000 + kilnCount,
    start_ts: Date.UTC(2026, 6, 1 + kilnCount, 6),
    calibration: DEFAULT_CALIBRATION.terrafix,
    facility,
  };
  const upload = async (text: string) => {
    const res = await server.http.post('/api/kilnlogs/upload').set(as(user)).set('Content-Type', 'text/csv').send(text);
    expect(res.status, res.text).toBe(201);
    return (res.body as { analysis_id: number }).analysis_id;
  };
  const original = await upload(generateBurn(options).text);
  const copy = await upload(anomalousBurn('DUPLICATE_CURVE', options).text);
  return { original, copy };
}

async function anomaliesOf(logId: number): Promise<Anomaly[]> {
  const res = await server.http
    .get('/api/fleet/anomalies')
    .query({ filter: JSON.stringify({ log_id: logId }) })
    .set(as('superadmin'));
  expect(res.status, res.text).toBe(200);
  return res.body as Anomaly[];
}

const potential = async (facilityId: number) => {
  const res = await server.http.get('/api/audit/potential_logs').query({ kiln_type: -1, facility_id: facilityId }).set(as('kilnadmin'));
  expect(res.status, res.text).toBe(200);
  return res.body as PotentialLogsResponse;
};

const propose = (ids: number[]) =>
  server.http.post('/api/audit/propose').query({ job_id: 'JOB-HOLD', kiln_type: -1 }).set(as('kilnadmin')).send({ analysis_ids: ids });

const check = (id: number, user: string, note: unknown = 'Compared both files: two loads, not a copy.') =>
  server.http.post(`/api/fleet/anomalies/${id}/check`).set(as(user)).send({ note });

describe('a flag holds the burn', () => {
  it('keeps a flagged burn out of the potential logs and any proposal until a second person checks it', async () => {
    // facility 1 belongs to the facility admin; the super-admin uploads the copy, so only a third person clears it
    const { original, copy } = await burnAndCopy(1, 'superadmin');
    const [flag] = await anomaliesOf(copy);
    expect(flag).toMatchObject({ code: 'DUPLICATE_CURVE', other_log_id: original, checked_ts: null });

    const before = await potential(1);
    const listed = (b: PotentialLogsResponse) => [...b.data, ...b.needs_reanalysis].map((l) => l.id);
    expect(listed(before)).toContain(original);
    expect(listed(before)).not.toContain(copy);
    const held = before.held_back.find((h) => h.id === copy);
    expect(held).toMatchObject({ codes: ['DUPLICATE_CURVE'], anomaly_ids: [flag.id] });
    expect(held!.reason).toContain(`log ${copy} has an open anomaly (DUPLICATE_CURVE)`);

    const refused = await propose([copy]);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors).toHaveProperty('analysis_ids');
    expect(refused.body.message).toContain(`log ${copy} has an open anomaly (DUPLICATE_CURVE)`);

    // the first person cannot clear it; a missing reason is a field error
    const own = await check(flag.id, 'superadmin');
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(CHECK_BY_UPLOADER);
    expect((await anomaliesOf(copy))[0].checked_ts).toBeNull();
    const blank = await check(flag.id, 'kilnadmin', '  ');
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toHaveProperty('note');
    const none = await server.http.post(`/api/fleet/anomalies/${flag.id}/check`).set(as('kilnadmin')).send({});
    expect(none.status).toBe(400);

    const cleared = await check(flag.id, 'kilnadmin');
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({ checked_by_name: 'kilnadmin', check_note: 'Compared both files: two loads, not a copy.' });
    expect((await potential(1)).held_back.map((h) => h.id)).not.toContain(copy);
    expect(listed(await potential(1))).toContain(copy);
    const proposed = await propose([copy]);
    expect(proposed.status, proposed.text).toBe(201);

    // the audit that takes the burn carries the check in its package: who, when, what they found
    const signed = await signOffWithTinyPdf(server, tokens.superadmin, proposed.body.id, [copy]);
    expect(signed.status, signed.text).toBe(200);
    const zip = await server.http.get(`/api/audit/${proposed.body.id}/package`).set(as('superadmin')).buffer(true).parse(binaryBody);
    expect(zip.status).toBe(200);
    const manifest = readJson(unzipSync(zip.body as Buffer)['manifest.json']) as unknown as PackageManifest;
    expect(manifest.anomaly_checks).toEqual([
      {
        id: flag.id,
        code: 'DUPLICATE_CURVE',
        analysis_id: copy,
        other_analysis_id: original,
        message: flag.message,
        raised_ts: flag.raised_ts,
        checked_ts: cleared.body.checked_ts,
        checked_by: { id: expect.any(Number), username: 'kilnadmin' },
        note: 'Compared both files: two loads, not a copy.',
      },
    ]);
    const verified = await verifyPackage(zip.body as Buffer);
    expect(verified.code, verified.lines.join('\n')).toBe(EXIT.verified);
    const report = await pdfText(unzipSync(zip.body as Buffer)['report.pdf']);
    expect(report).toContain(`burn ${copy} DUPLICATE_CURVE, by kilnadmin`);
  });

  it('refuses the admin of the burn\u2019s facility as the checker', async () => {
    // facility 3 belongs to the super-admin
    const { copy } = await burnAndCopy(3, 'uploader');
    const [flag] = await anomaliesOf(copy);
    const res = await check(flag.id, 'superadmin');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CHECK_BY_FACILITY_ADMIN);
    expect((await check(flag.id, 'uploader')).status).toBe(403);
  });
});

describe('no dead ends', () => {
  it('closes an archived burn\u2019s open anomaly with the reason archived, and reopens it on restore', async () => {
    const { copy } = await burnAndCopy(1, 'uploader');
    const [flag] = await anomaliesOf(copy);
    expect(flag.checked_ts).toBeNull();
    const archived = await server.http.post(`/api/kilnlogs/${copy}/archive`).set(as('kilnadmin'));
    expect(archived.status, archived.text).toBe(200);
    const [closed] = await anomaliesOf(copy);
    expect(closed).toMatchObject({ id: flag.id, check_note: 'archived', checked_by: null, checked_by_name: null });
    expect(closed.checked_ts).not.toBeNull();
    const restored = await server.http.post(`/api/archived_kilnlogs/${copy}/restore`).set(as('kilnadmin'));
    expect(restored.status, restored.text).toBe(200);
    const [reopened] = await anomaliesOf(copy);
    expect(reopened).toMatchObject({ id: flag.id, checked_ts: null, check_note: null, checked_by: null });
    expect((await potential(1)).held_back.map((h) => h.id)).toContain(copy);
  });

  it('keeps a person\u2019s check through archive and restore', async () => {
    const { copy } = await burnAndCopy(1, 'uploader');
    const [flag] = await anomaliesOf(copy);
    expect((await check(flag.id, 'kilnadmin')).status).toBe(200);
    expect((await server.http.post(`/api/kilnlogs/${copy}/archive`).set(as('kilnadmin'))).status).toBe(200);
    expect((await server.http.post(`/api/archived_kilnlogs/${copy}/restore`).set(as('kilnadmin'))).status).toBe(200);
    const [after] = await anomaliesOf(copy);
    expect(after).toMatchObject({ checked_by_name: 'kilnadmin', check_note: 'Compared both files: two loads, not a copy.' });
  });
});
