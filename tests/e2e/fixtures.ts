import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { startWorkerServer, type WorkerServer } from './workerServer';

/**
 * Playwright's test with a server per worker (workerServer.ts): the workers
 * run spec files side by side, each against records of its own.
 */
export const test = base.extend<object, { workerServer: WorkerServer }>({
  workerServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startWorkerServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.url),
});
export { expect };

export const DEMO_PASSWORD = 'kiln-demo';

/** The top menu; lists have a pagination navigation of their own. */
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Fills the login form shown at the current URL and waits for the menu. */
export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  // the login screen is painted before its script: type into the form once it answers
  await expect(page.locator('form[data-live]')).toBeVisible();
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(mainMenu(page)).toBeVisible();
}

export async function openAndLogin(page: Page, username: string, path = '/home'): Promise<void> {
  await page.goto(path);
  await login(page, username);
}

/** The visible menu as {group: [items]}, read by opening each group. */
export async function readMenu(page: Page): Promise<Record<string, string[]>> {
  const nav = mainMenu(page);
  const groups = nav.locator('button[aria-haspopup="true"]');
  const menu: Record<string, string[]> = {};
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i);
    const name = ((await group.textContent()) ?? '').trim();
    await group.click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect(items.first()).toBeVisible();
    menu[name] = (await items.allTextContents()).map((t) => t.trim());
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  return menu;
}

/** The attribute that marks the part of the page one axe run looks at. */
const AXE_SCOPE = 'data-axe-scope';

/**
 * No serious or critical accessibility violations on the current screen or,
 * given `within`, in that dialog, menu or popup (with the layer it is portalled in).
 */
export async function expectAccessible(page: Page, within?: Locator): Promise<void> {
  // colour contrast is only meaningful at rest: transitions jump to their end (a button enabled by a late
  // answer was caught mid-fade on Eco-Asset Minting), and what animates is awaited after two frames
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page });
  if (within) {
    await page.locator(`[${AXE_SCOPE}]`).evaluateAll((marked, name) => marked.forEach((el) => el.removeAttribute(name)), AXE_SCOPE);
    await within.evaluate((el, name) => (el.closest('.MuiModal-root, .MuiPopper-root') ?? el).setAttribute(name, ''), AXE_SCOPE);
    builder.include(`[${AXE_SCOPE}]`);
  }
  const results = await builder.analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`)).toEqual(
    [],
  );
}

/**
 * Calls beside the page retry a connection reset (ECONNRESET, the only error Playwright
 * retries), as a browser does: a keep-alive connection the server closes as it is reused
 * is the network's doing, not the feature's.
 */
export const NETWORK_RETRIES = 2;

/** The demo data seeded afresh (POST /api/testing/reset, E2E_RESET=1, with the run's secret): call before a test that changes data. */
export async function resetData(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/testing/reset', {
    maxRetries: NETWORK_RETRIES,
    headers: { 'X-Test-Reset-Secret': process.env.E2E_RESET_SECRET ?? '' },
  });
  expect(res.status()).toBe(200);
}

/** A bearer token of a demo user, for reading the API beside the page. */
export async function tokenFor(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/auth', { maxRetries: NETWORK_RETRIES, data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return res.text();
}

/** The two widths the responsive specs run at: a desktop and a phone. */
export const WIDTHS = [
  ['1400 px', { width: 1400, height: 900 }],
  ['390 px', { width: 390, height: 844 }],
] as const;

/**
 * `body` as two tests, at 1400 and at 390 px wide (900 high), each given `timeoutMs` and the demo data
 * seeded afresh; `title` names the width.
 */
export function testAtWidths(
  title: (width: number) => string,
  timeoutMs: number,
  body: (fixtures: { page: Page; request: APIRequestContext; baseURL: string | undefined }, width: number) => Promise<void>,
): void {
  for (const width of [1400, 390]) {
    test(title(width), async ({ page, request, baseURL }) => {
      test.setTimeout(timeoutMs);
      await page.setViewportSize({ width, height: 900 });
      await resetData(request);
      await body({ page, request, baseURL }, width);
    });
  }
}

/** The menu's Dark Mode toggle: a switch, or a checkbox where the theme renders one. */
export const darkModeToggle = (page: Page) =>
  page.getByRole('switch', { name: 'Dark Mode' }).or(page.getByRole('checkbox', { name: 'Dark Mode' }));

/**
 * Turns the dark theme on from the footer once the screen has loaded: while it loads, the footer waits below
 * the fold (TallLoading in src/layout/Loading.tsx) and moves up as the content arrives, so a click aimed
 * at it before then lands on nothing.
 */
export async function turnOnDarkMode(page: Page): Promise<void> {
  await waitUntilLoaded(page);
  await darkModeToggle(page).check();
}

/** Waits until nothing on the screen says "Loading...": the layout has stopped moving under the pointer. */
export async function waitUntilLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
}

/** The page scrolls only up and down: nothing sticks out sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, where).toBeLessThanOrEqual(clientWidth);
}
