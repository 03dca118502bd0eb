import { afterEach, describe, expect, it, vi } from 'vitest';
import { kilnPayload, signOffWithTinyPdf } from '../helpers/configure';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';

let server: TestServer | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
  vi.unstubAllEnvs();
});

const SECRET = 'run-secret-0123456789abcdef';

/** A server with E2E_RESET=1 and a super-admin's kiln list, before and after a kiln is added. */
async function withAddedKiln() {
  vi.stubEnv('E2E_RESET', '1');
  vi.stubEnv('E2E_RESET_SECRET', SECRET);
  const started = await startTestServer();
  server = started;
  const token = await started.login('superadmin');
  const kilns = async () =>
    ((await started.http.get('/api/kiln/registry/list').set(bearer(token))).body as { kilns: unknown[] }).kilns.length;
  const before = await kilns();
  expect((await started.http.post('/api/kiln/registry/add').set(bearer(token)).send(kilnPayload())).status).toBe(200);
  return { http: started.http, kilns, before };
}

describe('POST /api/testing/reset (browser tests only)', () => {
  it('is refused unless the server runs with E2E_RESET=1, even for the super-admin', async () => {
    vi.stubEnv('E2E_RESET', '');
    server = await startTestServer();
    const token = await server.login('superadmin');
    const res = await server.http.post('/api/testing/reset').set(bearer(token)).set('X-Test-Reset-Secret', SECRET);
    expect(res.status).toBe(404);
  });

  it('with E2E_RESET=1 and the run secret, seeds the demo data afresh', async () => {
    const { http, kilns, before } = await withAddedKiln();
    expect((await http.post('/api/testing/reset').set('X-Test-Reset-Secret', SECRET)).body).toEqual({ status: 1 });
    expect(await kilns()).toBe(before);
    // the reset seeds the whole demo data again: slow on a busy machine
  }, 120_000);

  // a reset that seeded through the recording store left the demo burns out of the log: their signoff was a 500
  it('brings the demo data it seeds into the transparency log, so a demo burn signs off after a reset and after a restore', async () => {
    const { http } = await withAddedKiln();
    const kilnadmin = bearer(await server!.login('kilnadmin'));
    const superadmin = await server!.login('superadmin');
    for (const [round, jobId] of [
      ['seeded', 'JOB-RESET-1'],
      ['restored', 'JOB-RESET-2'],
    ] as const) {
      expect((await http.post('/api/testing/reset').set('X-Test-Reset-Secret', SECRET)).status, round).toBe(200);
      const potential = await http.get('/api/audit/potential_logs').query({ kiln_type: -1 }).set(kilnadmin);
      const logs = potential.body.data as { id: number; facility_id: number }[];
      // a proposal is of one facility's burns
      const ids = logs
        .filter((log) => log.facility_id === logs[0]!.facility_id)
        .slice(0, 2)
        .map((log) => log.id);
      expect(ids, round).toHaveLength(2);
      const proposal = await http
        .post('/api/audit/propose')
        .query({ job_id: jobId, kiln_type: -1 })
        .set(kilnadmin)
        .send({ analysis_ids: ids });
      expect(proposal.status, round).toBe(201);
      const signoff = await signOffWithTinyPdf(server!, superadmin, proposal.body.id, ids);
      expect(signoff.status, round).toBe(200);
    }
  }, 120_000);

  // M5 of the 2026-11-25 review: an unauthenticated text/plain POST from any site wiped everything
  it('answers 403 without the run secret, from another site or from another machine, wiping nothing', async () => {
    const { http, kilns, before } = await withAddedKiln();
    for (const [what, headers] of [
      ['no secret', {}],
      ['a wrong secret', { 'X-Test-Reset-Secret': `${SECRET}x` }],
      ['a simple cross-site request', { Origin: 'https://evil.example', 'Content-Type': 'text/plain' }],
      ['the secret from another site', { 'X-Test-Reset-Secret': SECRET, Origin: 'https://evil.example' }],
      ['the secret marked cross-site by the browser', { 'X-Test-Reset-Secret': SECRET, 'Sec-Fetch-Site': 'cross-site' }],
      ['the secret through a proxy from another machine', { 'X-Test-Reset-Secret': SECRET, 'X-Forwarded-For': '203.0.113.5' }],
    ] as const) {
      const res = await http.post('/api/testing/reset').set(headers).send('x');
      expect(res.status, what).toBe(403);
      expect(res.body.message, what).toMatch(/^The test reset is refused: /);
    }
    expect(await kilns()).toBe(before + 1);
  });

  it('stops the start when E2E_RESET=1 comes without a secret', async () => {
    vi.stubEnv('E2E_RESET', '1');
    vi.stubEnv('E2E_RESET_SECRET', '');
    await expect(startTestServer()).rejects.toThrow(/E2E_RESET_SECRET/);
  });
});
