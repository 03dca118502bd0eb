import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { METHODOLOGIES_DIR } from '../../mock-server/methodologies/rulebooks';
import { DEMO_USERS } from '../../mock-server/seed/users';
import type { MethodologiesResponse } from '../../src/domain/api/methodologies';
import { useTestServer } from '../helpers/testServer';

/**
 * GET /api/methodologies on either store: every rulebook file, each with the
 * SHA-256 of its exact bytes, to every signed-in role; 401 without a token.
 * (The test server checks every answer against openapi.yaml.)
 */

const api = useTestServer();

const fileHashes = Object.fromEntries(
  fs
    .readdirSync(METHODOLOGIES_DIR)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => [
      file,
      createHash('sha256')
        .update(fs.readFileSync(path.join(METHODOLOGIES_DIR, file)))
        .digest('hex'),
    ]),
);

describe('GET /api/methodologies', () => {
  it('answers every rulebook, ordered by id then version, each with the SHA-256 of its file', async () => {
    const res = await api.server.http.get('/api/methodologies').set(api.as('superadmin'));
    expect(res.status).toBe(200);
    const books = res.body as MethodologiesResponse;
    expect(books.map((b) => b.id)).toEqual([
      'csi-artisan-2.1',
      'csi-global-3.3',
      'isometric-1.3',
      'puro-2025',
      'rainbow-1.0',
      'spec-factor',
      'vm0044-1.2',
    ]);
    expect(Object.fromEntries(books.map((b) => [`${b.id}.v${b.version}.yaml`, b.sha256]))).toEqual(fileHashes);
    for (const book of books) {
      expect(Object.keys(book).sort(), book.id).toEqual(
        ['constants', 'effective_from', 'gates', 'id', 'name', 'note', 'sha256', 'tables', 'version'].filter(
          (key) => key !== 'note' || book.note !== undefined,
        ),
      );
    }
  });

  it('gives each constant its value, unit, source and tag', async () => {
    const res = await api.server.http.get('/api/methodologies').set(api.as('kilnadmin'));
    const vm0044 = (res.body as MethodologiesResponse).find((b) => b.id === 'vm0044-1.2')!;
    expect(vm0044.constants.find((c) => c.key === 'low_tech_methane_fe')).toEqual({
      key: 'low_tech_methane_fe',
      name: 'Methane emitted per tonne of biochar by a low-tech kiln, Fe (PE_P = Fe × GWP × M)',
      value: 0.049,
      unit: 't CH4/t biochar',
      source: {
        document: 'Verra VM0044',
        version: '1.2 (27 Jun 2025)',
        section: 'Eq. 9',
        via: 'constants file "Verra VM0044 v1.2 — Authoritative Constants"',
      },
      tag: 'S',
    });
    expect(vm0044.tables.find((t) => t.key === 'persistence_table_3')?.rows.map((r) => r.pr_de)).toEqual([0.89, 0.8, 0.65, 0.56]);
    expect(vm0044.gates.find((g) => g.key === 'h_c_org')).toMatchObject({ comparison: '<=', threshold: 0.7 });
  });

  it.each(DEMO_USERS.map((u) => u.username))('is readable by %s', async (who) => {
    const res = await api.server.http.get('/api/methodologies').set(api.as(who));
    expect(res.status).toBe(200);
    expect((res.body as MethodologiesResponse).length).toBe(Object.keys(fileHashes).length);
  });

  it('answers 401 without a token', async () => {
    expect((await api.server.http.get('/api/methodologies')).status).toBe(401);
  });
});
