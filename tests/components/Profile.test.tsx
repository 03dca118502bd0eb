import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, logInAs, mockFetch, renderApp } from './support/renderApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(() => logInAs(3, 'kilnadmin'));

const updateButton = () => screen.getByRole('button', { name: 'Update Password' });

async function openProfile() {
  const user = userEvent.setup();
  renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'User Profile' });
  const type = async (label: string, text: string) => {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (text) await user.type(input, text);
  };
  return {
    user,
    password: (text: string) => type('Password', text),
    repeat: (text: string) => type('Repeat Password', text),
  };
}

describe('Profile', () => {
  it('shows the username read-only', async () => {
    mockFetch(() => json([]));
    await openProfile();
    const username = screen.getByLabelText('Username');
    expect(username).toHaveValue('kilnadmin');
    expect(username).toHaveAttribute('readonly');
  });

  it('states the password rule under the strength bar before it bites', async () => {
    mockFetch(() => json([]));
    await openProfile();
    expect(
      screen.getByText(
        'At least 10 characters with a lower-case letter, an upper-case letter, a digit and a symbol (Medium); 12 or more is Strong.',
      ),
    ).toBeInTheDocument();
  });

  it('labels the strength level and fills the bar 33 % per level', async () => {
    mockFetch(() => json([]));
    const { password } = await openProfile();
    const bar = screen.getByRole('progressbar', { name: 'Password strength' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Too weak')).toBeInTheDocument();

    await password('abcdefg1');
    expect(screen.getByText('Weak')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '33');

    await password('Abcdef12!x');
    expect(screen.getByText('Medium')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '66');

    await password('Abcdef12!xyz');
    expect(screen.getByText('Strong')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
  });

  it('says whether the entries match, and enables Update only when they match at Medium or better', async () => {
    mockFetch(() => json([]));
    const { password, repeat } = await openProfile();
    expect(updateButton()).toBeDisabled();

    await password('abcdefg1');
    expect(screen.getByText('Not matched')).toBeInTheDocument();
    await repeat('abcdefg1');
    expect(screen.getByText('Passwords match!')).toBeInTheDocument();
    expect(updateButton()).toBeDisabled(); // Weak

    await password('Abcdef12!x');
    await repeat('Abcdef12!y');
    expect(screen.getByText('Not matched')).toBeInTheDocument();
    expect(updateButton()).toBeDisabled();

    await repeat('Abcdef12!x');
    expect(screen.getByText('Passwords match!')).toBeInTheDocument();
    expect(updateButton()).toBeEnabled();
  });

  it('posts the new password for the token user and notifies success', async () => {
    const fetchMock = mockFetch(() => json({ status: 1 }));
    const { user, password, repeat } = await openProfile();
    await password('Abcdef12!xyz');
    await repeat('Abcdef12!xyz');
    await user.click(updateButton());

    expect(await screen.findByText('Password successfully updated. Please log out and login.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/user/kilnadmin/update');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ pass: 'Abcdef12!xyz' }) });
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('disables Update Password while the change is being sent, and keeps the entries after a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer: (response: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, password, repeat } = await openProfile();
    await password('Abcdef12!xyz');
    await repeat('Abcdef12!xyz');
    await user.click(updateButton());
    expect(updateButton()).toBeDisabled();

    answer(json({ message: 'nope' }, 500));
    await screen.findByRole('alert');
    expect(updateButton()).toBeEnabled();
    expect(screen.getByLabelText('Password')).toHaveValue('Abcdef12!xyz');
  });

  it.each([
    [400, 'Bad request, please check your inputs.'],
    [500, 'Unknown server error. Try again later or contact support.'],
  ])('notifies a %i with the title and its text, staying logged in', async (status, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // react-admin logs failed calls
    mockFetch(() => json({ message: 'nope' }, status));
    const { user, password, repeat } = await openProfile();
    await password('Abcdef12!xyz');
    await repeat('Abcdef12!xyz');
    await user.click(updateButton());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error persisting user.')).toBeInTheDocument();
    expect(within(alert).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'User Profile' })).toBeInTheDocument();
  });

  it("puts the server's reason on the new password after a 400, until the entry changes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // react-admin logs failed calls
    const reason = 'The password is one of the most common passwords.';
    mockFetch(() => json({ message: reason, errors: { pass: reason } }, 400));
    const { user, password, repeat } = await openProfile();
    await password('Abcdef12!xyz');
    await repeat('Abcdef12!xyz');
    await user.click(updateButton());

    const field = screen.getByLabelText('Password');
    await waitFor(() => expect(field).toHaveAccessibleDescription(reason));
    await user.type(field, 'a');
    await waitFor(() => expect(field).not.toHaveAccessibleDescription(reason));
  });
});
