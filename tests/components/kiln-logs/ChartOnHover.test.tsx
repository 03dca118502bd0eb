import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { ChartOnHover } from '../../../src/kiln-logs/ChartOnHover';
import { CGO1_ANALYSIS } from '../../helpers/analysisResults';
import { renderInAdmin } from '../support/renderInAdmin';
import { windowWidth } from '../support/windowWidth';

const START = Date.UTC(2026, 2, 1, 6, 0);
const detail = {
  id: 7,
  analysis: JSON.stringify({
    ...CGO1_ANALYSIS,
    loads: [{ ts: START + 5 * 60_000, kg: 150 }],
    phases: {
      start_ts: START + 5 * 60_000,
      quench_ts: START + 50 * 60_000,
      quench_found: true,
      changeover_ts: null,
      pyrolysis_spans: [[START + 10 * 60_000, START + 45 * 60_000]],
    },
  }),
  chart_data: Array.from({ length: 61 }, (_, i) => ({ ts: START + i * 60_000, t1: 400, t2: 380, w: 100 })),
  data_sample: [],
};

// the chart's code is loaded on first use: on a busy machine that takes longer than findBy's second
const CHART_LOADED = { timeout: 5000 };

function renderIcon() {
  const getKilnLog = vi.fn().mockResolvedValue(detail);
  renderInAdmin(<ChartOnHover logId={7} />, { getKilnLog } as Partial<DataProvider>);
  return { getKilnLog };
}

afterEach(() => vi.unstubAllGlobals());

describe('ChartOnHover', () => {
  it('shows the chart with its marks on hover, fetched only then', async () => {
    windowWidth(1280);
    const { getKilnLog } = renderIcon();
    expect(getKilnLog).not.toHaveBeenCalled();
    await userEvent.hover(screen.getByRole('button', { name: 'Show burn chart' }));
    expect(await screen.findByRole('figure', { name: 'Burn chart' })).toBeInTheDocument();
    expect(await screen.findByText('+150.0 kg', {}, CHART_LOADED)).toBeInTheDocument();
    expect(screen.getByText('quench')).toBeInTheDocument();
    expect(screen.getByText('Shaded: the time counted at or above 350 °C.')).toBeInTheDocument();
    expect(getKilnLog).toHaveBeenCalledWith(7);
  });

  it('stays open when pinned, after the pointer leaves, until it is closed', async () => {
    windowWidth(1280);
    renderIcon();
    const icon = screen.getByRole('button', { name: 'Show burn chart' });
    await userEvent.hover(icon);
    await userEvent.click(await screen.findByRole('button', { name: 'Keep the chart open' }));
    expect(screen.getByRole('button', { name: 'Let the chart close' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.unhover(icon);
    await userEvent.click(document.body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('figure', { name: 'Burn chart' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close the chart' }));
    await waitFor(() => expect(screen.queryByRole('figure', { name: 'Burn chart' })).toBeNull());
  });

  it('closes on Escape even when pinned, the focus staying on the icon', async () => {
    windowWidth(1280);
    renderIcon();
    const icon = screen.getByRole('button', { name: 'Show burn chart' });
    await userEvent.click(icon);
    expect(icon).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('figure', { name: 'Burn chart' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('figure', { name: 'Burn chart' })).toBeNull());
    expect(icon).toHaveAttribute('aria-pressed', 'false');
    expect(icon).toHaveFocus();
  });

  it('opens a full-screen dialog in a narrow window', async () => {
    windowWidth(600);
    renderIcon();
    await userEvent.hover(screen.getByRole('button', { name: 'Show burn chart' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show burn chart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Burn chart' });
    expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
    expect(await screen.findByText('+150.0 kg', {}, CHART_LOADED)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close the chart' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
