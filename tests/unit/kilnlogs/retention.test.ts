import { describe, expect, it } from 'vitest';
import { deleteAfter, dueForPurge } from '../../../mock-server/store/retention';
import { makeKilnLogRow } from '../../helpers/kilnLogRows';

const archived = (id: number, archivedTs: string, days: number, extra = {}) =>
  makeKilnLogRow({ id, archived_ts: archivedTs, delete_after: deleteAfter(new Date(archivedTs), days), ...extra });

describe('archive retention', () => {
  it('deletes a log the retention period after it was archived', () => {
    expect(deleteAfter(new Date('2026-01-01T10:00:00.000Z'), 90)).toBe('2026-04-01T10:00:00.000Z');
  });

  it('finds the archived logs whose time is up, and no others', () => {
    const rows = [
      makeKilnLogRow({ id: 1 }),
      archived(2, '2026-01-01T00:00:00.000Z', 90),
      archived(3, '2026-01-02T00:00:00.000Z', 90),
      archived(4, '2025-01-01T00:00:00.000Z', 90, { audited: true, audit_id: 1 }),
    ];
    const now = new Date('2026-04-01T00:00:00.000Z');
    expect(dueForPurge(rows, now).map((r) => r.id)).toEqual([2]);
    expect(dueForPurge(rows, new Date(now.getTime() - 1)).map((r) => r.id)).toEqual([]);
    expect(dueForPurge(rows, new Date('2030-01-01T00:00:00.000Z')).map((r) => r.id)).toEqual([2, 3]);
  });
});
