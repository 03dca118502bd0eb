import { afterEach, describe, expect, it, vi } from 'vitest';
import { kilnPayload } from '../helpers/configure';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';

let server: TestServer | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
  vi.unstubAllEnvs();
});

describe('POST /api/testing/reset (browser tests only)', () => {
  it('is refused unless the server runs with E2E_RESET=1, even for the super-admin', async () => {
    vi.stubEnv('E2E_RESET', '');
    server = await startTestServer();
    const token = await server.login('superadmin');
    const res = await server.http.post('/api/testing/reset').set(bearer(token));
    expect(res.status).toBe(404);
  });

  it('with E2E_RESET=1, seeds the demo data afresh', async () => {
    vi.stubEnv('E2E_RESET', '1');
    server = await startTestServer();
    const token = await server.login('superadmin');
    const list = async () => (await server!.http.get('/api/kiln/registry/list').set(bearer(token))).body as { kilns: unknown[] };
    const before = (await list()).kilns.length;
    expect((await server.http.post('/api/kiln/registry/add').set(bearer(token)).send(kilnPayload())).status).toBe(200);
    expect((await list()).kilns).toHaveLength(before + 1);
    expect((await server.http.post('/api/testing/reset')).body).toEqual({ status: 1 });
    expect((await list()).kilns).toHaveLength(before);
  });
});
