import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getToken } from '../../src/providers/session';
import { makeToken } from '../helpers/tokens';
import { json, mockFetch, renderApp } from './support/renderApp';

afterEach(() => vi.unstubAllGlobals());

const loginButton = () => screen.getByRole('button', { name: 'Login' });

describe('Login', () => {
  it('shows only the login screen when logged out, whatever the route', async () => {
    mockFetch(() => json([]));
    renderApp('/facilities');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('enables Login only when both fields have content', async () => {
    const user = userEvent.setup();
    mockFetch(() => json([]));
    renderApp('/home');
    const username = await screen.findByLabelText(/^Username/);
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(loginButton()).toBeDisabled();

    await user.type(username, 'kilnadmin');
    expect(loginButton()).toBeDisabled();
    await user.type(password, 'x');
    expect(loginButton()).toBeEnabled();
    await user.clear(username);
    expect(loginButton()).toBeDisabled();
    expect(screen.getByText('Required')).toBeInTheDocument();
  });

  it('shows the field tooltips', async () => {
    const user = userEvent.setup();
    mockFetch(() => json([]));
    renderApp('/home');
    await user.hover(await screen.findByLabelText(/^Username/));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Enter your username.');
    await user.unhover(screen.getByLabelText(/^Username/));
    await user.hover(screen.getByLabelText(/^Password/));
    expect(await screen.findByText('Your secret password to authenticate.')).toBeInTheDocument();
  });

  it('shows one tooltip at a time: hovering one field while the other has focus', async () => {
    const user = userEvent.setup();
    mockFetch(() => json([]));
    renderApp('/home');
    // the username field has focus at start, so its tooltip shows
    const username = await screen.findByLabelText(/^Username/);
    await user.click(username);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Enter your username.');
    await user.hover(screen.getByLabelText(/^Password/));
    expect(await screen.findByText('Your secret password to authenticate.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('tooltip')).toHaveLength(1));
  });

  it('notifies the failure with its title and text, and stays on the login screen', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(() => json({ message: 'Credentials provided were incorrect.' }, 401));
    renderApp('/home');
    await user.type(await screen.findByLabelText(/^Username/), 'kilnadmin');
    await user.type(screen.getByLabelText(/^Password/), 'wrong{Enter}');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Authentication Failure')).toBeInTheDocument();
    expect(within(alert).getByText('Credentials provided were incorrect. Please try again.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth', expect.objectContaining({ method: 'POST' }));
    const body = JSON.parse(String(fetchMock.mock.calls[0][1]?.body));
    expect(body).toEqual({ username: 'kilnadmin', password: 'wrong' });
    expect(getToken()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it("shows the server's message when the login could not be checked (503: the database is down), not a wrong-credentials text", async () => {
    const user = userEvent.setup();
    const message = 'The database is unavailable at the moment. Please try again shortly.';
    mockFetch(() => json({ message }, 503));
    renderApp('/home');
    await user.type(await screen.findByLabelText(/^Username/), 'kilnadmin');
    await user.type(screen.getByLabelText(/^Password/), 'kiln-demo{Enter}');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Authentication Failure')).toBeInTheDocument();
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(within(alert).queryByText('Credentials provided were incorrect. Please try again.')).not.toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('stores the token and opens the page asked for on success', async () => {
    const user = userEvent.setup();
    const token = await makeToken({ sub: 'kilnadmin', role: 3 });
    mockFetch((url) => (url === '/api/auth' ? new Response(token, { status: 200 }) : json([])));
    renderApp('/profile');
    await user.type(await screen.findByLabelText(/^Username/), 'kilnadmin');
    await user.type(screen.getByLabelText(/^Password/), 'kiln-demo');
    await user.click(loginButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'User Profile' })).toBeInTheDocument();
    expect(getToken()).toBe(token);
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });
});
