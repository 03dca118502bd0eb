import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '../../../src/domain/api/users';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';
import { confirmDelete, deletesOf, expectNotified, quietFailedCalls } from '../support/writeOutcome';
import { USERS, logInAsNewbie } from './userFixtures';

quietFailedCalls();
// whole-console renders on a loaded 2-core machine
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30000 });

/**
 * The Users screens' writes follow the one outcome policy of every form
 * (forms/useFormSave.ts): 'Error persisting user.' with the spec's text by
 * status, a refusal's own sentence in its place, and a 400's reasons on the
 * fields they name.
 */

const KILN_ADMIN: User = { ...USERS[1], id: 6, last_login_ts: null };

/** Answers the edit page of user 6 (as given), its changes and the facility choices; `write` answers any other call. */
function userPage(user: User, write: (url: string, init: RequestInit) => Response) {
  return mockFetch((url, init) => {
    if (init.method && init.method !== 'GET') return write(url, init);
    if (url === '/api/users/6') return json(user);
    if (url === '/api/users/facilities') return json([]);
    return json([]);
  });
}

async function typeNewUser() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /^Username/ }), 'kilnadmin');
  await user.click(screen.getByRole('combobox', { name: /^Role/ }));
  await user.click(screen.getByRole('option', { name: 'Kiln File Admin' }));
  await user.type(screen.getByLabelText(/^Temporary Password/), 'Temp-Pass-2026!');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return user;
}

describe('New User', () => {
  it("puts a 400's reason on its field and says so, staying on the form until the field changes", async () => {
    await logInAs(2, 'useradmin');
    const reason = 'username is already in use.';
    mockFetch((url, init) => {
      if (url === '/api/users' && init.method === 'POST') return json({ message: reason, errors: { username: reason } }, 400);
      return json([]);
    });
    renderApp('/users/create');
    const user = await typeNewUser();
    await expectNotified('Error persisting user.', reason);
    const username = screen.getByRole('textbox', { name: /^Username/ });
    await waitFor(() => expect(username).toHaveAccessibleDescription(reason));
    expect(screen.getByTestId('location')).toHaveTextContent('/users/create');
    await user.type(username, '2');
    await waitFor(() => expect(username).not.toHaveAccessibleDescription(reason));
  });

  it('notifies a 500 with the title and the unknown server error', async () => {
    await logInAs(2, 'useradmin');
    mockFetch((url, init) => (url === '/api/users' && init.method === 'POST' ? json({ message: 'boom' }, 500) : json([])));
    renderApp('/users/create');
    await typeNewUser();
    await expectNotified('Error persisting user.', 'Unknown server error. Try again later or contact support.');
  });
});

describe('one user', () => {
  it("notifies a refused save (403) with the server's sentence", async () => {
    await logInAs(2, 'useradmin');
    const refusal = 'Only a super-admin may create, change or delete a super-admin.';
    userPage(KILN_ADMIN, () => json({ message: refusal }, 403));
    renderApp('/users/6');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^Role/ }));
    await user.click(screen.getByRole('option', { name: 'Kiln File Uploader' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectNotified('Error persisting user.', refusal);
  });

  it("puts a reset's 400 reason on the password, and notifies a 500", async () => {
    await logInAs(2, 'useradmin');
    const reason = 'password is too weak.';
    let status = 400;
    userPage(KILN_ADMIN, () => json(status === 400 ? { message: reason, errors: { password: reason } } : { message: 'boom' }, status));
    renderApp('/users/6');
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^Temporary Password/);
    await user.type(password, 'Temp-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByText('Error persisting user.');
    await waitFor(() => expect(password).toHaveAccessibleDescription(reason));
    // the entry stays for the user to correct
    expect(password).toHaveValue('Temp-Pass-2026!');

    status = 500;
    await user.type(password, '2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByText('Unknown server error. Try again later or contact support.')).toBeInTheDocument());
  });

  it("notifies a refused release (409) with the server's sentence", async () => {
    await logInAs(0, 'superadmin');
    const refusal = 'This account is not waiting for a release.';
    userPage({ ...KILN_ADMIN, locked: true }, (url) => (url === '/api/users/6/release' ? json({ message: refusal }, 409) : json({}, 500)));
    renderApp('/users/6');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Release' }));
    await expectNotified('Error persisting user.', refusal);
  });
});

describe("a user's delete", () => {
  /** The edit page of user 6, deleted after the confirmation; `answer` answers the DELETE. */
  async function deleteKilnAdmin(answer: () => Response) {
    await logInAs(2, 'useradmin');
    const fetchMock = userPage(KILN_ADMIN, (_url, init) => (init.method === 'DELETE' ? answer() : json([])));
    renderApp('/users/6');
    await confirmDelete();
    return fetchMock;
  }

  it('notifies a success as every write does and returns to the list', async () => {
    const fetchMock = await deleteKilnAdmin(() => json(KILN_ADMIN));
    expect(await screen.findByText('User deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/));
    expect(deletesOf(fetchMock)).toEqual(['/api/users/6']);
  });

  it.each([
    {
      status: 403,
      sentence: 'Only a super-admin may create, change or delete a super-admin.',
      text: 'Only a super-admin may create, change or delete a super-admin.',
    },
    {
      status: 409,
      sentence: 'The last super-admin cannot be deleted or given another role.',
      text: 'The last super-admin cannot be deleted or given another role.',
    },
    { status: 500, sentence: 'boom', text: 'Unknown server error. Try again later or contact support.' },
  ])(
    "notifies a failure ($status) by status with the texts of a user's save, and stays on the user",
    async ({ status, sentence, text }) => {
      await deleteKilnAdmin(() => json({ message: sentence }, status));
      await expectNotified('Error persisting user.', text);
      expect(screen.queryByText('User deleted.')).not.toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('/users/6');
    },
  );
});

describe('Choose Your Password', () => {
  it("notifies a 400 as Profile does and puts the server's reason on the new password", async () => {
    await logInAsNewbie();
    const reason = 'The password is one of the most common passwords.';
    mockFetch((url) => (url === '/api/user/newbie/update' ? json({ message: reason, errors: { pass: reason } }, 400) : json([])));
    renderApp('/home');
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^New Password/);
    await user.type(password, 'Own-Kiln-Pass-77?');
    await user.type(screen.getByLabelText(/^Repeat Password/), 'Own-Kiln-Pass-77?');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await expectNotified('Error persisting user.', 'Bad request, please check your inputs.');
    await waitFor(() => expect(password).toHaveAccessibleDescription(reason));
    expect(screen.getByRole('heading', { name: 'Choose Your Password' })).toBeInTheDocument();
  });
});
