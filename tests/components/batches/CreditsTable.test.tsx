import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { CreditsTable } from '../../../src/batches/CreditsTable';
import type { BatchCredits, CreditResultPayload } from '../../../src/domain/api/credits';
import type { Methodology } from '../../../src/domain/api/methodologies';
import { renderInAdmin } from '../support/renderInAdmin';
import { windowWidth } from '../support/windowWidth';

const LOADED = { timeout: 5000 };
const SOURCE = { document: 'METHODOLOGIES.md', version: '1', section: '1.1' };

const hcGate = (threshold: number, value: number | null, comparison: '<' | '<=', tag: 'P' | 'S' = 'S') => ({
  id: 'h_c_org',
  name: `H/C_org ${comparison === '<' ? 'below' : 'at most'} ${threshold}`,
  value,
  threshold,
  comparison,
  unit: 'molar ratio',
  pass: value === null ? null : comparison === '<' ? value < threshold : value <= threshold,
  recorded: true,
  tag,
});

const book = (id: string, name: string, constants: [string, number, 'P' | 'S' | 'C' | 'U'][], hcThreshold?: number): Methodology =>
  ({
    id,
    name,
    version: 1,
    effective_from: '2025-01-01',
    sha256: 'a'.repeat(64),
    constants: constants.map(([key, value, tag]) => ({ key, name: key, value, unit: '', source: SOURCE, tag })),
    tables: [],
    gates:
      hcThreshold === undefined
        ? []
        : [
            {
              key: 'h_c_org',
              name: 'H/C_org',
              input: 'h_c_org',
              comparison: '<',
              threshold: hcThreshold,
              unit: '',
              source: SOURCE,
              tag: 'S',
            },
          ],
  }) as Methodology;

const BOOKS = [
  book('csi-global-3.3', 'CSI Global Biochar C-Sink v3.3', [['margin_of_safety', 20, 'S']], 0.4),
  book('puro-2025', 'Puro Biochar Methodology, Edition 2025', [['molar_mass_co2', 44, 'S']], 0.7),
  book('spec-factor', 'Kiln Console specification, carbon removal factor', [['carbon_removal_factor_default', 2.44, 'P']]),
  book(
    'vm0044-1.2',
    'Verra VM0044 v1.2',
    [
      ['low_tech_methane_fe', 0.049, 'S'],
      ['gwp_ch4', 28, 'P'],
    ],
    0.7,
  ),
];

const step = (id: string, formula: string, inputs: CreditResultPayload['steps'][number]['inputs'], value: string, unit: string) => ({
  id,
  formula,
  inputs,
  value,
  unit,
});

/** A batch of H/C_org 0.46, as the demo's: CSI's gate fails, Puro misses its methane, VM0044 and the spec's factor credit it. */
const RESULTS: CreditResultPayload[] = [
  {
    methodology: 'csi-global-3.3',
    version: 1,
    eligible: false,
    gates: [hcGate(0.4, 0.46, '<=')],
    steps: [
      step(
        'margin_of_safety',
        'margin_of_safety × credited dry g / 1000',
        { margin_of_safety: 20, credited_dry_g: 83_937 },
        '1678.740',
        'g CO2e',
      ),
    ],
    net_co2e_g: null,
    missing: ['methane_g_per_kg (production methane measured)'],
    pending_end_use_g: 9_327,
  },
  {
    methodology: 'puro-2025',
    version: 1,
    eligible: false,
    gates: [hcGate(0.7, 0.46, '<')],
    steps: [step('co2_per_c', 'molar_mass_co2 / molar_mass_c', { molar_mass_co2: 44, molar_mass_c: 12 }, '3.666667', 'ratio CO2/C')],
    net_co2e_g: null,
    missing: ['methane_g_per_kg (production methane measured)', 'rulebook uncertainty_discount_pct (U: no confirmed value)'],
    pending_end_use_g: 9_327,
  },
  {
    methodology: 'spec-factor',
    version: 1,
    eligible: true,
    gates: [],
    steps: [
      step(
        'co2_removed',
        'biochar_produced (wet g) × carbon_removal_factor',
        { wet_biochar_g: 119_570, carbon_removal_factor: 2.44 },
        '291750.800',
        'g CO2e',
      ),
    ],
    net_co2e_g: 291_751,
    missing: [],
    pending_end_use_g: 0,
  },
  {
    methodology: 'vm0044-1.2',
    version: 1,
    eligible: true,
    gates: [hcGate(0.7, 0.46, '<=')],
    steps: [
      step(
        'production_methane',
        'PE_P = Fe × GWP × M (low-tech, Eq. 9)',
        { low_tech_methane_fe: '49/1000', gwp_ch4: 28, credited_dry_g: 83_937 },
        '115161.564',
        'g CO2e',
      ),
    ],
    net_co2e_g: 10_654,
    missing: [],
    pending_end_use_g: 9_327,
  },
];

function renderTable(credits: () => Promise<BatchCredits>, hasLabResult = true) {
  const getBatchCredits = vi.fn(credits);
  const listMethodologies = vi.fn(async () => BOOKS);
  renderInAdmin(<CreditsTable batchId={2} hasLabResult={hasLabResult} />, { getBatchCredits, listMethodologies } as never);
  return { getBatchCredits };
}

const column = (table: HTMLElement, methodology: string) => {
  const headers = within(table).getAllByRole('columnheader');
  const index = headers.findIndex((h) => h.textContent?.startsWith(methodology));
  expect(index, methodology).toBeGreaterThan(0);
  return (row: string) => {
    const cells = within(table).getByRole('rowheader', { name: row }).closest('tr')!.children;
    return cells[index] as HTMLElement;
  };
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the credits side by side', { timeout: 20000 }, () => {
  it('reads each methodology in its column: eligible or the failed gate, the net kg, H/C_org to the gate, what is missing, char waiting', async () => {
    windowWidth(1400);
    const { getBatchCredits } = renderTable(async () => ({ results: RESULTS }));
    const region = await screen.findByRole('region', { name: 'Credits side by side (scrolls sideways)' }, LOADED);
    expect(region).toHaveAttribute('tabindex', '0');
    expect(getBatchCredits).toHaveBeenCalledWith(2);
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Methodology',
      'csi-global-3.3CSI Global Biochar C-Sink v3.3',
      'puro-2025Puro Biochar Methodology, Edition 2025',
      'spec-factorKiln Console specification, carbon removal factor',
      'vm0044-1.2Verra VM0044 v1.2',
    ]);

    const csi = column(table, 'csi-global-3.3');
    expect(csi('Eligible')).toHaveTextContent('Not eligible: H/C_org at most 0.4 failed (0.46, needs ≤ 0.4 molar ratio)');
    expect(csi('Net kg CO2e')).toHaveTextContent('No figure');
    expect(csi('H/C_org to its gate')).toHaveTextContent('0.46: 0.06 above 0.40');
    expect(csi('Still missing')).toHaveTextContent('Needs: methane_g_per_kg (production methane measured)');
    expect(within(csi('Char waiting for an end use (dry kg)')).getByText('9.3')).toHaveAttribute('data-exact-kg', '9.327');

    const puro = column(table, 'puro-2025');
    expect(puro('Eligible')).toHaveTextContent('Not yet: inputs missing');
    expect(puro('H/C_org to its gate')).toHaveTextContent('0.46: 0.24 below 0.70');
    expect(puro('Still missing')).toHaveTextContent('Rulebook values not settled: uncertainty_discount_pct (U: no confirmed value)');

    const spec = column(table, 'spec-factor');
    expect(spec('Eligible')).toHaveTextContent(/^Eligible$/);
    // exact grams through the one rounding rule: 291,751 g shows 291.8 kg
    expect(within(spec('Net kg CO2e')).getByText('291.8')).toHaveAttribute('data-exact-kg', '291.751');
    expect(spec('H/C_org to its gate')).toHaveTextContent('No H/C_org gate');
    expect(spec('Still missing')).toHaveTextContent('Nothing');
    expect(spec('Char waiting for an end use (dry kg)')).toHaveTextContent('Credited at production');

    const vm = column(table, 'vm0044-1.2');
    expect(within(vm('Net kg CO2e')).getByText('10.7')).toHaveAttribute('data-exact-kg', '10.654');
    expect(vm('H/C_org to its gate')).toHaveTextContent('0.46: 0.24 below 0.70S: transcribed, not confirmed');
  });

  it('opens the steps of a methodology below the table: formula, inputs and value, each constant not from the standard marked', async () => {
    windowWidth(1400);
    renderTable(async () => ({ results: RESULTS }));
    const show = await screen.findByRole('button', { name: 'Show the steps (vm0044-1.2)' }, LOADED);
    expect(show).toHaveAttribute('aria-expanded', 'false');
    show.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Hide the steps (vm0044-1.2)' })).toHaveAttribute('aria-expanded', 'true');
    const steps = screen.getByRole('heading', { name: 'Steps of vm0044-1.2' }).closest('section')!;
    expect(steps.id).toBe(show.getAttribute('aria-controls'));
    const methane = within(steps).getByTestId('step-vm0044-1.2-production_methane');
    expect(methane).toHaveTextContent('PE_P = Fe × GWP × M (low-tech, Eq. 9)');
    expect(methane).toHaveTextContent('= 115,161.564 g CO2e');
    // the S constant is marked, the P one is not
    expect(methane).toHaveTextContent('low_tech_methane_fe = 49/1000S: transcribed, not confirmed, gwp_ch4 = 28, credited_dry_g = 83937');
    expect(within(methane).getAllByText('S: transcribed, not confirmed')).toHaveLength(1);
    expect(within(steps).getByText(/H\/C_org at most 0.7: 0.46 \(≤ 0.7 molar ratio\) — passes/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show the steps (spec-factor)' }));
    const spec = screen.getByRole('heading', { name: 'Steps of spec-factor' }).closest('section')!;
    expect(within(spec).queryByText(/transcribed, not confirmed/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Hide the steps (vm0044-1.2)' }));
    expect(screen.queryByRole('heading', { name: 'Steps of vm0044-1.2' })).toBeNull();
  });

  it('on a phone, one card a methodology with the same rows and its steps inside', async () => {
    windowWidth(390);
    renderTable(async () => ({ results: RESULTS }));
    const card = await screen.findByRole('region', { name: 'csi-global-3.3' }, LOADED);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('Not eligible: H/C_org at most 0.4 failed (0.46, needs ≤ 0.4 molar ratio)')).toBeInTheDocument();
    expect(within(card).getByText('0.46: 0.06 above 0.40')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Show the steps (csi-global-3.3)' }));
    const safety = within(card).getByTestId('step-csi-global-3.3-margin_of_safety');
    expect(safety).toHaveTextContent('margin_of_safety = 20S: transcribed, not confirmed');
    expect(safety).toHaveTextContent('= 1,678.740 g CO2e');
  });

  it('before a lab result: says so, and each lab-based methodology gives no figure and reads what it needs', async () => {
    windowWidth(1400);
    const needs = ['C_org', 'H/C_org', 'lab_iso_17025'];
    const noLab = RESULTS.map((r) =>
      r.methodology === 'spec-factor'
        ? r
        : { ...r, eligible: false, net_co2e_g: null, missing: needs, gates: r.gates.map((g) => ({ ...g, value: null, pass: null })) },
    );
    renderTable(async () => ({ results: noLab }), false);
    expect(
      await screen.findByText('No lab result yet: the methodologies that read one give no figure until it is recorded.', {}, LOADED),
    ).toBeInTheDocument();
    const puro = column(screen.getByRole('table'), 'puro-2025');
    expect(puro('Net kg CO2e')).toHaveTextContent('No figure');
    expect(puro('Still missing')).toHaveTextContent('Needs: C_org, H/C_org, lab_iso_17025');
    expect(puro('H/C_org to its gate')).toHaveTextContent('Needs H/C_org');
  });

  it('shows loading, then a retry when the credits cannot be read', async () => {
    windowWidth(1400);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { getBatchCredits } = renderTable(async () => {
      if (fail) throw new HttpError('busy', 503);
      return { results: RESULTS };
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const alert = await screen.findByRole('alert', {}, LOADED);
    expect(alert).toHaveTextContent('The credits could not be computed.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: /retry/i }));
    expect(await screen.findByRole('table', {}, LOADED)).toBeInTheDocument();
    expect(getBatchCredits.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
