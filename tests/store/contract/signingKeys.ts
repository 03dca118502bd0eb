import { expect, it } from 'vitest';
import type { DataStore } from '../../../mock-server/store/dataStore';
import { emptyEmbedded } from '../../../mock-server/store/embedded/state';

/** The console's package signing keys: listed once each, the one in use unretired, a rotated one kept with its retirement. */
export function signingKeysContract(store: () => DataStore): void {
  const a = { kid: 'a'.repeat(64), public_key: '-----BEGIN PUBLIC KEY-----\nA\n-----END PUBLIC KEY-----\n' };
  const b = { kid: 'b'.repeat(64), public_key: '-----BEGIN PUBLIC KEY-----\nB\n-----END PUBLIC KEY-----\n' };

  it('lists the key in use, keeps a rotated one retired, and takes a key used again back', async () => {
    const keys = store().signingKeys();
    const before = (await keys.list()).length;
    await keys.use(a, '2026-01-01T00:00:00.000Z');
    await keys.use(a, '2026-01-02T00:00:00.000Z');
    expect((await keys.list()).slice(before)).toEqual([{ ...a, created_ts: '2026-01-01T00:00:00.000Z', retired_ts: null }]);
    await keys.use(b, '2026-02-01T00:00:00.000Z');
    expect((await keys.list()).slice(before)).toEqual([
      { ...a, created_ts: '2026-01-01T00:00:00.000Z', retired_ts: '2026-02-01T00:00:00.000Z' },
      { ...b, created_ts: '2026-02-01T00:00:00.000Z', retired_ts: null },
    ]);
    await keys.use(a, '2026-03-01T00:00:00.000Z');
    expect((await keys.list()).slice(before)).toEqual([
      { ...a, created_ts: '2026-01-01T00:00:00.000Z', retired_ts: null },
      { ...b, created_ts: '2026-02-01T00:00:00.000Z', retired_ts: '2026-03-01T00:00:00.000Z' },
    ]);
  });

  it('keeps the keys when the business records are replaced whole', async () => {
    await store().signingKeys().use(a, '2026-01-01T00:00:00.000Z');
    const listed = await store().signingKeys().list();
    await store().replaceAll(emptyEmbedded());
    expect(await store().signingKeys().list()).toEqual(listed);
  });
}
