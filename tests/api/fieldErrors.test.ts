import { describe, expect, it } from 'vitest';
import { facilityPayload, kilnPayload, type DemoUsername } from '../helpers/configure';
import { bearer, useTestServer } from '../helpers/testServer';

/** A 400 names its fields in `errors`, keyed as the shared validators key them, for react-admin to put on the inputs (openapi.yaml, Error). */

const api = useTestServer();

const post = (url: string, body: unknown, who: DemoUsername = 'superadmin') =>
  api.server.http
    .post(url)
    .set(bearer(api.tokens[who]))
    .send(body as object);

describe('400 answers carry each field reason by its path, and keep their message', () => {
  it('a duplicate mnemonic: "mnemonic is already in use." on mnemonic', async () => {
    const res = await post('/api/facility/add', facilityPayload({ mnemonic: 'NRB' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'mnemonic is already in use.', errors: { mnemonic: 'mnemonic is already in use.' } });
  });

  it('a kiln id of another facility: on kiln_id only', async () => {
    const res = await post('/api/kiln/registry/add', kilnPayload({ kiln_id: 'TFX-0004', facility_id: 1 }));
    expect(res.body).toEqual({ message: 'kiln_id is already in use.', errors: { kiln_id: 'kiln_id is already in use.' } });
  });

  it('several fields, nested config paths included, each with its own reason and all in the message', async () => {
    const res = await post(
      '/api/kiln/registry/add',
      kilnPayload({ kiln_id: '', install_date: '2025-02-30', config: { cgo1: { per_g_weight: 100000.5 } } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      kiln_id: 'kiln_id is required.',
      install_date: 'install_date must be a date as YYYY-MM-DD.',
      'config.cgo1.per_g_weight': 'config.cgo1.per_g_weight must be between 0 and 100000.',
    });
    for (const reason of Object.values(res.body.errors as Record<string, string>)) expect(res.body.message).toContain(reason);
  });

  it('a field the contract refuses (express-openapi-validator) is named by its path too', async () => {
    const res = await post('/api/user/superadmin/update', { pass: 'Kiln-Burn-2026!', role: 0 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors as object)).toHaveLength(1);
    expect(res.body.message).toMatch(/role|additional/);
  });

  it('a weak password is a reason on pass; a bad login body on username', async () => {
    const weak = await post('/api/user/broker/update', { pass: 'password12' }, 'broker');
    expect(Object.keys(weak.body.errors)).toEqual(['pass']);
    const login = await api.server.http.post('/api/auth').send({ username: { toString: null }, password: 'x' });
    expect(Object.keys(login.body.errors)).toEqual(['username']);
  });

  it('other refusals carry only a message', async () => {
    const forbidden = await post('/api/facility/add', facilityPayload(), 'kilnadmin');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: expect.any(String) });
    const missing = await post('/api/facility/edit', { ...facilityPayload(), id: 999 });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: expect.any(String) });
  });
});
