import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../mock-server/http/openapiDocument';
import { DEMO_USERS } from '../../mock-server/seed/users';
import { badRequestsFor, type BadRequest } from '../helpers/badRequests';
import { loginAll } from '../helpers/configure';
import { snapshot } from '../helpers/snapshot';
import { startTestServer, type TestServer } from '../helpers/testServer';

/**
 * Bad input, tried systematically: for every call of openapi.yaml, requests
 * generated from the document with at least one defect it rules out, sent
 * as every demo role, without a token and with a forged one. Each must get a
 * 4xx with a message — never a 500 — and leave every record and file as it was.
 */

const RUNS_PER_CALL = 40;
const doc = loadOpenApi();
// the liveness and readiness probes take no input at all, and answer before any validation (a load
// balancer's probe must not fail on a query string it appends): there is nothing to get wrong
const calls = doc.operations.filter((op) => op.template !== '/health' && op.template !== '/health/ready');
let server: TestServer;
const callers: { who: string; authorization?: string }[] = [
  { who: 'no token' },
  { who: 'a forged token', authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjowfQ.AAAA' },
];
const tally = { requests: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  server = await startTestServer();
  const tokens = await loginAll(server);
  for (const u of DEMO_USERS) callers.push({ who: u.username, authorization: `Bearer ${tokens[u.username]}` });
});
afterAll(() => {
  server.close();
  const statuses = [...tally.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  console.log(`bad input: ${tally.requests} requests over ${calls.length} calls and ${callers.length} callers; answers ${statuses}`);
});

async function send(req: BadRequest, authorization: string | undefined) {
  let call = server.http[req.method.toLowerCase() as 'get' | 'post'](`/api${req.url}`);
  if (authorization) call = call.set('Authorization', authorization);
  if (req.contentType) call = call.set('Content-Type', req.contentType);
  const res = await (req.body === undefined ? call : call.send(req.body));
  tally.requests++;
  tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
  return res;
}

describe('every call refuses bad input with a 4xx and a message, and stores nothing', () => {
  it.each(calls.map((op) => [`${op.method} ${op.template}`, op] as const))('%s', async (_name, op) => {
    const before = await snapshot(server);
    await fc.assert(
      fc.asyncProperty(badRequestsFor(doc, op), fc.constantFrom(...callers), async (req, caller) => {
        const res = await send(req, caller.authorization);
        const what = `${req.method} ${req.url.slice(0, 120)} (${req.defect}) as ${caller.who} → ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, what).toBeGreaterThanOrEqual(400);
        expect(res.status, what).toBeLessThan(500);
        expect(res.headers['content-type'], what).toMatch(/^application\/json/);
        expect(typeof res.body.message === 'string' && res.body.message.length > 0, what).toBe(true);
      }),
      { numRuns: RUNS_PER_CALL },
    );
    expect(await snapshot(server)).toEqual(before);
  });
});
