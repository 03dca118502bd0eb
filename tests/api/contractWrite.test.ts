import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContract, type ContractResult, type ContractTarget } from '../../mock-server/tools/contract/contractCheck';
import { loadOpenApi } from '../../mock-server/http/openapiDocument';
import { DEMO_USERS } from '../../mock-server/seed/users';
import { addContractBatch } from '../helpers/batchFixture';
import { runContractCli } from '../helpers/contractCli';
import { snapshot } from '../helpers/snapshot';
import { DEMO_PASSWORD, startListeningTestServer, type ListeningTestServer, type TestServer } from '../helpers/testServer';

let listening: ListeningTestServer;
let server: TestServer;
let baseUrl: string;

beforeAll(async () => {
  listening = await startListeningTestServer();
  ({ server, baseUrl } = listening);
  await addContractBatch(server);
});
afterAll(() => listening.close());

const failures = (result: ContractResult) =>
  result.reports.filter((r) => r.verdict === 'fail').map((r) => `${r.method} ${r.target}: ${r.problems.join('; ')}`);

/** rows per table, read through the server's own store (either store) */
const counts = async () => Object.fromEntries(Object.entries((await snapshot(server)).tables).map(([table, rows]) => [table, rows.length]));

/** the tables whose row counts differ, with the difference */
function grown(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.keys(after).flatMap((t) => (after[t] !== (before[t] ?? 0) ? [[t, after[t] - (before[t] ?? 0)]] : [])));
}

const writes = loadOpenApi().operations.filter((op) => op.method !== 'GET' && op.template !== '/auth');

/** a fetch whose answers to one call are rewritten, as a backend that breaks the contract would answer */
function tamperedFetch(method: string, pathEnd: string, tamper: (res: Response) => Promise<Response>): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    return (init?.method ?? 'GET') === method && String(input).split('?')[0].endsWith(pathEnd) ? tamper(res) : res;
  };
}

const jsonAnswer = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** a read and write pass against this server as `username` with the demo password; `more` sets the write options or the fetch */
const checkWrites = (username: string, more: Pick<ContractTarget, 'write' | 'fetch'> = {}) =>
  checkContract({ baseUrl, username, password: DEMO_PASSWORD, write: {}, ...more });

/** a whole read and write pass, password hashing included, on a loaded machine */
const RUN_TIMEOUT = 120_000;

describe('the contract check with --write, against this server', () => {
  it.each(DEMO_USERS.map((u) => u.username))(
    'keeps every write call for %s and leaves the records as it found them',
    async (username) => {
      const before = await counts();
      const result = await checkWrites(username);
      expect(failures(result)).toEqual([]);
      // every write call is refused without a token
      const unauthorised = result.reports.filter((r) => r.expected === '401 without a token' && r.method !== 'GET');
      expect(unauthorised.map((r) => `${r.method} ${r.template}`)).toEqual(writes.map((op) => `${op.method} ${op.template}`));
      // and refused with it wherever the role lacks the rule
      const role = DEMO_USERS.find((u) => u.username === username)!.role;
      const refused = result.reports.filter((r) => r.method !== 'GET' && r.expected.startsWith('403 (the token lacks'));
      expect(refused.every((r) => r.verdict === 'pass')).toBe(true);
      if (role !== 0) expect(refused.length).toBeGreaterThan(0);
      // the reversible scenarios leave only the traces they name: a deleted user's history, a statistics snapshot
      const changed = grown(before, await counts());
      const { user_changes: history = 0, statistics: snapshots = 0, ...rest } = changed;
      expect(rest).toEqual({});
      expect(history > 0).toBe(result.leftBehind.some((l) => l.includes('change history')));
      expect(snapshots).toBeLessThanOrEqual(result.leftBehind.includes('a new statistics snapshot') ? 1 : 0);
    },
    RUN_TIMEOUT,
  );

  it(
    'archives and restores an existing unaudited burn for a kiln file admin, which ends as it was',
    async () => {
      const result = await checkWrites('kilnadmin');
      const made = result.reports.filter(
        (r) =>
          r.status !== 401 && ['POST /kilnlogs/{id}/archive', 'POST /archived_kilnlogs/{id}/restore'].includes(`${r.method} ${r.template}`),
      );
      expect(made.map((r) => `${r.verdict} ${r.method} ${r.template} ${r.status}`)).toEqual([
        'pass POST /kilnlogs/{id}/archive 200',
        'pass POST /archived_kilnlogs/{id}/restore 200',
      ]);
      const id = Number(/\/kilnlogs\/(\d+)\/archive/.exec(made[0].target)?.[1]);
      expect((await server.ctx.data.kilnLogs.get(id))?.archived_ts).toBeNull();
    },
    RUN_TIMEOUT,
  );

  it(
    'with --certify leaves exactly the records it names, in a facility of its own',
    async () => {
      const before = await counts();
      const certify = { certify: true, signer: { username: 'kilnadmin', password: DEMO_PASSWORD } };
      const result = await checkWrites('superadmin', { write: certify });
      expect(failures(result)).toEqual([]);
      expect(result.reports.filter((r) => r.verdict === 'skip').map((r) => `${r.method} ${r.template}: ${r.problems.join('; ')}`)).toEqual(
        [],
      );
      expect(result.skipped).toBe(0);
      const { user_changes: _history, statistics: _snapshot, transparency_nodes: _nodes, ...changed } = grown(before, await counts());
      // the run's own burn and one of an unknown kiln it assigns; a key added to its kiln and revoked;
      // the kiln's first calibration version, approved as its super-admin registers it;
      // the facility's trail records its creation, the calibration's approval, the assignment, and the key's addition and revocation;
      // each burn's fleet summary (mock-server/fleet) is kept beside it
      const oneEach = {
        facilities: 1,
        kilns: 1,
        kiln_keys: 1,
        kiln_calibrations: 1,
        kilnlogs: 2,
        fleet_burns: 2,
        // and filed in the copy index under a bucket per copy-key lookup (three each)
        copy_key_buckets: 6,
        facility_changes: 5,
        facility_photos: 1,
        facility_audits: 1,
        audits: 1,
        audit_burns: 1,
        eco_assets: 1,
        eco_allocations: 1,
        eco_retirements: 1,
        // the log's entries of the acts above: two logs, the kiln key's approval and revocation, the calibration's approval, the signoff, the mint,
        // the retirement, and the lab key's registration and revocation
        transparency_entries: 10,
        // the signoff found by its manifest and by its package, the mint by its transaction id
        transparency_lookups: 3,
        // a laboratory of its own with one key (the batch calls are asked of records that do not exist: a batch is kept for good)
        labs: 1,
        lab_keys: 1,
      };
      // PostgreSQL keeps a log's analysis and an audit's claim in tables of their own
      const expected =
        server.ctx.data.kind === 'embedded' ? oneEach : { ...oneEach, kilnlog_analyses: 2, audit_claims: changed.audit_claims ?? 0 };
      expect(changed).toEqual(expected);
      const facility = result.leftBehind.find((l) => l.startsWith('facility '))!.slice('facility '.length);
      const stored = (await server.ctx.data.facilities.list()).find((f) => f.mnemonic === facility);
      expect(stored?.name).toMatch(/^contract-check-/);
      expect(result.leftBehind).toHaveLength(14);
    },
    RUN_TIMEOUT,
  );

  it(
    'tells a 200 to a write the role lacks the rule for from a kept contract',
    async () => {
      const result = await checkWrites('kilnadmin', {
        fetch: tamperedFetch('POST', '/api/admin/changes', async (res) =>
          res.status === 403 ? jsonAnswer({ id: 9, date: '2026-01-01', title: 't', body: '' }, 201) : res,
        ),
      });
      expect(failures(result)).toEqual(["POST /admin/changes: expected 403 (403 (the token lacks 'update statistics')), got 201"]);
    },
    RUN_TIMEOUT,
  );

  it(
    'names the field a create answers without, and still removes what it made',
    async () => {
      const before = await counts();
      const result = await checkWrites('useradmin', {
        fetch: tamperedFetch('POST', '/api/users', async (res) => {
          if (res.status !== 201) return res;
          const { role_name: _dropped, ...user } = (await res.json()) as Record<string, unknown>;
          return jsonAnswer({ ...user, role: 'uploader' }, 201);
        }),
      });
      const failed = failures(result);
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatch(/^POST \/users: body must have required property 'role_name'/);
      expect(failed[0]).toMatch(/body\/role must be integer/);
      const { user_changes: _history, ...rest } = grown(before, await counts());
      expect(rest).toEqual({});
    },
    RUN_TIMEOUT,
  );

  it(
    'runs as npm run contract -- --write: a line per call with the user, what it left, the count last',
    async () => {
      const lines = await runContractCli(baseUrl, 'superadmin', '--write');
      expect(lines).toContain('ok   POST /users superadmin → 201  (creates a user)');
      expect(
        lines.filter((l) =>
          /^skip POST \/facility\/add superadmin {2}\(a facility added leaves records behind: run with --lasting\)$/.test(l),
        ),
      ).toHaveLength(1);
      expect(lines).toContain('left behind: a new statistics snapshot');
      expect(lines.at(-1)).toMatch(/^\d+ passed, 0 failed, \d+ skipped$/);
    },
    RUN_TIMEOUT,
  );
});
