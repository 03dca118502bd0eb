import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { vi } from 'vitest';
import { App } from '../../../src/App';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/session';
import { makeToken } from '../../helpers/tokens';
import { bodyOf, pathOf } from './browserRequest';

/** Stores a genuine token for the role, as a login would. */
export async function logInAs(role: number, sub = 'kilnadmin'): Promise<void> {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, await makeToken({ sub, role }));
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A call as a test reads it, its URL and options, whether fetch was given those or a Request (the typed client's way). */
async function callOf(input: RequestInfo | URL, init: RequestInit = {}): Promise<[string, RequestInit]> {
  if (!(input instanceof Request)) return [String(input), init];
  return [pathOf(input), { method: input.method, headers: input.headers, body: await bodyOf(input), signal: input.signal }];
}

/** Replaces fetch; each call goes to `handler` with its URL and options, and is recorded so in the mock's calls. */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((url: string, init: RequestInit = {}) => Promise.resolve(handler(url, init)));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => fetchMock(...(await callOf(input, init))));
  return fetchMock;
}

function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

let navigateInApp: NavigateFunction | undefined;

function HistoryProbe() {
  navigateInApp = useNavigate();
  return null;
}

/** The browser's back button, in the console renderApp drew. */
export async function goBack() {
  await act(async () => {
    await navigateInApp?.(-1);
  });
}

/** The whole console (providers, layout, routes) at `path`; the test id "location" shows the current path. */
export function renderApp(path = '/home') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
      <HistoryProbe />
    </MemoryRouter>,
  );
}

/** Logs in as the role and draws the console at `path`, every API call answered with an empty list. */
export async function renderAppAs(role: number, path: string, sub?: string) {
  await logInAs(role, sub);
  mockFetch(() => json([]));
  return renderApp(path);
}

/** As renderAppAs, but every API call is refused (403) and react-admin's log of the failures silenced. */
export async function renderAppRefused(role: number, path: string, sub?: string) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await logInAs(role, sub);
  mockFetch(() => json({ message: 'nope' }, 403));
  return renderApp(path);
}
