import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_STORAGE_KEY, getToken } from '../../src/providers/session';
import { makeToken } from '../helpers/tokens';
import { json, logInAs, mockFetch, renderApp } from './support/renderApp';
import { page } from './support/kilnLogs';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const quietReactAdminErrors = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('Session', () => {
  it('logs out on a 401 and shows the login screen in place', { timeout: 15000 }, async () => {
    quietReactAdminErrors();
    const user = userEvent.setup();
    await logInAs(3);
    mockFetch(() => json({ message: 'Authentication required.' }, 401));
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'User Profile' });
    await user.type(screen.getByLabelText('Password'), 'Abcdef12!xyz');
    await user.type(screen.getByLabelText('Repeat Password'), 'Abcdef12!xyz');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(screen.queryByText('Password successfully updated. Please log out and login.')).not.toBeInTheDocument();
  });

  it('stays logged in on a 403', async () => {
    quietReactAdminErrors();
    await logInAs(3);
    mockFetch(() => json({ message: 'Forbidden.' }, 403));
    renderApp('/home');
    expect(await screen.findByText('The recent changes could not be loaded.')).toBeInTheDocument();
    expect(getToken()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('treats an expired token as none', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, await makeToken({ role: 0 }, { expiresAt: Math.floor(Date.now() / 1000) - 5 }));
    mockFetch(() => json([]));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('treats an unparsable token as none', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'garbage');
    mockFetch(() => json([]));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('logs out when the token expires, staying on the page', async () => {
    // long enough for the lazily loaded Kiln Logs page to show before the token runs out
    sessionStorage.setItem(TOKEN_STORAGE_KEY, await makeToken({ role: 3 }, { expiresAt: Math.floor(Date.now() / 1000) + 6 }));
    mockFetch(() => page([]));
    renderApp('/kiln_logs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiln Logs' }, { timeout: 4500 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 9000 })).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/kiln_logs');
  }, 15_000);
});
