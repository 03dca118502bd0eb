import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { json, logInAs, mockFetch, renderApp } from './support/renderApp';
import { page } from './support/kilnLogs';

afterEach(() => vi.unstubAllGlobals());

const LOADED = { timeout: 5000 };

describe('every screen names itself in the browser tab', () => {
  it.each([
    ['/kiln_logs', 'Kiln Logs · Kiln Console'],
    ['/kiln_reg', 'Kiln Registry · Kiln Console'],
    ['/home', 'Home · Kiln Console'],
    ['/profile', 'User Profile · Kiln Console'],
    ['/audit/create', 'Propose Audit · Kiln Console'],
  ])('%s → %s', async (path, title) => {
    await logInAs(0, 'superadmin');
    mockFetch((url) => (url.startsWith('/api/kilnlogs?') ? page([]) : json(url === '/api/changes' ? [] : { kilns: [], facilities: [] })));
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title), LOADED);
  });

  it('the login screen too', async () => {
    mockFetch(() => json({}));
    renderApp('/home');
    await screen.findByRole('heading', { name: 'Login' }, LOADED);
    expect(document.title).toBe('Login · Kiln Console');
  });
});
