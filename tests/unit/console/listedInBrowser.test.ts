import { describe, expect, it } from 'vitest';
import { EVERY_ROW, listedInBrowser } from '../../../src/providers/listedInBrowser';

const rows = [
  { id: 1, kiln_id: 'b-2', facility_id: 1, install_date: '2024-03-07' },
  { id: 2, kiln_id: 'A-10', facility_id: 2, install_date: null },
  { id: 3, kiln_id: 'a-9', facility_id: 1, install_date: '2023-01-01' },
];

describe('listedInBrowser: a whole list paged, sorted and filtered as getList asks', () => {
  it('sorts text without case and with numbers in order, ties by id', () => {
    const { data } = listedInBrowser(rows, { sort: { field: 'kiln_id', order: 'ASC' } });
    expect(data.map((r) => r.id)).toEqual([3, 2, 1]);
    const desc = listedInBrowser(rows, { sort: { field: 'kiln_id', order: 'DESC' } });
    expect(desc.data.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('keeps missing values last in either order', () => {
    expect(listedInBrowser(rows, { sort: { field: 'install_date', order: 'ASC' } }).data.map((r) => r.id)).toEqual([3, 1, 2]);
    expect(listedInBrowser(rows, { sort: { field: 'install_date', order: 'DESC' } }).data.map((r) => r.id)).toEqual([1, 3, 2]);
  });

  it('pages after filtering, with the total of the filtered rows', () => {
    const page = listedInBrowser(rows, {
      filter: { facility_id: '1' },
      pagination: { page: 2, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
    });
    expect(page).toEqual({ data: [rows[2]], total: 2 });
  });

  it('searches every text field with q, and ignores empty filter values', () => {
    expect(listedInBrowser(rows, { filter: { q: 'a-1' } }).data.map((r) => r.id)).toEqual([2]);
    expect(listedInBrowser(rows, { filter: { facility_id: '' }, pagination: EVERY_ROW }).total).toBe(3);
  });
});
