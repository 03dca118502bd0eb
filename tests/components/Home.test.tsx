import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { formatDate } from '../../src/domain/dates';
import { json, logInAs, mockFetch, renderApp, renderAppAs } from './support/renderApp';

afterEach(() => vi.unstubAllGlobals());

const CHANGES = [
  { id: 2, date: '2026-03-07T10:00:00.000Z', title: 'Minting released', body: '<p>Brokers can now <strong>mint</strong>.</p>' },
  { id: 1, date: '2026-01-15T10:00:00.000Z', title: 'Audit history', body: '<p>See past audits.</p>' },
];

describe('Home', () => {
  it('shows the heading, the role sentence and the recent changes with their dates and HTML bodies', async () => {
    await logInAs(4, 'facilityadmin');
    const fetchMock = mockFetch(() => json(CHANGES));
    renderApp('/home');

    expect(await screen.findByRole('heading', { level: 1, name: 'Kiln Console' })).toBeInTheDocument();
    expect(
      screen.getByText('You have logged in as a facility admin, which lets you manage kilns within your facilities.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Recent Changes' })).toBeInTheDocument();

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('heading', { name: 'Minting released' })).toBeInTheDocument();
    expect(within(items[0]).getByText(formatDate(CHANGES[0].date))).toBeInTheDocument();
    expect(within(items[0]).getByText('mint').tagName).toBe('STRONG');
    expect(within(items[1]).getByText('See past audits.')).toBeInTheDocument();

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/changes');
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer ey/);
  });

  it('goes from / to Home', async () => {
    await renderAppAs(1, '/');
    expect(
      await screen.findByText('You have logged in as a kiln file uploader, which grants no functionality on the website.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['says so when there are no changes', 3, 'No recent changes.'],
    [
      'shows the unsupported sentence for a role outside the table',
      7,
      'Unsupported. If you see this message, please contact an administrator.',
    ],
  ])('%s', async (_title, role, sentence) => {
    await renderAppAs(role, '/home');
    expect(await screen.findByText(sentence)).toBeInTheDocument();
  });
});
