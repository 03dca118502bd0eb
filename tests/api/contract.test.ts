import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContract, type ContractResult } from '../../mock-server/tools/contract/contractCheck';
import { loadOpenApi } from '../../mock-server/http/openapiDocument';
import { DEMO_USERS } from '../../mock-server/seed/users';
import { addContractBatch } from '../helpers/batchFixture';
import { runContractCli } from '../helpers/contractCli';
import { DEMO_PASSWORD, startListeningTestServer, type ListeningTestServer } from '../helpers/testServer';

let listening: ListeningTestServer;
let baseUrl: string;

beforeAll(async () => {
  listening = await startListeningTestServer();
  ({ baseUrl } = listening);
  await addContractBatch(listening.server);
});
afterAll(() => listening.close());

const failures = (result: ContractResult) =>
  result.reports.filter((r) => r.verdict !== 'pass').map((r) => `${r.verdict} ${r.method} ${r.target}: ${r.problems.join('; ')}`);

/** a fetch that rewrites the answers of one path, as a backend that breaks the contract would */
function tamperedFetch(pathEnd: string, tamper: (res: Response) => Promise<Response>): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    return String(input).split('?')[0].endsWith(pathEnd) ? tamper(res) : res;
  };
}

describe('the contract check (npm run contract) against this server', () => {
  it.each(DEMO_USERS.map((u) => u.username))(
    'finds every read call kept for %s: right status for the role, right shape',
    async (username) => {
      const result = await checkContract({ baseUrl, username, password: DEMO_PASSWORD });
      expect(failures(result)).toEqual([]);
      const reads = loadOpenApi().operations.filter((op) => op.method === 'GET');
      // every read is made without a token and with one (the health check only once), plus the login
      const withToken = reads.filter((op) => op.needsToken).length;
      expect(result.passed).toBe(1 + reads.length + withToken);
    },
  );

  it('tells a 200 where the role lacks the rule from a kept contract', async () => {
    const result = await checkContract({
      baseUrl,
      username: 'uploader',
      password: DEMO_PASSWORD,
      fetch: tamperedFetch('/api/facilities', async (res) =>
        res.status === 403 ? new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }) : res,
      ),
    });
    const failed = result.reports.filter((r) => r.verdict === 'fail');
    expect(failed.map((r) => r.target)).toEqual(['/facilities']);
    expect(failed[0].problems[0]).toBe("expected 403 (the token lacks 'read facility'), got 200");
  });

  it('names the field of an answer that breaks its schema', async () => {
    const result = await checkContract({
      baseUrl,
      username: 'superadmin',
      password: DEMO_PASSWORD,
      fetch: tamperedFetch('/api/kilnlogs', async (res) => {
        if (res.status !== 200) return res;
        const rows = (await res.json()) as Record<string, unknown>[];
        const broken = rows.map(({ kiln_id: _dropped, ...rest }) => ({ ...rest, archived_ts: 17 }));
        return new Response(JSON.stringify(broken), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    });
    const failed = result.reports.filter((r) => r.verdict === 'fail');
    expect(failed).toHaveLength(1);
    expect(failed[0].problems.join('\n')).toMatch(/body\/0 must have required property 'kiln_id'/);
    expect(failed[0].problems.join('\n')).toMatch(/body\/0\/archived_ts must be/);
  });

  it('fails a call answered without a token', async () => {
    const result = await checkContract({
      baseUrl,
      username: 'kilnadmin',
      password: DEMO_PASSWORD,
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers);
        // a backend that forgets to check: every call made as if the token were there
        if (!headers.has('Authorization') && !String(input).endsWith('/api/auth')) {
          return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
        }
        return fetch(input, init);
      },
    });
    const refusedWithout = result.reports.filter((r) => r.expected === '401 without a token');
    expect(refusedWithout).toHaveLength(loadOpenApi().operations.filter((op) => op.method === 'GET' && op.needsToken).length);
    expect(refusedWithout.every((r) => r.verdict === 'fail' && r.problems[0] === 'expected 401 without a token, got 200')).toBe(true);
  });

  it('stops at a wrong password with one failed login', async () => {
    const result = await checkContract({ baseUrl, username: 'broker', password: 'not-the-password' });
    expect(result.reports).toHaveLength(1);
    expect(result).toMatchObject({ passed: 0, failed: 1, skipped: 0 });
    expect(result.reports[0].problems[0]).toBe('login answered 401');
  });

  it('runs as npm run contract: one line per call, the count last, exit 0', async () => {
    const lines = await runContractCli(baseUrl, 'broker');
    expect(lines[0]).toMatch(/^ok {3}POST \/auth broker → 200/);
    expect(lines).toContain('ok   GET /facilities broker → 200  (a 2xx answer)');
    expect(lines.at(-1)).toMatch(/^\d+ passed, 0 failed, 0 skipped$/);
  });
});
