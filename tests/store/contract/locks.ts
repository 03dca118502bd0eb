import { expect, it } from 'vitest';
import type { DataStore, StoreParts } from '../../../mock-server/store/dataStore';
import { addFacility, kilnRow } from '../fixtures';

/**
 * Rows a transaction locks (FacilityStore.lock, KilnStore.lock, UserStore.lock): what it
 * checks on the row still holds at its write, because a write of the row from outside waits
 * until the transaction ends.
 */
export function locksContract(store: () => DataStore): void {
  /** Locks a row in a transaction held open, writes it from outside meanwhile, and answers the order of events. */
  async function writeDuringLock(lock: (tx: StoreParts) => Promise<unknown>, write: () => Promise<unknown>) {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let lockTaken!: () => void;
    const taken = new Promise<void>((resolve) => (lockTaken = resolve));
    const transaction = store().transaction(async (tx) => {
      const row = await lock(tx);
      lockTaken();
      await held;
      events.push('transaction ends');
      return row;
    });
    await taken;
    const written = write().then(() => events.push('written'));
    // time enough for a write that does not wait to land first
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const [row] = await Promise.all([transaction, written]);
    return { row, events };
  }

  it('hands a transaction the facility, kiln or user it locks, and a write from outside waits for its end', async () => {
    const f = await addFacility(store(), 'NRB');
    const kiln = await store().kilns.create(kilnRow('CG1-0007', f.id));
    const user = await store().users.create({
      username: 'locked',
      role: 3,
      password_hash: 'h',
      facility_ids: [],
      created_ts: '2026-01-01T00:00:00.000Z',
      must_change_password: false,
      locked: false,
    });
    const ordered = ['transaction ends', 'written'];

    const facility = await writeDuringLock(
      (tx) => tx.facilities.lock(f.id),
      () => store().facilities.update(f.id, { name: 'Renamed' }),
    );
    expect(facility).toEqual({ row: f, events: ordered });
    const kilnLock = await writeDuringLock(
      (tx) => tx.kilns.lock(kiln.id),
      () => store().kilns.update(kiln.id, { type: 1 }),
    );
    expect(kilnLock).toEqual({ row: kiln, events: ordered });
    const userLock = await writeDuringLock(
      (tx) => tx.users.lock(user.id),
      () => store().users.update(user.id, { role: 4 }),
    );
    expect(userLock.events).toEqual(ordered);
    expect(userLock.row).toMatchObject({ id: user.id, username: 'locked', role: 3 });

    expect(await store().transaction((tx) => tx.facilities.lock(99_999))).toBeNull();
    expect(await store().transaction((tx) => tx.kilns.lock(99_999))).toBeNull();
    expect(await store().transaction((tx) => tx.users.lock(99_999))).toBeNull();
    expect((await store().facilities.get(f.id))?.name).toBe('Renamed');
  });
}
