import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AnalysisDisplay } from '../../../src/kiln-logs/AnalysisDisplay';
import { CGO1_ANALYSIS, TERRAFIX_ANALYSIS } from '../../helpers/analysisResults';
import { renderInAdmin } from '../support/renderInAdmin';

const log = (analysis: object | string | null, overrides: { error_message?: string | null; type?: number | null } = {}) => ({
  id: 7,
  error_message: null,
  type: 0,
  analysis: analysis === null || typeof analysis === 'string' ? analysis : JSON.stringify(analysis),
  ...overrides,
});

/** Hovers the status icon and answers the tooltip it opens. */
async function hoverIcon(name: string) {
  const icon = screen.getByRole('img', { name });
  await userEvent.hover(icon);
  return within(await screen.findByRole('tooltip'));
}

/** Hovers the status icon and answers its panel with the panel's figures as {label: value}. */
async function hoverPanel(name: string) {
  const panel = await hoverIcon(name);
  const values = Object.fromEntries(
    panel
      .getAllByRole('rowheader')
      .map((header: HTMLElement) => [header.textContent, within(header.closest('tr') as HTMLElement).getByRole('cell').textContent]),
  );
  return { panel, values };
}

describe('AnalysisDisplay (spec §2 Analysis display per burn)', () => {
  it('shows a red cross with the error message on hover', async () => {
    renderInAdmin(<AnalysisDisplay log={log(CGO1_ANALYSIS, { error_message: "Line 57: t1 'abc' is not a number." })} />);
    expect(screen.getByRole('img', { name: 'Analysis error' })).toHaveAttribute('data-status', 'cross');
    expect(screen.queryByRole('img', { name: 'Valid burn' })).not.toBeInTheDocument();
    const tooltip = await hoverIcon('Analysis error');
    expect(tooltip.getByText("Line 57: t1 'abc' is not a number.")).toBeInTheDocument();
  });

  it('shows a green tick for a valid result, with every field and its unit in the hover panel', async () => {
    renderInAdmin(<AnalysisDisplay log={log(CGO1_ANALYSIS)} />);
    expect(screen.getByRole('img', { name: 'Valid burn' })).toHaveAttribute('data-status', 'tick');
    const { panel, values } = await hoverPanel('Valid burn');
    // exactly the common fields: no Terrafix temperatures for a C-Go-1
    expect(values).toEqual({
      'Zero weight': '10,234.50 counts',
      'Per unit weight': '21.3456 counts/g',
      'Burn duration': '3h 25m 7s',
      'Charing rate': '0.53 kg/m',
      'Loading rate': '4.21 kg/m',
      'Biomass loaded': '1,234.57 kg',
      'Biochar prior to quench': '320.10 kg',
      'Unpyrolised biomass': '112.04 kg',
      'Biochar produced': '208.06 kg',
      'CO2 removed': '507.67 kg',
      'Algorithm version': '2.0.0',
      'Skipped lines': '2',
    });
    expect(panel.queryByText('Failed rules')).not.toBeInTheDocument();
  });

  it("shows a red cross for an invalid result, with the failed rules' sentences", async () => {
    const reasons = [
      { code: 'GPS_OUTSIDE', message: "The log's position (10, 10) lies outside the facility's area." },
      { code: 'TEMP_LOW', message: 'The cooler thermocouple was at or above 350 °C for 12 min of the burn.' },
    ];
    renderInAdmin(<AnalysisDisplay log={log({ ...CGO1_ANALYSIS, valid: 'false', reasons })} />);
    expect(screen.getByRole('img', { name: 'Invalid burn' })).toHaveAttribute('data-status', 'cross');
    const { panel, values } = await hoverPanel('Invalid burn');
    expect(panel.getByText('Failed rules')).toBeInTheDocument();
    const items = panel.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([`GPS outside the facility: ${reasons[0].message}`, `Too cold: ${reasons[1].message}`]);
    expect(values).toMatchObject({ 'CO2 removed': '507.67 kg' });
  });

  it('shows the Terrafix temperatures with 2 decimals and both biochar estimates', async () => {
    renderInAdmin(<AnalysisDisplay log={log(TERRAFIX_ANALYSIS, { type: 2 })} />);
    const { values } = await hoverPanel('Valid burn');
    expect(values).toMatchObject({
      'Min temp 1': '20.50 °C',
      'Max temp 1': '812.35 °C',
      'Min temp 2': '19.00 °C',
      'Max temp 2': '790.10 °C',
      'Biochar from changeover': '250.00 kg',
      'Biochar less change': '212.50 kg',
    });
  });

  it('shows nothing without an error or a result longer than 3 characters', () => {
    const { container } = renderInAdmin(
      <>
        <AnalysisDisplay log={log(null)} />
        <AnalysisDisplay log={log('{}')} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("says 'Unknown kiln type.' for a result of an unknown kiln type", async () => {
    renderInAdmin(<AnalysisDisplay log={log(CGO1_ANALYSIS, { type: 9 })} />);
    const tooltip = await hoverIcon('Valid burn');
    expect(tooltip.getByText('Unknown kiln type.')).toBeInTheDocument();
    expect(tooltip.queryByRole('rowheader')).not.toBeInTheDocument();
  });

  it('shows the chart beside it on hover, fetching the chart data only then', async () => {
    const getKilnLog = vi.fn(async () => ({
      id: 7,
      chart_data: [
        { ts: Date.UTC(2026, 2, 1, 6, 0), t1: 25, t2: 24, w: 10 },
        { ts: Date.UTC(2026, 2, 1, 7, 0), t1: 650, t2: 600, w: 80 },
      ],
    }));
    renderInAdmin(<AnalysisDisplay log={log(CGO1_ANALYSIS)} />, { getKilnLog });
    expect(getKilnLog).not.toHaveBeenCalled();
    await userEvent.hover(screen.getByRole('button', { name: 'Show burn chart' }));
    const figure = await screen.findByRole('figure', { name: 'Burn chart' });
    expect(getKilnLog).toHaveBeenCalledWith(7);
    await waitFor(() => expect(figure.querySelectorAll('.recharts-line')).toHaveLength(3));
    expect(within(figure).getByText('weight x10 (kg)')).toBeInTheDocument();
  });
});
