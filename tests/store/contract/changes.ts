import { expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';

/** Recent Changes entries. */
export function changesContract(store: () => DataStore): void {
  it('lists changes newest first and edits them', async () => {
    const a = await store().changes.create({ date: '2026-01-01', title: 'A', body: '<p>a</p>' });
    const b = await store().changes.create({ date: '2026-02-01', title: 'B', body: '<p>b</p>' });
    const c = await store().changes.create({ date: '2026-02-01', title: 'C', body: '<p>c</p>' });
    expect((await store().changes.list()).map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(await store().changes.update(a.id, { date: '2026-03-01' })).toMatchObject({ title: 'A', date: '2026-03-01' });
    expect((await store().changes.list())[0].id).toBe(a.id);
    expect(await store().changes.delete(b.id)).toBe(true);
    expect(await store().changes.get(b.id)).toBeNull();
    expect(await store().changes.update(b.id, { title: 'x' })).toBeNull();
  });
}
