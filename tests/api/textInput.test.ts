import { beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../mock-server/config';
import type { AvailableCo2Response, EcoAsset } from '../../src/domain/api/ecoAssets';
import type { FacilityListResponse } from '../../src/domain/api/configure';
import type { DemoUsername } from '../helpers/configure';
import { burnCsv } from '../helpers/kilnLogUploads';
import { snapshot } from '../helpers/snapshot';
import { useTestServer } from '../helpers/testServer';

/**
 * Bad text and ids on either store (L1 and L3 of the 2026-12-01
 * security review): a control character in any text is a 400 naming the field,
 * never a 500 (PostgreSQL cannot store a NUL), the login's counted by its
 * throttle; names and identifiers also refuse line breaks and bidirectional
 * overrides; an id beyond the store's integer range is a 400 or 404.
 */

const api = useTestServer({ loginThrottle: { ...configFromEnv({}).loginThrottle, clientLimit: 8 } });
const http = () => api.server.http;
const NUL = 'a\u0000b';
const KEY = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAMuJndC4UXD2ZW6js6sxQYAhda3MWATT/yvgjWheeNMk=\n-----END PUBLIC KEY-----\n';

let assetId: number;
let signoffId: number;
let anomalyId: number;
let facility: FacilityListResponse['facilities'][number];

beforeAll(async () => {
  const assets: EcoAsset[] = [];
  for (const f of [1, 2, 3, 4]) {
    assets.push(
      ...((await http().get(`/api/eco-asset/list?facility_id=${f}`).set(api.as('broker'))).body as { eco_assets: EcoAsset[] }).eco_assets,
    );
  }
  assetId = assets.find((a) => a.co2_issued > a.co2_retired + 0.01)!.id;
  const available = (await http().get('/api/eco-asset/available_co2').set(api.as('broker'))).body as AvailableCo2Response;
  signoffId = Object.values(available.audits_by_facility).flatMap((f) => f.audits)[0].signoff_id;
  const anomalies = (await http().get('/api/fleet/anomalies').set(api.as('superadmin'))).body as { id: number }[];
  anomalyId = anomalies[0].id;
  facility = ((await http().get('/api/facilities').set(api.as('superadmin'))).body as FacilityListResponse).facilities.find(
    (f) => f.id === 1,
  )!;
});

const facilityEdit = (name: string) => ({
  id: 1,
  mnemonic: facility.mnemonic,
  name,
  owner_id: facility.owner_id,
  latMin: facility.latitude_min,
  latMax: facility.latitude_max,
  lonMin: facility.longitude_min,
  lonMax: facility.longitude_max,
  config: JSON.parse(facility.kiln_type_config) as unknown,
});
const kilnAdd = (fields: Record<string, unknown>) => ({
  id: null,
  kiln_id: `K-TEXT-${Math.random().toString(36).slice(2, 8)}`,
  facility_id: 1,
  type: 0,
  install_date: '2026-01-01',
  config: { cgo1: { per_g_weight: 2.5, zero_weight: 84210 } },
  ...fields,
});

type Case = [name: string, who: DemoUsername, method: 'post' | 'get', path: () => string, body: () => object | undefined, field: string];

/** A POST or GET as a demo account, a JSON body when given. */
function send(who: DemoUsername, method: 'post' | 'get', path: string, body?: object) {
  const call = http()[method](path).set(api.as(who));
  return body === undefined ? call : call.send(body);
}

async function expectRefused(cases: Case[], reason: RegExp) {
  const before = await snapshot(api.server);
  for (const [name, who, method, path, body, field] of cases) {
    const res = await send(who, method, path(), body());
    expect(res.status, `${name}: ${res.status} ${res.text}`).toBe(400);
    expect(String(res.body.errors?.[field]), `${name}: ${res.text}`).toMatch(reason);
  }
  expect(await snapshot(api.server)).toEqual(before);
}

describe('a control character in any text is a 400 naming the field, storing nothing', () => {
  it('in JSON bodies of write routes (the nine of the review, and more)', async () => {
    const cases: Case[] = [
      [
        'retire beneficiary',
        'broker',
        'post',
        () => `/api/eco-asset/${assetId}/retire`,
        () => ({ kg: 0.001, beneficiary: NUL }),
        'beneficiary',
      ],
      [
        'retire purpose',
        'broker',
        'post',
        () => `/api/eco-asset/${assetId}/retire`,
        () => ({ kg: 0.001, beneficiary: 'b', purpose: NUL }),
        'purpose',
      ],
      [
        'mint minting_note',
        'broker',
        'post',
        () => '/api/eco-asset/mint',
        () => ({ minting_note: NUL, transaction_id: 'TX-NUL-1', co2_utilisation: { [signoffId]: 0.001 } }),
        'minting_note',
      ],
      ['anomaly check note', 'kilnadmin', 'post', () => `/api/fleet/anomalies/${anomalyId}/check`, () => ({ note: NUL }), 'note'],
      ['kiln key label', 'superadmin', 'post', () => '/api/kilns/1/keys', () => ({ label: NUL, public_key: KEY }), 'label'],
      ['facility name', 'superadmin', 'post', () => '/api/facility/edit', () => facilityEdit(NUL), 'name'],
      [
        'change title',
        'superadmin',
        'post',
        () => '/api/admin/changes',
        () => ({ date: '2026-01-01', title: NUL, body: '<p>x</p>' }),
        'title',
      ],
      [
        'change body',
        'superadmin',
        'post',
        () => '/api/admin/changes',
        () => ({ date: '2026-01-01', title: 't', body: `<p>${NUL}</p>` }),
        'body',
      ],
      ['kiln kiln_id', 'superadmin', 'post', () => '/api/kiln/registry/add', () => kilnAdd({ kiln_id: `K-${NUL}` }), 'kiln_id'],
      [
        'a key of a map',
        'broker',
        'post',
        () => '/api/eco-asset/mint',
        () => ({ minting_note: 'n', transaction_id: 'TX-NUL-2', co2_utilisation: { [`1${NUL}`]: 0.001 } }),
        'co2_utilisation',
      ],
      ['own password', 'broker', 'post', () => '/api/user/broker/update', () => ({ pass: `Long-Enough-Pass-1${NUL}` }), 'pass'],
    ];
    await expectRefused(cases, /control characters/);
  });

  it('in query strings, list filters and path parameters', async () => {
    const cases: Case[] = [
      [
        'propose job_id',
        'kilnadmin',
        'post',
        () => `/api/audit/propose?job_id=${encodeURIComponent(NUL)}&kiln_type=-1`,
        () => ({ analysis_ids: [1] }),
        'job_id',
      ],
      [
        'kiln log filter q',
        'kilnadmin',
        'get',
        () => `/api/kilnlogs?filter=${encodeURIComponent(JSON.stringify({ q: NUL }))}`,
        () => undefined,
        'filter.q',
      ],
      [
        'user filter q',
        'useradmin',
        'get',
        () => `/api/users?filter=${encodeURIComponent(JSON.stringify({ q: NUL }))}`,
        () => undefined,
        'filter.q',
      ],
    ];
    await expectRefused(cases, /control characters/);
  });

  it('in a path parameter: a 404, as it names no record', async () => {
    const before = await snapshot(api.server);
    const evidence = await http()
      .get(`/api/audit/evidence/${encodeURIComponent(`x${NUL}.pdf`)}`)
      .set(api.as('kilnadmin'));
    expect(evidence.status).toBe(404);
    const user = await http()
      .post(`/api/user/${encodeURIComponent(`broker${NUL}`)}/update`)
      .set(api.as('useradmin'))
      .send({ pass: 'Long-Enough-Pass-1!' });
    expect(user.status, user.text).toBe(404);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('in a multipart text field', async () => {
    const before = await snapshot(api.server);
    const res = await http()
      .post('/api/facility/1/upload_audit')
      .set(api.as('superadmin'))
      .field('file_type', `pd${NUL}f`)
      .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'statement.pdf');
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors?.file_type).toMatch(/control characters/);
    expect(await snapshot(api.server)).toEqual(before);
  });

  it('in a kiln log: a NUL in its header or its rows is a 4xx, never a 500', async () => {
    const facility1 = (await api.server.ctx.data.facilities.get(1))!;
    const csv = burnCsv('CG1-0001', facility1);
    const lines = csv.split('\n');
    const variants = [csv.replace('CG1-0001', `CG1-${NUL}`), [...lines.slice(0, 12), `${lines[12]}${NUL}`, ...lines.slice(13)].join('\n')];
    for (const text of variants) {
      for (const res of [
        await http().post('/api/kilnlogs/upload').set(api.as('uploader')).set('Content-Type', 'text/csv').send(text),
        await http().post('/api/kilnlogs/upload').set(api.as('uploader')).attach('file', Buffer.from(text), 'burn.csv'),
      ]) {
        expect(res.status, res.text).toBeLessThan(500);
      }
    }
  });

  it('allows tabs and line breaks in free text', async () => {
    const res = await http()
      .post('/api/admin/changes')
      .set(api.as('superadmin'))
      .send({ date: '2026-01-01', title: 'Tabs\tand lines', body: '<p>one\r\ntwo</p>' });
    expect(res.status, res.text).toBeLessThan(300);
  });
});

describe('the login', () => {
  const login = (username: string, password: string, client: string) =>
    http().post('/api/auth').set('X-Forwarded-For', client).send({ username, password });

  it('answers 400 naming the field to a NUL in the username or the password, never a 500', async () => {
    const name = await login('bro\u0000ker', 'kiln-demo', '192.0.2.60');
    expect(name.status).toBe(400);
    expect(name.body.errors?.username).toMatch(/control characters/);
    const password = await login('broker', 'kiln-demo\u0000', '192.0.2.61');
    expect(password.status).toBe(400);
    expect(password.body.errors?.password).toMatch(/control characters/);
  });

  it('counts each such login as a failure of its client: the throttle answers 429 after the limit', async () => {
    const client = '192.0.2.62';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(`x${i}\u0000`, 'pw', client)).status);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(400));
    expect(statuses.slice(8)).toEqual([429, 429, 429]);
    // the right password from that client waits too; another client logs in
    expect((await login('broker', 'kiln-demo', client)).status).toBe(429);
    expect((await login('broker', 'kiln-demo', '192.0.2.63')).status).toBe(200);
  });
});

describe('names and identifiers refuse control characters, line breaks and bidirectional overrides', () => {
  const bad = ['a\u0001b', 'a\tb', 'a\nb', 'a\u202Eb', 'a\u2066b', 'a\u200Fb'];

  it.each(bad.map((text) => [JSON.stringify(text), text]))(
    '%s in a job id, a key label, a transaction id and a beneficiary',
    async (_name, text) => {
      const cases: Case[] = [
        [
          'job_id',
          'kilnadmin',
          'post',
          () => `/api/audit/propose?job_id=${encodeURIComponent(text)}&kiln_type=-1`,
          () => ({ analysis_ids: [1] }),
          'job_id',
        ],
        ['label', 'superadmin', 'post', () => '/api/kilns/1/keys', () => ({ label: text, public_key: KEY }), 'label'],
        [
          'transaction_id',
          'broker',
          'post',
          () => '/api/eco-asset/mint',
          () => ({ minting_note: 'note', transaction_id: `TX-${text}`, co2_utilisation: { [signoffId]: 0.001 } }),
          'transaction_id',
        ],
        [
          'beneficiary',
          'broker',
          'post',
          () => `/api/eco-asset/${assetId}/retire`,
          () => ({ kg: 0.001, beneficiary: text }),
          'beneficiary',
        ],
      ];
      await expectRefused(cases, /control characters|invisible/);
    },
  );

  it.each(['a\u202Eb', 'a\u2067b', 'a\u200Eb'].map((text) => [JSON.stringify(text), text]))(
    '%s in a minting note and a purpose (which may hold line breaks)',
    async (_name, text) => {
      const cases: Case[] = [
        [
          'minting_note',
          'broker',
          'post',
          () => '/api/eco-asset/mint',
          () => ({ minting_note: text, transaction_id: 'TX-BIDI-1', co2_utilisation: { [signoffId]: 0.001 } }),
          'minting_note',
        ],
        [
          'purpose',
          'broker',
          'post',
          () => `/api/eco-asset/${assetId}/retire`,
          () => ({ kg: 0.001, beneficiary: 'b', purpose: text }),
          'purpose',
        ],
      ];
      await expectRefused(cases, /bidirectional/);
    },
  );
});

describe('an id beyond the store integer range is a 400 or 404, never a 500', () => {
  const huge = ['2147483648', '9223372036854775808', '99999999999999999999'];

  it.each(huge)('%s as a path, query or filter id', async (id) => {
    const paths = [
      `/api/kilnlogs/${id}`,
      `/api/facility/${id}/kilns`,
      `/api/audit/audited_logs?audit_id=${id}`,
      `/api/audit/auditable_logs?audit=${id}`,
      `/api/kilnlogs?filter=${encodeURIComponent(`{"id":${id}}`)}`,
      `/api/kilnlogs?filter=${encodeURIComponent(`{"facility_id":"${id}"}`)}`,
      `/api/eco-asset/audits?id=${id}`,
    ];
    for (const path of paths) {
      const res = await http().get(path).set(api.as('superadmin'));
      expect([400, 404], `${path}: ${res.status} ${res.text}`).toContain(res.status);
    }
  });

  it.each([2147483648, 9223372036854775808, 1e308])('%s as an id in a JSON body', async (id) => {
    const before = await snapshot(api.server);
    const calls = [
      send('superadmin', 'post', '/api/kiln/registry/add', kilnAdd({ facility_id: id })),
      send('superadmin', 'post', '/api/kiln/registry/edit', kilnAdd({ id, facility_id: 1 })),
      send('broker', 'post', '/api/eco-asset/mint', {
        minting_note: 'n',
        transaction_id: `TX-ID-${id}`,
        co2_utilisation: { [String(id)]: 0.001 },
      }),
      send('kilnadmin', 'post', '/api/audit/propose?job_id=JOB-RANGE&kiln_type=-1', { analysis_ids: [id] }),
    ];
    for (const res of await Promise.all(calls)) {
      expect([400, 404], `${res.status} ${res.text}`).toContain(res.status);
    }
    expect(await snapshot(api.server)).toEqual(before);
  });
});
