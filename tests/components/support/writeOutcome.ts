import { afterEach, beforeEach, expect, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** For a file of failing writes: react-admin's log of each failed call is silenced, fetch and spies restored after each test. */
export function quietFailedCalls(): void {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** Waits for the notification titled `title` (the page may show alerts of its own) and finds `text` in it. */
export async function expectNotified(title: string, text: string): Promise<void> {
  const alert = (await screen.findByText(title)).closest<HTMLElement>('[role="alert"]');
  expect(alert).not.toBeNull();
  expect(within(alert!).getByText(text)).toBeInTheDocument();
}

/** Clicks the page's Delete and confirms it (react-admin's confirmation, PolicyDeleteButton's). */
export async function confirmDelete(): Promise<void> {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  await user.click(within(await screen.findByRole('dialog', { name: /^Delete / })).getByRole('button', { name: 'Confirm' }));
}

/** The URLs of the DELETE calls a mocked fetch received. */
export const deletesOf = (fetchMock: { mock: { calls: unknown[][] } }): string[] =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE').map(([url]) => String(url));
