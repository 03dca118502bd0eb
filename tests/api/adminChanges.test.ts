import { describe, expect, it } from 'vitest';
import type { RecentChange, Statistics } from '../../src/domain/api/admin';
import { usersWithout } from '../helpers/configure';
import { bearer, useTestServer } from '../helpers/testServer';

/** The Admin screen's API: Recent Changes editing and the statistics, store-agnostic. */

const api = useTestServer();

const admin = () => bearer(api.tokens.superadmin);

describe('/api/admin/changes', () => {
  it('adds an entry with its script removed on the way in, which Home then lists first', async () => {
    const res = await api.server.http.post('/api/admin/changes').set(admin()).send({
      date: '2099-01-02',
      title: ' Kiln maintenance ',
      body: '<p onmouseover="steal()">Read <strong>this</strong><script>alert(document.cookie)</script><img src=x onerror=alert(1)></p>',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      date: '2099-01-02',
      title: 'Kiln maintenance',
      body: '<p>Read <strong>this</strong></p>',
    });
    const stored = await api.server.ctx.data.changes.get(res.body.id);
    expect(stored?.body).not.toMatch(/script|onerror|onmouseover|img/);
    const home = (await api.server.http.get('/api/changes').set(bearer(api.tokens.broker))).body as RecentChange[];
    expect(home[0]).toEqual(res.body);
  });

  it('lists, reads, changes and deletes entries as simple REST', async () => {
    const list = await api.server.http.get('/api/admin/changes').query({ sort: '["date","DESC"]', range: '[0,1]' }).set(admin());
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toMatch(/^items 0-1\/\d+$/);
    const [first] = list.body as RecentChange[];
    expect((await api.server.http.get(`/api/admin/changes/${first.id}`).set(admin())).body).toEqual(first);
    const put = await api.server.http
      .put(`/api/admin/changes/${first.id}`)
      .set(admin())
      .send({ date: first.date, title: 'Renamed', body: '<p><a href="javascript:alert(1)">x</a></p>' });
    expect(put.status).toBe(200);
    expect(put.body.body).toBe('<p><a rel="noopener noreferrer" target="_blank">x</a></p>');
    expect((await api.server.http.delete(`/api/admin/changes/${first.id}`).set(admin())).status).toBe(200);
    expect(await api.server.ctx.data.changes.get(first.id)).toBeNull();
    expect((await api.server.http.get(`/api/admin/changes/${first.id}`).set(admin())).status).toBe(404);
  });

  it.each([
    ['a date that is not one', { date: '2026-02-30', title: 'T', body: '' }, 'date'],
    ['a blank title', { date: '2026-02-03', title: '  ', body: '' }, 'title'],
    ['a missing body', { date: '2026-02-03', title: 'T' }, 'body'],
  ])('answers 400 naming the field for %s, storing nothing', async (_name, body, field) => {
    const before = (await api.server.ctx.data.changes.list()).length;
    const res = await api.server.http.post('/api/admin/changes').set(admin()).send(body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toContain(field);
    expect((await api.server.ctx.data.changes.list()).length).toBe(before);
  });

  it('is the super-admin’s only (rule update statistics)', async () => {
    for (const who of usersWithout(['superadmin'])) {
      expect((await api.server.http.get('/api/admin/changes').set(bearer(api.tokens[who]))).status, who).toBe(403);
      expect(
        (await api.server.http.post('/api/admin/changes').set(bearer(api.tokens[who])).send({ date: '2026-01-01', title: 'x', body: '' }))
          .status,
        who,
      ).toBe(403);
      expect((await api.server.http.delete('/api/admin/changes/1').set(bearer(api.tokens[who]))).status, who).toBe(403);
      expect((await api.server.http.get('/api/admin/statistics').set(bearer(api.tokens[who]))).status, who).toBe(403);
      expect((await api.server.http.post('/api/admin/statistics/update').set(bearer(api.tokens[who]))).status, who).toBe(403);
    }
  });
});

describe('/api/admin/statistics', () => {
  it('counts the data and recomputes on update: logs split into valid, invalid and error, archived apart', async () => {
    const first = (await api.server.http.get('/api/admin/statistics').set(admin())).body as Statistics;
    const facilities = (await api.server.ctx.data.facilities.list()).length;
    expect(first).toMatchObject({ facilities, users: await api.server.ctx.data.users.count() });
    expect(first.valid_kilnlogs + first.invalid_kilnlogs + first.error_kilnlogs).toBe(first.kilnlogs);
    expect(first.valid_kilnlogs).toBeGreaterThan(0);
    expect(first.storage_bytes).toBeGreaterThan(0);

    const live = await api.server.http.get('/api/kilnlogs').query({ filter: '{"audited":false}', range: '[0,0]' }).set(admin());
    expect((await api.server.http.post(`/api/kilnlogs/${live.body[0].id}/archive`).set(admin())).status).toBe(200);
    // a snapshot: kept until the next update
    expect((await api.server.http.get('/api/admin/statistics').set(admin())).body).toEqual(first);
    const updated = (await api.server.http.post('/api/admin/statistics/update').set(admin())).body as Statistics;
    expect(updated.archived_kilnlogs).toBe(first.archived_kilnlogs + 1);
    expect(updated.kilnlogs).toBe(first.kilnlogs - 1);
    expect(updated.computed_ts >= first.computed_ts).toBe(true);
  });
});
