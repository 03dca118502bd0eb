import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getToken } from '../../src/providers/session';
import { renderAppAs } from './support/renderApp';
import { windowWidth } from './support/windowWidth';

afterEach(() => vi.unstubAllGlobals());

async function menuBar() {
  return within(await screen.findByRole('navigation', { name: 'Main menu' }));
}

const buttonNames = (nav: ReturnType<typeof within>) => nav.getAllByRole('button').map((b: HTMLElement) => b.textContent);

async function itemsOf(group: string) {
  const user = userEvent.setup();
  await user.click((await menuBar()).getByRole('button', { name: group }));
  const menu = await screen.findByRole('menu', { name: group });
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return items;
}

describe('Top menu', () => {
  it('role 3 sees Configure, Analyse and Audit with Propose Audit, and no Eco Assets', async () => {
    await renderAppAs(3, '/home');
    const nav = await menuBar();
    expect(buttonNames(nav)).toEqual(['Home', 'Configure', 'Analyse', 'Audit', 'Logout']);
    expect(await itemsOf('Configure')).toEqual(['Facilities', 'Kilns']);
    expect(await itemsOf('Analyse')).toEqual(['Kiln Logs', 'Archived Kiln Logs', 'Fleet', 'Batches']);
    expect(await itemsOf('Audit')).toEqual(['Propose Audit', 'Carbon Removals', 'Audit History']);
  });

  it('on a phone folds into one Menu button listing the same groups and items, then Logout (m10)', async () => {
    windowWidth(390);
    const user = userEvent.setup();
    await renderAppAs(3, '/home');
    const nav = await menuBar();
    expect(buttonNames(nav)).toEqual(['Menu']);
    await user.click(nav.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('menu', { name: 'Menu' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Home',
      'Profile',
      'Facilities',
      'Kilns',
      'Kiln Logs',
      'Archived Kiln Logs',
      'Fleet',
      'Batches',
      'Propose Audit',
      'Carbon Removals',
      'Audit History',
      'Logout',
    ]);
    expect(within(menu).getByText('Analyse')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Archived Kiln Logs' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Archived Kiln Logs' })).toBeInTheDocument();
  });

  it('role 1 sees only Home (with Profile) and Logout', async () => {
    await renderAppAs(1, '/home', 'uploader');
    expect(buttonNames(await menuBar())).toEqual(['Home', 'Logout']);
    expect(await itemsOf('Home')).toEqual(['Home', 'Profile']);
  });

  it('is operable with the keyboard and opens the page of the chosen item', async () => {
    const user = userEvent.setup();
    await renderAppAs(3, '/home');
    (await menuBar()).getByRole('button', { name: 'Analyse' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Analyse' });
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Kiln Logs' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Archived Kiln Logs' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/archived_kiln_logs');
  });

  it('logs out: clears the token, goes to /home and shows the login screen there', async () => {
    const user = userEvent.setup();
    await renderAppAs(3, '/kiln_logs');
    await user.click((await menuBar()).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(getToken()).toBeNull();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('Routes', () => {
  it('shows the error page for an unknown route', async () => {
    await renderAppAs(0, '/no/such/page');
    expect(await screen.findByText('Oops! Sorry, an unexpected error has occurred.')).toBeInTheDocument();
  });

  it('refuses a page the rules do not grant, even by its URL', async () => {
    await renderAppAs(1, '/facilities');
    // refused, not crashed (m12)
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Facilities' })).not.toBeInTheDocument();
  });

  it('opens a granted page', async () => {
    await renderAppAs(4, '/kiln_reg');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiln Registry' })).toBeInTheDocument();
  });
});
