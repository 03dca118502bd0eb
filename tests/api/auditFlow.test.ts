import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditHistoryResponse,
  AuditLog,
  PotentialLogsResponse,
  ProposedAuditItem,
  ProposedAuditsResponse,
} from '../../src/domain/api/audits';
import type { FacilityChange } from '../../src/domain/api/configure';
import type { KilnLog } from '../../src/domain/api/kilnLogs';
import { jobIdTaken } from '../../src/domain/audits/identity';
import { WITHDRAW_BY_OTHERS } from '../../src/domain/audits/fourEyes';
import { loginAll, TINY_PDF, type DemoUsername } from '../helpers/configure';
import { bearer, binaryBody, startTestServer, type TestServer } from '../helpers/testServer';
import { createHash } from 'node:crypto';

/**
 * The audit flow over HTTP, on either store: a job id names one
 * audit (a reused one is a 400 on job_id), a pending proposal is withdrawn by
 * its proposer or a super-admin only (its burns free again, the withdrawal in
 * the facility's trail), and History carries each package's SHA-256.
 */

let server: TestServer;
let tokens: Record<DemoUsername, string>;

beforeAll(async () => {
  server = await startTestServer({ demoLogCount: 60 });
  tokens = await loginAll(server);
});
afterAll(() => server.close());

const as = (user: DemoUsername) => bearer(tokens[user]);
const http = () => server.http;

async function freeBurns(n: number): Promise<AuditLog[]> {
  const res = await http().get('/api/audit/potential_logs').query({ kiln_type: -1 }).set(as('kilnadmin'));
  const groups = new Map<number, AuditLog[]>();
  for (const log of (res.body as PotentialLogsResponse).data) groups.set(log.facility_id!, [...(groups.get(log.facility_id!) ?? []), log]);
  const group = [...groups.values()].find((g) => g.length >= n);
  if (!group) throw new Error(`no facility has ${n} free burns left`);
  return group.slice(0, n);
}

const propose = (ids: number[], jobId: string, user: DemoUsername = 'kilnadmin') =>
  http().post('/api/audit/propose').query({ job_id: jobId, kiln_type: -1 }).set(as(user)).send({ analysis_ids: ids });

const signoff = (auditId: number, ids: number[]) => {
  let req = http().post('/api/audit/signoff').set(as('superadmin')).field('proposed_audit_id', String(auditId));
  for (const id of ids) req = req.field('analysis_ids', String(id));
  return req.field('file_type', 'pdf').attach('file', TINY_PDF, 'statement.pdf');
};

const withdraw = (id: number | string, user: DemoUsername) => http().post(`/api/audit/${id}/withdraw`).set(as(user));

const openProposals = async (user: DemoUsername = 'superadmin') =>
  ((await http().get('/api/dropdowns/audits').set(as(user))).body as ProposedAuditsResponse).data;

describe('job ids', () => {
  it('refuses a job id a signed-off or a pending audit carries, with the reason on job_id, and claims nothing', async () => {
    const [a, b, c] = await freeBurns(3);
    const first = await propose([a.id], 'FLOW-SIGNED');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await signoff(first.body.id, [a.id])).status).toBe(200);
    expect((await propose([b.id], 'FLOW-OPEN')).status).toBe(201);
    for (const jobId of ['FLOW-SIGNED', ' flow-signed ', 'FLOW-OPEN', 'ｆｌｏｗ-open']) {
      const res = await propose([c.id], jobId);
      expect(res.status, jobId).toBe(400);
      expect(res.body).toMatchObject({ message: jobIdTaken(jobId), errors: { job_id: jobIdTaken(jobId) } });
    }
    const left = ((await http().get('/api/audit/potential_logs?kiln_type=-1').set(as('kilnadmin'))).body as PotentialLogsResponse).data;
    expect(left.map((l) => l.id)).toContain(c.id);
  });

  it('lets one of two proposals racing for one job id through and refuses the other on job_id', async () => {
    const [a, b] = await freeBurns(2);
    const answers = await Promise.all([propose([a.id], 'FLOW-RACE'), propose([b.id], 'flow-race')]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(answers.find((r) => r.status === 400)!.body.errors).toHaveProperty('job_id');
    expect((await openProposals()).filter((p) => p.job_id.toLowerCase() === 'flow-race')).toHaveLength(1);
  });
});

describe('withdrawing a proposal', () => {
  it('lets its proposer withdraw it: its burns return, its job id is free, the facility trail records it', async () => {
    const burns = await freeBurns(2);
    const ids = burns.map((b) => b.id);
    const made = await propose(ids, 'FLOW-W1');
    expect(made.status).toBe(201);
    const listed = (await openProposals('kilnadmin')).find((p) => p.id === made.body.id)!;
    expect(listed).toMatchObject({
      facility_id: burns[0].facility_id,
      facility_name: burns[0].facility_name,
      analysis_ids: ids,
      proposed_by_name: 'kilnadmin',
    });

    const res = await withdraw(made.body.id, 'kilnadmin');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body as ProposedAuditItem).toEqual(listed);
    expect((await openProposals()).map((p) => p.id)).not.toContain(made.body.id);
    const free = ((await http().get('/api/audit/potential_logs?kiln_type=-1').set(as('kilnadmin'))).body as PotentialLogsResponse).data;
    for (const id of ids) expect(free.map((l) => l.id)).toContain(id);

    const trail = (await http().get(`/api/facility/${burns[0].facility_id}/changes`).set(as('superadmin'))).body as FacilityChange[];
    expect(trail[0]).toMatchObject({
      action: 'withdraw_proposal',
      actor_username: 'kilnadmin',
      detail: { proposal: { id: made.body.id, job_id: 'FLOW-W1', analysis_ids: ids } },
    });
    // the job id and the burns can be proposed again
    expect((await propose(ids, 'FLOW-W1')).status).toBe(201);
  });

  it("marks a proposal's burns in the Kiln Logs list by its job id until it is withdrawn, and a signed-off audit's by the audit alone", async () => {
    const [held, signed] = await freeBurns(2);
    const listed = async (id: number) => {
      const res = await http()
        .get('/api/kilnlogs')
        .query({ filter: JSON.stringify({ id }) })
        .set(as('superadmin'));
      expect(res.status).toBe(200);
      return (res.body as KilnLog[])[0];
    };
    expect((await listed(held.id)).proposal_job_id).toBeNull();
    const made = await propose([held.id], 'FLOW-MARK');
    expect(await listed(held.id)).toMatchObject({ proposal_job_id: 'FLOW-MARK', audited: false, audit_job_id: null });
    expect((await withdraw(made.body.id, 'kilnadmin')).status).toBe(200);
    expect((await listed(held.id)).proposal_job_id).toBeNull();

    const audit = await propose([signed.id], 'FLOW-MARK-SIGNED');
    expect((await signoff(audit.body.id, [signed.id])).status).toBe(200);
    expect(await listed(signed.id)).toMatchObject({ proposal_job_id: null, audited: true, audit_job_id: 'FLOW-MARK-SIGNED' });
  });

  it('lets a super-admin withdraw another user’s proposal', async () => {
    const [burn] = await freeBurns(1);
    const made = await propose([burn.id], 'FLOW-W2', 'kilnadmin');
    expect((await withdraw(made.body.id, 'superadmin')).status).toBe(200);
    expect((await openProposals()).map((p) => p.id)).not.toContain(made.body.id);
  });

  it('refuses everyone else with a 403, and keeps the proposal', async () => {
    const [burn] = await freeBurns(1);
    const made = await propose([burn.id], 'FLOW-W3', 'superadmin');
    const other = await withdraw(made.body.id, 'kilnadmin');
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(WITHDRAW_BY_OTHERS);
    for (const user of ['uploader', 'useradmin', 'facilityadmin', 'broker'] as const)
      expect((await withdraw(made.body.id, user)).status, user).toBe(403);
    expect((await http().post(`/api/audit/${made.body.id}/withdraw`)).status).toBe(401);
    expect((await openProposals()).map((p) => p.id)).toContain(made.body.id);
  });

  it('answers 409 for a signed-off audit, 404 for none and 400 for a bad id', async () => {
    const [burn] = await freeBurns(1);
    const made = await propose([burn.id], 'FLOW-W4');
    expect((await signoff(made.body.id, [burn.id])).status).toBe(200);
    const signed = await withdraw(made.body.id, 'kilnadmin');
    expect(signed.status).toBe(409);
    expect(signed.body.message).toContain('already signed off');
    expect((await withdraw(999999, 'superadmin')).status).toBe(404);
    expect((await withdraw('x', 'superadmin')).status).toBe(400);
  });
});

describe('history', () => {
  it("gives each audit's package SHA-256, the digest of the package's very bytes", async () => {
    const [burn] = await freeBurns(1);
    const made = await propose([burn.id], 'FLOW-SHA');
    const signed = await signoff(made.body.id, [burn.id]);
    expect(signed.status).toBe(200);
    expect(signed.body.package_sha256).toMatch(/^[0-9a-f]{64}$/);
    const history = (await http().get('/api/audit/history').query({ facility_id: burn.facility_id }).set(as('kilnadmin')))
      .body as AuditHistoryResponse;
    const item = history.data.find((a) => a.id === made.body.id)!;
    const zip = await http().get(`/api/audit/${item.id}/package`).set(as('kilnadmin')).buffer(true).parse(binaryBody);
    expect(item.package_sha256).toBe(
      createHash('sha256')
        .update(zip.body as Buffer)
        .digest('hex'),
    );
    expect(item.package_sha256).toBe(signed.body.package_sha256);
  });
});
