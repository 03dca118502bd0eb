import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const LOADED = { timeout: 5000 };

/** The console's calls the eco-asset screens make, answered empty. */
const emptyApi = (url: string) =>
  url.startsWith('/api/eco-asset/available_co2')
    ? json({ audits_by_facility: {} })
    : url.startsWith('/api/dropdowns/facilities')
      ? json({ data: [] })
      : json([]);

describe('the eco-asset screens in the app (spec §2, §6)', () => {
  it("the broker's menu offers Review Eco Assets and Minting, which open their screens at their paths", async () => {
    const user = userEvent.setup();
    await logInAs(5, 'broker');
    mockFetch(emptyApi);
    renderApp('/home');
    const nav = within(await screen.findByRole('navigation', { name: 'Main menu' }, LOADED));
    await user.click(nav.getByRole('button', { name: 'Eco Assets' }));
    const menu = within(await screen.findByRole('menu', { name: 'Eco Assets' }));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Review Eco Assets', 'Minting']);
    await user.click(menu.getByRole('menuitem', { name: 'Minting' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Eco-Asset Minting' }, LOADED)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/eco-assets/create');
    await waitFor(() => expect(document.title).toBe('Eco-Asset Minting · Kiln Console'));
    expect(await screen.findByText('No audited CO2 is available to mint.', {}, LOADED)).toBeInTheDocument();
  });

  it('opens the broker review at eco-assets/review with no list until a facility is chosen', async () => {
    await logInAs(5, 'broker');
    const fetchMock = mockFetch(emptyApi);
    renderApp('/eco-assets/review');
    expect(await screen.findByRole('heading', { level: 1, name: 'Eco-Asset Broker Review' }, LOADED)).toBeInTheDocument();
    expect(screen.getByText('Select a facility to see the eco assets minted from its audits.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/eco-asset/list'))).toEqual([]);
  });

  it('a role without the eco-asset rules has no Eco Assets menu and gets the error page at the paths', async () => {
    await logInAs(3);
    mockFetch(emptyApi);
    renderApp('/eco-assets/create');
    expect(await screen.findByText('You do not have access to this page.', {}, LOADED)).toBeInTheDocument();
    const nav = within(await screen.findByRole('navigation', { name: 'Main menu' }));
    expect(nav.queryByRole('button', { name: 'Eco Assets' })).not.toBeInTheDocument();
  });
});
