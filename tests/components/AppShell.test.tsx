import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../src/layout/preferences';
import { json, logInAs, mockFetch, renderApp } from './support/renderApp';

afterEach(() => vi.unstubAllGlobals());

describe('App shell', () => {
  it('has the header, navigation, main and footer landmarks when logged in', async () => {
    await logInAs(0);
    mockFetch(() => json([]));
    renderApp('/home');
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('saves the Dark Mode choice locally and applies the dark theme', async () => {
    const user = userEvent.setup();
    mockFetch(() => json([]));
    const { unmount } = renderApp('/home');
    const toggle = await screen.findByRole('switch', { name: 'Dark Mode' });
    expect(toggle).not.toBeChecked();
    const lightBackground = getComputedStyle(document.body).backgroundColor;

    await user.click(toggle);
    expect(localStorage.getItem(STORAGE_KEYS.darkMode)).toBe('true');
    expect(getComputedStyle(document.body).backgroundColor).not.toBe(lightBackground);

    unmount();
    renderApp('/home');
    expect(await screen.findByRole('switch', { name: 'Dark Mode' })).toBeChecked();
  });

  it('shows the cookie banner until accepted, and remembers the acceptance', async () => {
    const user = userEvent.setup();
    mockFetch(() => json([]));
    const { unmount } = renderApp('/home');
    expect(await screen.findByText('We use cookies to improve your experience.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByText('We use cookies to improve your experience.')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.cookiesAccepted)).toBe('true');

    unmount();
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.queryByText('We use cookies to improve your experience.')).not.toBeInTheDocument();
  });
});
