import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PotentialLogsResponse, ProposeResult } from '../../src/domain/api/audits';
import { loginAll, signOffWithTinyPdf, type DemoUsername } from '../helpers/configure';
import { bearer, startTestServer, type TestServer } from '../helpers/testServer';

/**
 * Archive and re-analysis raced against the signoff of the same burn (security review 2026-11-25, M4):
 * whichever lands first, no audited burn ends archived and every audited burn keeps the CO2 frozen at
 * its signoff. On PostgreSQL the race is made certain: the signoff is held inside its transaction, after
 * it has locked the burn, while the archive or analysis arrives, and let go only once both wait.
 */

let server: TestServer;
let tokens: Record<DemoUsername, string>;
const onPostgres = process.env.KILN_TEST_STORE === 'postgres';

beforeAll(async () => {
  server = await startTestServer({ demoLogCount: 80 });
  tokens = await loginAll(server);
});
afterAll(() => server.close());

const kilnadmin = () => bearer(tokens.kilnadmin);

/** One free burn of the current algorithm, proposed on its own. */
async function proposedBurn(): Promise<{ auditId: number; logId: number; facilityId: number }> {
  const free = (await server.http.get('/api/audit/potential_logs').query({ kiln_type: -1 }).set(kilnadmin())).body as PotentialLogsResponse;
  const log = free.data[0];
  if (!log) throw new Error('no free burn left');
  const res = await server.http
    .post('/api/audit/propose')
    .query({ job_id: `RACE-${log.id}`, kiln_type: -1 })
    .set(kilnadmin())
    .send({ analysis_ids: [log.id] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { auditId: (res.body as ProposeResult).id, logId: log.id, facilityId: log.facility_id! };
}

// a second person: who proposed may not sign off
const signoff = (auditId: number, logId: number) => signOffWithTinyPdf(server, tokens.superadmin, auditId, [logId]).then((r) => r);

const change = (logId: number, action: 'archive' | 'analyse') =>
  server.http
    .post(`/api/kilnlogs/${logId}/${action}`)
    .set(kilnadmin())
    .then((r) => r);

/** A facility's carbon removal factor raised, so a re-analysis after the signoff would change the burn's CO2. */
async function raiseFactor(facilityId: number): Promise<void> {
  const facility = (await server.ctx.data.facilities.get(facilityId))!;
  const config = JSON.parse(facility.kiln_type_config || '{}') as { cgo1?: { wicf?: number; carbonRemovalFactor?: number } };
  const factor = (config.cgo1?.carbonRemovalFactor ?? 2.4) + 1;
  await server.ctx.data.facilities.update(facilityId, {
    kiln_type_config: JSON.stringify({ ...config, cgo1: { ...config.cgo1, carbonRemovalFactor: factor } }),
  });
}

/** The invariant: an audited burn is live and its CO2 is the frozen value. */
async function expectIntact(auditId: number, logId: number): Promise<void> {
  const row = (await server.ctx.data.kilnLogs.get(logId))!;
  const frozen = (await server.ctx.data.audits.burns(auditId)).find((b) => b.kilnlog_id === logId);
  if (!row.audited) return;
  expect(row.archived_ts, `log ${logId} is audited and archived`).toBeNull();
  expect(row.analysis_detail?.co2_removed ?? 0, `log ${logId}'s CO2 left its frozen value`).toBe(frozen?.co2_removed);
}

/** Waits until `n` sessions other than `holder` wait on a lock. */
async function lockWaiters(holder: pg.Client, n: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await holder.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
    );
    if (rows[0].n >= n) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0].n} of ${n} requests came to wait on a lock`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The signoff held inside its transaction after it has locked the burn: a second connection holds a lock
 * its insert into audit_burns needs. The archive or analysis is sent then, and the lock goes once it waits too.
 */
async function raceAgainstHeldSignoff(auditId: number, logId: number, action: 'archive' | 'analyse') {
  const holder = new pg.Client({ connectionString: server.ctx.config.storage.databaseUrl! });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('lock table audit_burns in share row exclusive mode');
    const signing = signoff(auditId, logId);
    await lockWaiters(holder, 1);
    const changing = change(logId, action);
    await lockWaiters(holder, 2);
    await holder.query('commit');
    return await Promise.all([signing, changing]);
  } finally {
    await holder.end();
  }
}

describe.each(['archive', 'analyse'] as const)('%s raced against the signoff of the same burn', (action) => {
  it('both sent at once, several times: no audited burn is archived or changed', async () => {
    for (let round = 0; round < 4; round++) {
      const { auditId, logId, facilityId } = await proposedBurn();
      if (action === 'analyse') await raiseFactor(facilityId);
      const [signed, changed] = await Promise.all([signoff(auditId, logId), change(logId, action)]);
      expect([200, 409]).toContain(signed.status);
      expect([200, 409]).toContain(changed.status);
      await expectIntact(auditId, logId);
    }
  });

  it.runIf(onPostgres)(`a ${action} arriving while the signoff holds the burn waits for it and is refused with 409`, async () => {
    const { auditId, logId, facilityId } = await proposedBurn();
    if (action === 'analyse') await raiseFactor(facilityId);
    const [signed, changed] = await raceAgainstHeldSignoff(auditId, logId, action);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(changed.status, JSON.stringify(changed.body)).toBe(409);
    expect(changed.body.message).toBe(
      `Log ${logId} is an audited burn: it cannot be ${action === 'archive' ? 'archived' : 'analysed again'}.`,
    );
    expect((await server.ctx.data.kilnLogs.get(logId))!.audited).toBe(true);
    await expectIntact(auditId, logId);
  });
});
