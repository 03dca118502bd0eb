import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AnalysisDisplay } from '../../../src/kiln-logs/AnalysisDisplay';
import { CGO1_ANALYSIS } from '../support/kilnLogs';
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

const rowValue = (panel: ReturnType<typeof within>, label: string) =>
  within(panel.getByRole('rowheader', { name: label }).closest('tr') as HTMLElement).getAllByRole('cell')[0].textContent;

describe('AnalysisDisplay (spec §2 Analysis display per burn)', () => {
  it('shows a red cross with the error message on hover', async () => {
    renderInAdmin(<AnalysisDisplay log={log(CGO1_ANALYSIS, { error_message: 'Line 57: t1 \'abc\' is not a number.' })} />);
    expect(screen.getByRole('img', { name: 'Analysis error' })).toHaveAttribute('data-status', 'cross');
    expect(screen.queryByRole('img', { name: 'Valid burn' })).not.toBeInTheDocument();
    const tooltip = await hoverIcon('Analysis error');
    expect(tooltip.getByText("Line 57: t1 'abc' is not a number.")).toBeInTheDocument();
  });

  it('shows a green tick for a valid result, with every field and its unit in the hover panel', async () => {
    renderInAdmin(<AnalysisDisplay log={log(CGO1_ANALYSIS)} />);
    expect(screen.getByRole('img', { name: 'Valid burn' })).toHaveAttribute('data-status', 'tick');
    const panel = await hoverIcon('Valid burn');
    expect(rowValue(panel, 'Zero weight')).toBe('10,234.50');
    expect(rowValue(panel, 'Per unit weight')).toBe('21.3456');
    expect(rowValue(panel, 'Burn duration')).toBe('3h 25m 7s');
    expect(rowValue(panel, 'Charing rate')).toBe('0.53 kg/m');
    expect(rowValue(panel, 'Loading rate')).toBe('4.21 kg/m');
    expect(rowValue(panel, 'Biomass loaded')).toBe('1,234.57 kg');
    expect(rowValue(panel, 'Biochar prior to quench')).toBe('320.10 kg');
    expect(rowValue(panel, 'Unpyrolised biomass')).toBe('112.04 kg');
    expect(rowValue(panel, 'Biochar produced')).toBe('208.06 kg');
    expect(rowValue(panel, 'CO2 removed')).toBe('507.67 kg');
    expect(panel.queryByText('Failed rules')).not.toBeInTheDocument();
    expect(panel.queryByRole('rowheader', { name: 'Max temp 1' })).not.toBeInTheDocument();
  });

  it("shows a red cross for an invalid result, with the failed rules' sentences", async () => {
    const reasons = [
      { code: 'GPS_OUTSIDE', message: "The log's position (10, 10) lies outside the facility's area." },
      { code: 'TEMP_LOW', message: 'The cooler thermocouple was at or above 350 °C for 12 min of the burn.' },
    ];
    renderInAdmin(<AnalysisDisplay log={log({ ...CGO1_ANALYSIS, valid: 'false', reasons })} />);
    expect(screen.getByRole('img', { name: 'Invalid burn' })).toHaveAttribute('data-status', 'cross');
    const panel = await hoverIcon('Invalid burn');
    expect(panel.getByText('Failed rules')).toBeInTheDocument();
    const items = panel.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([`GPS outside the facility: ${reasons[0].message}`, `Too cold: ${reasons[1].message}`]);
    expect(rowValue(panel, 'CO2 removed')).toBe('507.67 kg');
  });

  it('shows the Terrafix temperatures with 2 decimals and both biochar estimates', async () => {
    const terrafix = {
      ...CGO1_ANALYSIS,
      min_temp_1: 20.5,
      max_temp_1: 812.345,
      min_temp_2: 19,
      max_temp_2: 790.1,
      BIOCHAR_FROM_CHANGEOVER: 250,
      BIOCHAR_LESS_CHANGE: 212.5,
    };
    renderInAdmin(<AnalysisDisplay log={log(terrafix, { type: 2 })} />);
    const panel = await hoverIcon('Valid burn');
    expect(rowValue(panel, 'Min temp 1')).toBe('20.50 °C');
    expect(rowValue(panel, 'Max temp 1')).toBe('812.35 °C');
    expect(rowValue(panel, 'Min temp 2')).toBe('19.00 °C');
    expect(rowValue(panel, 'Max temp 2')).toBe('790.10 °C');
    expect(rowValue(panel, 'Biochar from changeover')).toBe('250.00 kg');
    expect(rowValue(panel, 'Biochar less change')).toBe('212.50 kg');
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
    const getKilnLogDetail = vi.fn(async () => ({
      id: 7,
      chart_data: [
        { ts: Date.UTC(2026, 2, 1, 6, 0), t1: 25, t2: 24, w: 10 },
        { ts: Date.UTC(2026, 2, 1, 7, 0), t1: 650, t2: 600, w: 80 },
      ],
    }));
    renderInAdmin(<AnalysisDisplay log={log(CGO1_ANALYSIS)} />, { getKilnLogDetail });
    expect(getKilnLogDetail).not.toHaveBeenCalled();
    await userEvent.hover(screen.getByRole('button', { name: 'Show burn chart' }));
    const figure = await screen.findByRole('figure', { name: 'Burn chart' });
    expect(getKilnLogDetail).toHaveBeenCalledWith(7);
    await waitFor(() => expect(figure.querySelectorAll('.recharts-line')).toHaveLength(3));
    expect(within(figure).getByText('weight x10 (kg)')).toBeInTheDocument();
  });
});
