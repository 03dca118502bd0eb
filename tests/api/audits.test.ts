import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALGORITHM_VERSION } from '../../mock-server/analysis';
import type {
  AuditableLogsResponse,
  AuditedLogsResponse,
  AuditHistoryItem,
  AuditHistoryResponse,
  AuditLog,
  CarbonSummaryResponse,
  PotentialLogsResponse,
  ProposedAuditsResponse,
  ProposeResult,
} from '../../src/domain/api/audits';
import { reanalyseOutdated } from '../../mock-server/kilnlogs/reanalyseOutdated';
import type { AvailableCo2Response } from '../../src/domain/api/ecoAssets';
import { loginAll, pngImage, TINY_PDF, type DemoUsername } from '../helpers/configure';
import { bearer, binaryBody, startTestServer, type TestServer } from '../helpers/testServer';
import { snapshot } from '../helpers/snapshot';
import { SIGNOFF_BY_PROPOSER } from '../../src/domain/audits/fourEyes';

/**
 * The audit calls of docs/product.md#calls over HTTP, on either store (records are reached
 * only through the API and the store interface): rules, facility scope,
 * every 400 and 409, the one-facility rule, the current-algorithm rule,
 * locked burns and frozen numbers.
 */

let server: TestServer;
let tokens: Record<DemoUsername, string>;
/** the facilities the demo facility admin owns, and one it does not */
let ownIds: number[];
let otherId: number;

const MAKERS: DemoUsername[] = ['superadmin', 'kilnadmin'];
const READERS: DemoUsername[] = ['superadmin', 'kilnadmin', 'facilityadmin', 'broker'];
const EVERYONE: DemoUsername[] = ['superadmin', 'uploader', 'useradmin', 'kilnadmin', 'facilityadmin', 'broker'];

beforeAll(async () => {
  // enough burns for the seeded audits and for every test here to propose its own
  server = await startTestServer({ demoLogCount: 80 });
  tokens = await loginAll(server);
  ownIds = await server.ctx.data.facilities.idsOwnedBy(5);
  otherId = (await server.ctx.data.facilities.list({})).map((f) => f.id).find((id) => !ownIds.includes(id))!;
});
afterAll(() => server.close());

const as = (user: DemoUsername) => bearer(tokens[user]);
const http = () => server.http;

const potential = async (kilnType = -1, user: DemoUsername = 'kilnadmin') => {
  const res = await http().get('/api/audit/potential_logs').query({ kiln_type: kilnType }).set(as(user));
  expect(res.status).toBe(200);
  return res.body as PotentialLogsResponse;
};

let jobs = 0;
// each proposal a job id of its own (job ids are unique across audits) unless told otherwise
const propose = (ids: number[], query: Record<string, string | number> = {}, user: DemoUsername = 'kilnadmin') =>
  http()
    .post('/api/audit/propose')
    .query({ job_id: `JOB-T-${++jobs}`, kiln_type: -1, ...query })
    .set(as(user))
    .send({ analysis_ids: ids });

// four eyes: the kiln file admin proposes (propose's default), the super-admin signs off
function signoff(
  auditId: number | string | null,
  ids: number[],
  file: { bytes: Buffer; name: string; type: string } | null = { bytes: TINY_PDF, name: 'statement.pdf', type: 'pdf' },
  user: DemoUsername = 'superadmin',
) {
  let req = http().post('/api/audit/signoff').set(as(user));
  if (auditId !== null) req = req.field('proposed_audit_id', String(auditId));
  for (const id of ids) req = req.field('analysis_ids', String(id));
  if (file) req = req.field('file_type', file.type).attach('file', file.bytes, file.name);
  return req;
}

/** Free burns of the current algorithm, grouped by facility, largest group first. */
async function freeByFacility(): Promise<AuditLog[][]> {
  const groups = new Map<number, AuditLog[]>();
  for (const log of (await potential()).data) groups.set(log.facility_id!, [...(groups.get(log.facility_id!) ?? []), log]);
  return [...groups.values()].sort((a, b) => b.length - a.length);
}

/** n free burns of one facility (of the facility admin's own when `own`; of one kiln type when `oneType`). */
async function freeBurns(n: number, { own = false, oneType = false }: { own?: boolean; oneType?: boolean } = {}): Promise<AuditLog[]> {
  const groups = (await freeByFacility()).flatMap((g) => (oneType ? [0, 1, 2].map((t) => g.filter((l) => l.type === t)) : [g]));
  const group = groups.find((g) => g.length >= n && (!own || ownIds.includes(g[0].facility_id!)));
  if (!group) throw new Error(`no facility has ${n} free burns left`);
  return group.slice(0, n);
}

async function proposed(ids: number[]): Promise<ProposeResult> {
  const res = await propose(ids);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ProposeResult;
}

async function signedOff(ids: number[], file?: { bytes: Buffer; name: string; type: string }): Promise<AuditHistoryItem> {
  const audit = await proposed(ids);
  const res = await signoff(audit.id, ids, file);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AuditHistoryItem;
}

const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);

describe('rules', () => {
  const calls: Record<string, (user: DemoUsername | null) => Promise<Response>> = {
    'GET /audit/potential_logs': (u) => withUser(http().get('/api/audit/potential_logs?kiln_type=0'), u),
    'POST /audit/propose': (u) => withUser(http().post('/api/audit/propose?job_id=J&kiln_type=0'), u).send({ analysis_ids: [999999] }),
    'POST /audit/signoff': (u) => withUser(http().post('/api/audit/signoff'), u).field('proposed_audit_id', '999999'),
    'GET /dropdowns/audits': (u) => withUser(http().get('/api/dropdowns/audits'), u),
    'GET /audit/auditable_logs': (u) => withUser(http().get('/api/audit/auditable_logs?audit=999999'), u),
    'GET /audit/history': (u) => withUser(http().get('/api/audit/history?facility_id=999999'), u),
    'GET /audit/audited_logs': (u) => withUser(http().get('/api/audit/audited_logs?audit_id=999999'), u),
    'GET /audit/evidence/{doc_key}': (u) => withUser(http().get('/api/audit/evidence/00000000-0000-4000-8000-000000000000.pdf'), u),
    'GET /co2/summary': (u) => withUser(http().get('/api/co2/summary'), u),
  };
  const MAKING = new Set(['GET /audit/potential_logs', 'POST /audit/propose', 'POST /audit/signoff']);
  function withUser<T extends { set(h: Record<string, string>): T }>(req: T, user: DemoUsername | null): T {
    return user ? req.set(as(user)) : req;
  }

  it.each(Object.keys(calls))('%s: 401 without a token, 403 without the rule, past the guard with it', async (name) => {
    expect((await calls[name](null)).status).toBe(401);
    const allowed = MAKING.has(name) ? MAKERS : READERS;
    for (const user of EVERYONE) {
      const res = await calls[name](user);
      if (allowed.includes(user)) expect([200, 400, 404, 409], `${user}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      else expect(res.status, user).toBe(403);
    }
  });
});

describe('potential logs', () => {
  it('lists valid, live burns in no proposal or audit, by kiln type, with their data sample', async () => {
    const all = await potential(-1);
    expect(all.algorithm_version).toBe(ALGORITHM_VERSION);
    expect(all.data.length).toBeGreaterThan(4);
    const claimed = new Set<number>();
    for (const p of (await http().get('/api/dropdowns/audits').set(as('kilnadmin'))).body.data as { id: number }[]) {
      const logs = (await http().get(`/api/audit/auditable_logs?audit=${p.id}`).set(as('kilnadmin'))).body as AuditableLogsResponse;
      for (const l of logs.data.logs) claimed.add(l.id);
    }
    for (const log of all.data) {
      expect(log).toMatchObject({ valid: true, error_message: null, audited: false, audit_id: null, archived_ts: null });
      expect(claimed.has(log.id)).toBe(false);
      expect(Array.isArray(log.data_sample)).toBe(true);
      expect(log.data_sample.length).toBeGreaterThan(0);
      expect(log.chart_data).toBeUndefined();
    }
    for (const type of [0, 1, 2]) {
      const ofType = await potential(type);
      expect(ofType.data.map((l) => l.id)).toEqual(all.data.filter((l) => l.type === type).map((l) => l.id));
    }
  });

  it('answers burns of an older algorithm apart, as needing re-analysis, and propose refuses them with 409', async () => {
    const [burn, other] = await freeBurns(2);
    const analysis = JSON.parse(burn.analysis!) as Record<string, unknown>;
    await server.ctx.data.kilnLogs.update(burn.id, { analysis: JSON.stringify({ ...analysis, algorithm_version: '1.0.0' }) });
    const after = await potential();
    expect(after.data.map((l) => l.id)).not.toContain(burn.id);
    expect(after.needs_reanalysis.map((l) => l.id)).toContain(burn.id);
    const refused = await propose([other.id, burn.id]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(
      `log ${burn.id} was analysed by algorithm 1.0.0: analyse it again with ${ALGORITHM_VERSION} first`,
    );
    // analysed again, it is proposable
    const again = await http().post(`/api/kilnlogs/${burn.id}/analyse`).set(as('kilnadmin'));
    expect(again.status).toBe(200);
    expect((await potential()).data.map((l) => l.id)).toContain(burn.id);
  });

  it('keeps one facility’s burns with facility_id (Propose Audit’s facility picker); no such facility is a 404, a bad id a 400', async () => {
    const all = await potential(-1);
    const facilityIds = [...new Set(all.data.map((l) => l.facility_id!))];
    expect(facilityIds.length).toBeGreaterThan(1);
    for (const facilityId of facilityIds) {
      const res = await http().get('/api/audit/potential_logs').query({ kiln_type: -1, facility_id: facilityId }).set(as('kilnadmin'));
      expect(res.status).toBe(200);
      const body = res.body as PotentialLogsResponse;
      expect(body.data.map((l) => l.id)).toEqual(all.data.filter((l) => l.facility_id === facilityId).map((l) => l.id));
    }
    const none = await http().get('/api/audit/potential_logs').query({ kiln_type: -1, facility_id: 999999 }).set(as('kilnadmin'));
    expect(none.status).toBe(404);
    for (const bad of ['0', 'x', '-2']) {
      const res = await http().get('/api/audit/potential_logs').query({ kiln_type: -1, facility_id: bad }).set(as('kilnadmin'));
      expect(res.status, bad).toBe(400);
      expect(res.body.errors).toHaveProperty('facility_id');
    }
  });

  it('is a 400 for a kiln type outside -1..2 or none', async () => {
    for (const q of ['?kiln_type=3', '?kiln_type=x', '']) {
      const res = await http().get(`/api/audit/potential_logs${q}`).set(as('kilnadmin'));
      expect(res.status, q).toBe(400);
    }
  });
});

describe('propose', () => {
  it('creates a proposal of one facility: 201, in the dropdown, gone from the potential logs', async () => {
    const burns = await freeBurns(2, { oneType: true });
    const res = await propose(
      burns.map((b) => b.id),
      { job_id: '  JOB-42  ', kiln_type: burns[0].type! },
    );
    expect(res.status).toBe(201);
    const audit = res.body as ProposeResult;
    expect(audit).toMatchObject({
      job_id: 'JOB-42',
      kiln_type: burns[0].type,
      facility_id: burns[0].facility_id,
      analysis_ids: burns.map((b) => b.id),
      proposed_by: (await server.ctx.data.users.findByUsername('kilnadmin'))!.id,
    });
    const dropdown = (await http().get('/api/dropdowns/audits').set(as('kilnadmin'))).body as ProposedAuditsResponse;
    expect(dropdown.data[0]).toEqual({
      id: audit.id,
      create_ts: audit.create_ts,
      kiln_type: audit.kiln_type,
      job_id: 'JOB-42',
      proposed_by: audit.proposed_by,
      proposed_by_name: 'kilnadmin',
      facility_id: audit.facility_id,
      facility_name: burns[0].facility_name,
      analysis_ids: audit.analysis_ids,
      methodology: 'spec-factor',
      methodology_version: 1,
    });
    const left = (await potential()).data.map((l) => l.id);
    for (const b of burns) expect(left).not.toContain(b.id);
  });

  it('answers the spec texts for an empty job id and for no burn', async () => {
    const [burn] = await freeBurns(1);
    for (const jobId of ['', '   ']) {
      const res = await propose([burn.id], { job_id: jobId });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Please provide a valid job identifier.',
        errors: { job_id: 'Please provide a valid job identifier.' },
      });
    }
    const none = await propose([]);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select at least one log to propose an audit.');
  });

  it('refuses burns of two facilities with a 400 naming both, and proposes nothing', async () => {
    const [a, b] = await freeByFacility();
    const before = (await http().get('/api/dropdowns/audits').set(as('kilnadmin'))).body.data.length;
    const res = await propose([a[0].id, b[0].id]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^An audit covers one facility only: the selected logs belong to /);
    expect(res.body.message).toContain(a[0].facility_name);
    expect(res.body.message).toContain(b[0].facility_name);
    expect((await http().get('/api/dropdowns/audits').set(as('kilnadmin'))).body.data.length).toBe(before);
  });

  it('is a 409 for a burn in another open proposal, an audited, invalid or unknown one, or of another kiln type', async () => {
    const [held, free, audited, invalid] = await freeBurns(4);
    await proposed([held.id]);
    await signedOff([audited.id]);
    // an invalid burn of the same facility (a verdict the analysis could have given)
    await server.ctx.data.kilnLogs.update(invalid.id, { valid: false });
    const cases: [number[], Record<string, number>, string][] = [
      [[free.id, held.id], {}, `log ${held.id} is in another open proposal`],
      [[free.id, audited.id], {}, `log ${audited.id} is already audited`],
      [[free.id, invalid.id], {}, `log ${invalid.id} is not a valid burn`],
      [[free.id, 99999999], {}, 'log 99999999 does not exist'],
      [[free.id], { kiln_type: (free.type! + 1) % 3 }, `log ${free.id} is not of kiln type ${(free.type! + 1) % 3}`],
    ];
    for (const [ids, query, text] of cases) {
      const res = await propose(ids, query);
      expect(res.status, text).toBe(409);
      expect(res.body.message).toContain(text);
    }
    // none of the refusals claimed the free burn
    expect((await potential()).data.map((l) => l.id)).toContain(free.id);
  });

  it('is a 400 for a body without analysis_ids, ids that are not positive integers, or a burn named twice', async () => {
    const [burn] = await freeBurns(1);
    for (const body of [{}, { analysis_ids: ['x'] }, { analysis_ids: [0] }, { analysis_ids: [burn.id, burn.id] }]) {
      const res = await http().post('/api/audit/propose?job_id=J&kiln_type=-1').set(as('kilnadmin')).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('review, signoff and the locks it puts on burns', () => {
  let audit: ProposeResult;
  let burns: AuditLog[];
  let item: AuditHistoryItem;

  beforeAll(async () => {
    burns = await freeBurns(3);
    audit = await proposed(burns.map((b) => b.id));
  });

  it("answers the proposal's burns with charts and its summary per facility", async () => {
    const res = await http().get(`/api/audit/auditable_logs?audit=${audit.id}`).set(as('broker'));
    expect(res.status).toBe(200);
    const { logs, co2_summary } = (res.body as AuditableLogsResponse).data;
    expect(logs.map((l) => l.id).sort()).toEqual(burns.map((b) => b.id).sort());
    for (const log of logs) expect(log.chart_data!.length).toBeGreaterThan(0);
    expect(co2_summary).toHaveLength(1);
    expect(co2_summary[0].name).toBe(burns[0].facility_name);
    expect(co2_summary[0].count).toBe(3);
    expect(co2_summary[0].co2).toBeCloseTo(sum(burns.map((b) => b.analysis_detail!.co2_removed)), 9);
    expect(co2_summary[0].biochar).toBeCloseTo(sum(burns.map((b) => b.analysis_detail!.biochar_produced)), 9);
    expect((await http().get('/api/audit/auditable_logs?audit=99999999').set(as('kilnadmin'))).status).toBe(404);
  });

  it('refuses a signoff with a missing or bad field (400 naming it), of an unknown proposal (404) or of a burn not in it (409)', async () => {
    const ids = burns.map((b) => b.id);
    const text = { bytes: Buffer.from('just some text, not a statement'), name: 'statement.pdf', type: 'pdf' };
    const cases: [Promise<Response>, number, string][] = [
      [signoff(null, ids), 400, 'proposed_audit_id'],
      [signoff('abc', ids), 400, 'proposed_audit_id'],
      [signoff(audit.id, []), 400, 'analysis_ids'],
      [signoff(audit.id, ids, null), 400, 'file'],
      [signoff(audit.id, ids, { bytes: TINY_PDF, name: 's.pdf', type: 'docx' }), 400, 'file_type'],
      [signoff(audit.id, ids, { bytes: pngImage(20, 20), name: 's.pdf', type: 'pdf' }), 400, 'file_type'],
      [signoff(audit.id, ids, text), 400, 'file'],
      [signoff(99999999, ids), 404, ''],
      // more text fields than a photo upload takes: each burn is one
      [signoff(audit.id, [...ids, ...Array.from({ length: 20 }, (_, i) => 99999900 + i)]), 409, ''],
      [
        signoff(
          audit.id,
          Array.from({ length: 1001 }, (_, i) => i + 1),
        ),
        400,
        'analysis_ids',
      ],
    ];
    for (const [req, status, field] of cases) {
      const res = await req;
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(status);
      if (field) expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    expect(
      ((await http().get('/api/dropdowns/audits').set(as('kilnadmin'))).body as ProposedAuditsResponse).data.map((a) => a.id),
    ).toContain(audit.id);
  });

  it('refuses the signoff of whoever proposed it (403, four eyes), storing nothing; the proposal says who proposed it', async () => {
    const kilnadmin = (await server.ctx.data.users.findByUsername('kilnadmin'))!;
    const open = ((await http().get('/api/dropdowns/audits').set(as('kilnadmin'))).body as ProposedAuditsResponse).data.find(
      (a) => a.id === audit.id,
    );
    expect(open?.proposed_by).toBe(kilnadmin.id);
    const before = await snapshot(server);
    const res = await signoff(
      audit.id,
      burns.map((b) => b.id),
      undefined,
      'kilnadmin',
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SIGNOFF_BY_PROPOSER);
    expect(await snapshot(server)).toEqual(before);
    expect((await server.ctx.data.audits.get(audit.id))?.signoff_ts).toBeNull();
  });

  it('signs off a subset with a PDF: the history item, the evidence, the released burn', async () => {
    const signed = burns.slice(0, 2).map((b) => b.id);
    const res = await signoff(audit.id, signed);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    item = res.body as AuditHistoryItem;
    expect(await server.ctx.data.audits.get(audit.id)).toMatchObject({
      proposed_by: (await server.ctx.data.users.findByUsername('kilnadmin'))!.id,
      signed_off_by: (await server.ctx.data.users.findByUsername('superadmin'))!.id,
    });
    expect(item).toMatchObject({
      id: audit.id,
      job_id: audit.job_id,
      facility_id: burns[0].facility_id,
      evidence_mime_type: 'application/pdf',
      algorithm_versions: [ALGORITHM_VERSION],
      log_count: 2,
      proposed_by_name: 'kilnadmin',
      signed_off_by_name: 'superadmin',
    });
    expect(item.audited_co2).toBeCloseTo(sum(burns.slice(0, 2).map((b) => b.analysis_detail!.co2_removed)), 9);
    expect(item.audited_biochar).toBeCloseTo(sum(burns.slice(0, 2).map((b) => b.analysis_detail!.biochar_produced)), 9);
    // the statement comes back byte for byte, typed as detected
    const evidence = await http().get(`/api/audit/evidence/${item.docKey}`).set(as('broker')).buffer(true).parse(binaryBody);
    expect(evidence.status).toBe(200);
    expect(evidence.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(evidence.body as Buffer, TINY_PDF)).toBe(0);
    // the burn left out is free again; the proposal is no longer open
    expect((await potential()).data.map((l) => l.id)).toContain(burns[2].id);
    expect(
      ((await http().get('/api/dropdowns/audits').set(as('kilnadmin'))).body as ProposedAuditsResponse).data.map((a) => a.id),
    ).not.toContain(audit.id);
  });

  it('refuses a second signoff with 409 and keeps the first', async () => {
    const res = await signoff(
      audit.id,
      burns.slice(0, 2).map((b) => b.id),
      { bytes: pngImage(30, 30), name: 's.png', type: 'png' },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Audit ${audit.id} is already signed off.`);
    const history = (await http().get(`/api/audit/history?facility_id=${item.facility_id}`).set(as('kilnadmin')))
      .body as AuditHistoryResponse;
    expect(history.data.find((h) => h.id === audit.id)).toEqual(item);
    expect((await http().get(`/api/audit/auditable_logs?audit=${audit.id}`).set(as('kilnadmin'))).status).toBe(409);
  });

  it('locks the audited burns: re-analysis and archival are 409, and they cannot be proposed again', async () => {
    for (const b of burns.slice(0, 2)) {
      for (const action of ['analyse', 'archive']) {
        const res = await http().post(`/api/kilnlogs/${b.id}/${action}`).set(as('kilnadmin'));
        expect(res.status, action).toBe(409);
        expect(res.body.message).toMatch(/audited burn/);
      }
      const again = await propose([b.id]);
      expect(again.status).toBe(409);
      expect(again.body.message).toContain(`log ${b.id} is already audited`);
    }
  });

  it('answers the audited logs with the numbers frozen at signoff; 404 for a proposal', async () => {
    const res = await http().get(`/api/audit/audited_logs?audit_id=${audit.id}`).set(as('broker'));
    expect(res.status).toBe(200);
    const body = res.body as AuditedLogsResponse;
    expect(body.data.map((l) => l.id).sort()).toEqual(
      burns
        .slice(0, 2)
        .map((b) => b.id)
        .sort(),
    );
    expect(body.burns.map((b) => b.analysis_id)).toEqual(body.data.map((l) => l.id));
    for (const [i, b] of body.burns.entries()) {
      expect(b.co2_removed).toBe(body.data[i].analysis_detail!.co2_removed);
      expect(b.algorithm_version).toBe(ALGORITHM_VERSION);
    }
    const open = await proposed([(await freeBurns(1))[0].id]);
    expect((await http().get(`/api/audit/audited_logs?audit_id=${open.id}`).set(as('kilnadmin'))).status).toBe(404);
  });

  it("never changes an audit's numbers when its burns' results change or the start-up upgrade runs", async () => {
    const [first] = burns;
    // a result from an older algorithm on an audited burn (as after an upgrade): the upgrade leaves it, the audit keeps its numbers
    const analysis = JSON.parse(first.analysis!) as Record<string, unknown>;
    await server.ctx.data.kilnLogs.update(first.id, {
      analysis: JSON.stringify({ ...analysis, algorithm_version: '0.1.0' }),
      analysis_detail: { co2_removed: 1, biochar_produced: 1 },
    });
    const summary = await reanalyseOutdated(server.ctx, () => {});
    expect(summary.failed).toBe(0);
    expect(JSON.parse((await server.ctx.data.kilnLogs.get(first.id))!.analysis!).algorithm_version).toBe('0.1.0');
    const history = (await http().get(`/api/audit/history?facility_id=${item.facility_id}`).set(as('kilnadmin')))
      .body as AuditHistoryResponse;
    expect(history.data.find((h) => h.id === audit.id)).toEqual(item);
    const audited = (await http().get(`/api/audit/audited_logs?audit_id=${audit.id}`).set(as('kilnadmin'))).body as AuditedLogsResponse;
    expect(audited.burns.find((b) => b.analysis_id === first.id)).toEqual({
      analysis_id: first.id,
      co2_removed: first.analysis_detail!.co2_removed,
      biochar_produced: first.analysis_detail!.biochar_produced,
      algorithm_version: ALGORITHM_VERSION,
    });
  });
});

describe('burns in an open proposal', () => {
  it('are still re-analysed (the review sees the new numbers); an archived one is refused at signoff by name, the rest sign off', async () => {
    const [kept, archived] = await freeBurns(2);
    const audit = await proposed([kept.id, archived.id]);
    expect((await http().post(`/api/kilnlogs/${kept.id}/analyse`).set(as('kilnadmin'))).status).toBe(200);
    expect((await http().post(`/api/kilnlogs/${archived.id}/archive`).set(as('kilnadmin'))).status).toBe(200);
    const refused = await signoff(audit.id, [kept.id, archived.id]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`The burns cannot be signed off: log ${archived.id} is archived.`);
    const res = await signoff(audit.id, [kept.id], { bytes: pngImage(40, 30), name: 'scan.png', type: 'png' });
    expect(res.status).toBe(200);
    expect((res.body as AuditHistoryItem).evidence_mime_type).toBe('image/png');
  });

  it('let exactly one of 50 racing proposals of one burn win; the other 49 are clear 409s', async () => {
    const [burn] = await freeBurns(1);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => propose([burn.id], { job_id: `RACE-${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(49);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(`The burns cannot be proposed: log ${burn.id} is in another open proposal.`);
    }
    const open = ((await http().get('/api/dropdowns/audits').set(as('kilnadmin'))).body as ProposedAuditsResponse).data.filter((a) =>
      a.job_id.startsWith('RACE-'),
    );
    expect(open).toHaveLength(1);
  });
});

describe('racing signoffs', () => {
  it("sign a proposal off once: one 200, the rest 409, and only the winner's statement is kept", async () => {
    const evidenceKeys = async () => {
      const keys: string[] = [];
      for await (const blob of server.ctx.blobs.list('audit-evidence/')) keys.push(blob.key);
      return keys;
    };
    const before = await evidenceKeys();
    const [burn] = await freeBurns(1);
    const audit = await proposed([burn.id]);
    const results = await Promise.all(Array.from({ length: 8 }, () => signoff(audit.id, [burn.id])));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(`Audit ${audit.id} is already signed off.`);
    }
    const after = await evidenceKeys();
    expect(after.filter((k) => !before.includes(k))).toEqual([`audit-evidence/${(won[0].body as AuditHistoryItem).docKey}`]);
  });
});

describe('history, evidence and the carbon summary', () => {
  it("answers a facility's signed-off audits newest first, bounded by from and to", async () => {
    const burns = await freeBurns(1);
    const item = await signedOff(burns.map((b) => b.id));
    const facility = item.facility_id;
    const all = ((await http().get(`/api/audit/history?facility_id=${facility}`).set(as('broker'))).body as AuditHistoryResponse).data;
    expect(all[0]).toEqual(item);
    // who proposed and who signed off, by name (UX review m14)
    expect(all[0]).toMatchObject({ proposed_by_name: 'kilnadmin', signed_off_by_name: 'superadmin' });
    const stamps = all.map((h) => h.signoff_ts);
    expect(stamps).toEqual([...stamps].sort().reverse());
    const day = item.signoff_ts.slice(0, 10);
    const within = (await http().get(`/api/audit/history?facility_id=${facility}&from=${day}&to=${day}`).set(as('kilnadmin')))
      .body as AuditHistoryResponse;
    expect(within.data.map((h) => h.id)).toContain(item.id);
    expect(within.data.every((h) => h.signoff_ts.startsWith(day))).toBe(true);
    const later = new Date(Date.parse(item.signoff_ts) + 1).toISOString();
    const after = await http().get('/api/audit/history').query({ facility_id: facility, from: later }).set(as('kilnadmin'));
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect((after.body as AuditHistoryResponse).data.map((h) => h.id)).not.toContain(item.id);
  });

  it('is a 400 for a missing facility or a date that is not one, and from after to', async () => {
    for (const q of [
      '',
      'facility_id=x',
      `facility_id=${otherId}&from=yesterday`,
      `facility_id=${otherId}&to=2026-02-30`,
      `facility_id=${otherId}&from=2026-03-02&to=2026-03-01`,
    ]) {
      const res = await http().get(`/api/audit/history?${q}`).set(as('kilnadmin'));
      expect(res.status, q).toBe(400);
    }
    expect((await http().get('/api/audit/history?facility_id=99999999').set(as('kilnadmin'))).status).toBe(404);
  });

  it('serves evidence by its key only: an unknown key, a path or a malformed key are 404', async () => {
    const seeded = ((await http().get(`/api/audit/history?facility_id=${otherId}`).set(as('kilnadmin'))).body as AuditHistoryResponse).data;
    const keys = [
      '00000000-0000-4000-8000-000000000000.pdf',
      '..%2F..%2Fdb.json',
      '..%2Fkilnlogs',
      'db.json',
      `${seeded[0]?.docKey ?? 'x'}%00`,
      'a'.repeat(200),
    ];
    for (const key of keys) {
      const res = await http().get(`/api/audit/evidence/${key}`).set(as('superadmin'));
      expect(res.status, key).toBe(404);
    }
  });

  it('sums the carbon summary per facility and month from the audits, with utilised CO2', async () => {
    const res = await http().get('/api/co2/summary').set(as('broker'));
    expect(res.status).toBe(200);
    const body = res.body as CarbonSummaryResponse;
    expect(body.status).toBe(1);
    expect(body.data.facilities.length).toBeGreaterThan(0);
    // utilised CO2 is what eco assets were given of each audit (the seed mints a few)
    const available = (await http().get('/api/eco-asset/available_co2').set(as('broker'))).body as AvailableCo2Response;
    const utilisedOf = new Map(
      Object.values(available.audits_by_facility).flatMap((f) => f.audits.map((a) => [a.signoff_id, a.utilised_co2] as const)),
    );
    expect(sum(body.data.facilities.flatMap((f) => f.data.map((m) => m.utilised_co2)))).toBeGreaterThan(0);
    for (const facility of body.data.facilities) {
      const history = ((await http().get(`/api/audit/history?facility_id=${facility.id}`).set(as('broker'))).body as AuditHistoryResponse)
        .data;
      expect(sum(facility.data.map((m) => m.audited_co2))).toBeCloseTo(sum(history.map((h) => h.audited_co2)), 6);
      expect(sum(facility.data.map((m) => m.audited_biochar))).toBeCloseTo(sum(history.map((h) => h.audited_biochar)), 6);
      for (const m of facility.data) {
        const ofMonth = history.filter((h) => Number(h.signoff_ts.slice(0, 4)) === m.year && Number(h.signoff_ts.slice(5, 7)) === m.month);
        expect(m.audited_co2).toBeCloseTo(sum(ofMonth.map((h) => h.audited_co2)), 6);
        expect(m.utilised_co2).toBeCloseTo(sum(ofMonth.map((h) => utilisedOf.get(h.id) ?? 0)), 6);
      }
    }
  });

  it("the seed's audits carry real statements: PDFs by their magic bytes (tests/api/seedEvidence.test.ts reads them)", async () => {
    const facilities = (await server.ctx.data.facilities.list({})).map((f) => f.id);
    const items = (
      await Promise.all(
        facilities.map(
          async (id) => ((await http().get(`/api/audit/history?facility_id=${id}`).set(as('kilnadmin'))).body as AuditHistoryResponse).data,
        ),
      )
    ).flat();
    const seeded = items.filter((h) => h.job_id.startsWith('AUD-'));
    expect(new Set(seeded.map((h) => h.evidence_mime_type))).toEqual(new Set(['application/pdf']));
    for (const h of seeded) {
      const res = await http().get(`/api/audit/evidence/${h.docKey}`).set(as('kilnadmin')).buffer(true).parse(binaryBody);
      expect(res.status).toBe(200);
      const magic = (res.body as Buffer).subarray(0, 4).toString('latin1');
      expect(magic).toBe(h.evidence_mime_type === 'application/pdf' ? '%PDF' : '\x89PNG');
    }
  });
});

describe("a facility admin sees only its own facilities' audits", () => {
  let own: AuditHistoryItem;
  let other: AuditHistoryItem;
  let otherOpen: ProposeResult;

  beforeAll(async () => {
    own = await signedOff([(await freeBurns(1, { own: true }))[0].id]);
    const groups = await freeByFacility();
    const others = groups.find((g) => !ownIds.includes(g[0].facility_id!) && g.length >= 2)!;
    other = await signedOff([others[0].id]);
    otherOpen = await proposed([others[1].id]);
  });

  it('in the dropdown, the history, the logs, the evidence and the summary', async () => {
    const fa = as('facilityadmin');
    const dropdown = ((await http().get('/api/dropdowns/audits').set(fa)).body as ProposedAuditsResponse).data.map((a) => a.id);
    expect(dropdown).not.toContain(otherOpen.id);
    expect(((await http().get('/api/dropdowns/audits').set(as('broker'))).body as ProposedAuditsResponse).data.map((a) => a.id)).toContain(
      otherOpen.id,
    );
    expect((await http().get(`/api/audit/auditable_logs?audit=${otherOpen.id}`).set(fa)).status).toBe(404);
    expect((await http().get(`/api/audit/history?facility_id=${other.facility_id}`).set(fa)).status).toBe(404);
    expect(
      ((await http().get(`/api/audit/history?facility_id=${own.facility_id}`).set(fa)).body as AuditHistoryResponse).data.map((h) => h.id),
    ).toContain(own.id);
    expect((await http().get(`/api/audit/audited_logs?audit_id=${other.id}`).set(fa)).status).toBe(404);
    expect((await http().get(`/api/audit/audited_logs?audit_id=${own.id}`).set(fa)).status).toBe(200);
    expect((await http().get(`/api/audit/evidence/${other.docKey}`).set(fa)).status).toBe(404);
    expect((await http().get(`/api/audit/evidence/${own.docKey}`).set(fa)).status).toBe(200);
    const summary = ((await http().get('/api/co2/summary').set(fa)).body as CarbonSummaryResponse).data.facilities.map((f) => f.id);
    expect(summary).toContain(own.facility_id);
    expect(summary.every((id) => ownIds.includes(id))).toBe(true);
  });
});
