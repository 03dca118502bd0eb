import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import BatchesPage from '../../../src/batches/BatchesPage';
import { renderInAdmin } from '../support/renderInAdmin';
import { windowWidth } from '../support/windowWidth';
import { FACILITY, makeBatch, makeEndUse } from './support';

const LOADED = { timeout: 5000 };

function renderList(batches = [makeBatch(), makeBatch({ id: 8, label: 'CG1-B2', state: 'sampled', dry_biochar_g: 64_987 })]) {
  const getList = vi.fn(async (resource: string, _params: GetListParams) =>
    resource === 'facilities' ? { data: [FACILITY], total: 1 } : { data: batches, total: batches.length },
  );
  const listEndUses = vi.fn(async (id: number) => (id === 8 ? [makeEndUse({ dry_g: 30_000 })] : []));
  renderInAdmin(<BatchesPage />, { getList, listEndUses } as never);
  return { getList };
}

afterEach(() => vi.restoreAllMocks());

describe('the batch list', { timeout: 20000 }, () => {
  it('shows each batch with its facility, kiln type, feedstock, period, burns, kg, temperature, lab and end use state', async () => {
    windowWidth(1400);
    renderList();
    const row = (await screen.findByText('CG1-B2', {}, LOADED)).closest('tr')!;
    const cells = within(row);
    expect(cells.getByText('CG1')).toBeInTheDocument();
    expect(cells.getByText('Nut shells')).toBeInTheDocument();
    expect(cells.getByText('2')).toBeInTheDocument();
    // exact grams with the one rounding rule: 81.234 kg shows 81.2, 64.987 kg 65.0
    expect(cells.getByText('81.2')).toHaveAttribute('data-exact-kg', '81.234');
    expect(cells.getByText('65.0')).toHaveAttribute('data-exact-kg', '64.987');
    expect(cells.getByText('612.00 °C')).toBeInTheDocument();
    expect(cells.getByText('Recorded')).toBeInTheDocument();
    expect(await cells.findByText('30.0 kg of 65.0 kg', {}, LOADED)).toBeInTheDocument();
    const first = within((await screen.findByText('CG1-2026-03-B1')).closest('tr')!);
    // no lab result, and (once read) no end use
    await vi.waitFor(() => expect(first.getAllByText('None yet')).toHaveLength(2));
    expect(first.getByText('Not recorded')).toBeInTheDocument();
    for (const heading of [
      'Facility',
      'Kiln type',
      'Feedstock',
      'Period',
      'Burns',
      'Wet kg',
      'Dry kg',
      'Production temperature',
      'Lab result',
      'End use',
    ])
      expect(screen.getAllByText(heading).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create batch' })).toBeInTheDocument();
  });

  it('filters by facility, kiln type, feedstock and state', async () => {
    windowWidth(1400);
    renderList();
    await screen.findByText('CG1-B2', {}, LOADED);
    for (const name of ['Facility', 'Kiln type', 'Feedstock', 'State']) expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
  });

  it('says so when there is no batch yet', async () => {
    windowWidth(1400);
    renderList([]);
    expect(await screen.findByText(/No batch yet/, {}, LOADED)).toBeInTheDocument();
  });

  it('lists the batches as links on a phone', async () => {
    windowWidth(390);
    renderList();
    const link = await screen.findByRole('link', { name: /CG1-B2/ }, LOADED);
    expect(link).toHaveAttribute('href', expect.stringMatching(/\/batches\/8$/));
  });
});
