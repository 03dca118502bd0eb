import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '../../../src/domain/api/users';
import { USERS, logInAsNewbie, newbieToken } from './userFixtures';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/session';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';

afterEach(() => vi.unstubAllGlobals());
// whole-console renders on a loaded 2-core machine
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30000 });

const page = (rows: unknown[]) =>
  new Response(JSON.stringify(rows), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Content-Range': `items 0-${rows.length - 1}/${rows.length}` },
  });

/** Serves the New User form: its facility choices, the user list, and each POST /api/users recorded and answered as `created`. */
function serveUserCreation(created: User, facilities: unknown[]) {
  const posted: unknown[] = [];
  mockFetch((url, init) => {
    if (url === '/api/users' && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return json(created, 201);
    }
    if (url.startsWith('/api/users/facilities')) return json(facilities);
    return url.startsWith('/api/users') ? page(USERS) : json([]);
  });
  return posted;
}

describe('Users', () => {
  it('lists users with their role name, facilities, and whether they must still choose a password', async () => {
    await logInAs(2, 'useradmin');
    const fetchMock = mockFetch((url) => (url.startsWith('/api/users') ? page(USERS) : json([])));
    renderApp('/users');
    const row = (await screen.findByRole('cell', { name: 'facilityadmin' })).closest('tr')!;
    expect(within(row).getByText('Facility Admin')).toBeInTheDocument();
    expect(within(row).getByText('NRB').closest('[title]')).toHaveAttribute('title', 'Nairobi Biochar');
    expect(within(row).getByText('Never · Must choose a password')).toBeInTheDocument();
    const url = new URL(fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/users'))![0] as string, 'http://x');
    expect(url.searchParams.get('sort')).toBe('["username","ASC"]');
    expect(screen.getByRole('link', { name: 'New User' })).toHaveAttribute('href', '/users/create');
  });

  it('searches by name through the API filter and says when nothing matches', async () => {
    await logInAs(2, 'useradmin');
    const filters: string[] = [];
    mockFetch((url) => {
      if (!url.startsWith('/api/users')) return json([]);
      const filter = new URL(url, 'http://x').searchParams.get('filter') ?? '{}';
      filters.push(filter);
      return page(filter.includes('zzz') ? [] : USERS);
    });
    renderApp('/users');
    await screen.findByRole('cell', { name: 'facilityadmin' });
    await userEvent.setup().type(screen.getByPlaceholderText('Search'), 'zzz');
    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
    expect(filters.at(-1)).toBe('{"q":"zzz"}');
  });

  it('checks a new user with the shared rules before sending, then sends only what the API takes', async () => {
    await logInAs(2, 'useradmin');
    const posted = serveUserCreation({ ...USERS[1], id: 9, username: 'newbie' }, [{ id: 1, mnemonic: 'NRB', name: 'Nairobi Biochar' }]);
    renderApp('/users/create');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Username/ }), 'newbie');
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    // a user-admin cannot give the super-admin role
    expect(screen.queryByRole('option', { name: 'Super Admin' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Kiln File Admin' }));
    await user.type(screen.getByLabelText(/^Temporary Password/), 'password12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Too weak/)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.clear(screen.getByLabelText(/^Temporary Password/));
    await user.type(screen.getByLabelText(/^Temporary Password/), 'Temp-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toEqual([{ username: 'newbie', password: 'Temp-Pass-2026!', role: 3, facility_ids: [] }]));
  });

  it('warns a super-admin before a new facility admin takes a facility from its owner, naming both (M9)', async () => {
    await logInAs(0, 'superadmin');
    const posted = serveUserCreation({ ...USERS[0], id: 9, username: 'newbie' }, [
      { id: 1, mnemonic: 'NRB', name: 'Nairobi Biochar', owner_id: 5, owner_username: 'facilityadmin' },
    ]);
    renderApp('/users/create');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'New User' })).toBeInTheDocument();
    const username = await screen.findByRole('textbox', { name: /^Username/ });
    // marked required (the asterisk), as Role is
    expect(document.querySelector(`label[for="${username.id}"]`)).toHaveTextContent(/^Username\s*\*$/);
    await user.type(username, 'newbie');
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'Facility Admin' }));
    await user.click(screen.getByRole('combobox', { name: /^Facilities/ }));
    // the option names the current owner
    await user.click(await screen.findByRole('option', { name: 'NRB – Nairobi Biochar (facilityadmin)' }));
    await user.type(screen.getByLabelText(/^Temporary Password/), 'Temp-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('dialog', { name: 'Move facilities from their owner?' });
    expect(warning).toHaveTextContent('NRB – Nairobi Biochar belongs to facilityadmin. Saving moves it to this user');
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Move facilities from their owner?' })).getByRole('button', { name: 'Move' }),
    );
    await waitFor(() => expect(posted).toEqual([{ username: 'newbie', password: 'Temp-Pass-2026!', role: 4, facility_ids: [1] }]));
  });

  it("shows a user's recorded changes on the edit page beside the password reset and delete", async () => {
    await logInAs(2, 'useradmin');
    mockFetch((url) => {
      if (url === '/api/users/5/changes') {
        return json([
          {
            id: 2,
            user_id: 5,
            username: 'facilityadmin',
            actor_id: 3,
            actor_username: 'useradmin',
            action: 'update',
            detail: { role: { from: 3, to: 4 }, facility_ids: { from: [], to: [1] } },
            ts: '2026-03-01T10:00:00.000Z',
          },
          {
            id: 1,
            user_id: 5,
            username: 'facilityadmin',
            actor_id: 1,
            actor_username: 'superadmin',
            action: 'create',
            detail: { role: { from: null, to: 3 } },
            ts: '2026-02-01T10:00:00.000Z',
          },
        ]);
      }
      if (url === '/api/users/facilities') return json([{ id: 1, mnemonic: 'NRB', name: 'Nairobi Biochar' }]);
      if (url === '/api/users/5') return json(USERS[0]);
      return json([]);
    });
    renderApp('/users/5');
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('useradmin');
    await waitFor(() => expect(rows[1]).toHaveTextContent('Changed; role Kiln File Admin → Facility Admin; facilities none → NRB'));
    expect(rows[2]).toHaveTextContent('Created; role none → Kiln File Admin');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});

describe("another's super-admin account", () => {
  it('is read-only for a user-admin: no save, reset or delete (the server refuses them with 403)', async () => {
    await logInAs(2, 'useradmin');
    const superadmin: User = { ...USERS[1], id: 1, username: 'superadmin', role: 0, role_name: 'Super Admin' };
    mockFetch((url) => (url === '/api/users/1' ? json(superadmin) : json([])));
    renderApp('/users/1');
    expect(await screen.findByText("Only a super-admin may change a super-admin's account.")).toBeInTheDocument();
    // the role is named, though a user-admin could not give it
    expect(screen.getByRole('combobox', { name: /^Role/ })).toHaveTextContent('Super Admin');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('a password a user-admin set', () => {
  it('opens only the password change, then logs in again with the chosen password', async () => {
    await logInAsNewbie();
    const calls: string[] = [];
    const fresh = await newbieToken({ ver: 1 });
    mockFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url === '/api/user/newbie/update') return json({ status: 1 });
      if (url === '/api/auth') return new Response(fresh, { status: 200 });
      return json([]);
    });
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Choose Your Password' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New Password/), 'Own-Kiln-Pass-77?');
    expect(screen.getByRole('button', { name: 'Set Password' })).toBeDisabled();
    await user.type(screen.getByLabelText(/^Repeat Password/), 'Own-Kiln-Pass-77?');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(calls.slice(0, 2)).toEqual(['POST /api/user/newbie/update', 'POST /api/auth']);
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
  });
});
