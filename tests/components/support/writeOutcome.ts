import { afterEach, beforeEach, expect, vi } from 'vitest';
import { screen, within } from '@testing-library/react';

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
