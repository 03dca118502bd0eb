import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginApp from '../../src/login/LoginApp';
import { getToken } from '../../src/providers/session';
import { makeToken } from '../helpers/tokens';
import { json, mockFetch } from './support/renderApp';

afterEach(() => vi.unstubAllGlobals());

/** The login screen a visitor without a session gets before react-admin has loaded (src/main.tsx). */
describe('LoginApp', { timeout: 20000 }, () => {
  it('logs in, loading the console meanwhile, and opens it once both are done', async () => {
    const user = userEvent.setup();
    const token = await makeToken({ sub: 'kilnadmin', role: 3 });
    mockFetch((url) => (url === '/api/auth' ? new Response(token, { status: 200 }) : json([])));
    let consoleLoaded!: () => void;
    const loadConsole = vi.fn(() => new Promise<void>((resolve) => (consoleLoaded = resolve)));
    const onLoggedIn = vi.fn();
    render(<LoginApp loadConsole={loadConsole} onLoggedIn={onLoggedIn} />);

    expect(screen.getByRole('banner')).toHaveTextContent('Kiln Console');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Dark Mode');
    await user.type(screen.getByLabelText(/^Username/), 'kilnadmin');
    await user.type(screen.getByLabelText(/^Password/), 'kiln-demo{Enter}');
    await vi.waitFor(() => expect(getToken()).toBe(token));
    expect(loadConsole).toHaveBeenCalledTimes(1);
    expect(onLoggedIn).not.toHaveBeenCalled();
    consoleLoaded();
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
  });

  it('notifies a refused login with its title and text and opens nothing', async () => {
    const user = userEvent.setup();
    mockFetch(() => json({ message: 'Credentials provided were incorrect.' }, 401));
    const onLoggedIn = vi.fn();
    render(<LoginApp loadConsole={() => Promise.resolve()} onLoggedIn={onLoggedIn} />);
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    await user.type(screen.getByLabelText(/^Username/), 'kilnadmin');
    await user.type(screen.getByLabelText(/^Password/), 'wrong{Enter}');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Authentication Failure')).toBeInTheDocument();
    expect(within(alert).getByText('Credentials provided were incorrect. Please try again.')).toBeInTheDocument();
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });
});
