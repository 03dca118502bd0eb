import { type Page } from '@playwright/test';
import { expect, login, mainMenu, NETWORK_RETRIES, resetData, test, tokenFor } from './fixtures';

/**
 * No screen scrolls sideways, for any role, at 1400x900 or at
 * 390x844: one login per role, each screen of its menu (and Home, Profile)
 * opened in place at both widths, and the document no wider than the window.
 * Wide tables scroll inside themselves; the cookie banner reserves its space.
 */

const ROLES = ['superadmin', 'uploader', 'useradmin', 'kilnadmin', 'facilityadmin', 'broker'] as const;
const SIZES = [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The paths of every screen in the role's menu, read by opening each group. */
async function menuPaths(page: Page): Promise<string[]> {
  const nav = mainMenu(page);
  const groups = nav.locator('button[aria-haspopup="true"]');
  const paths = new Set<string>(['/home', '/profile']);
  for (let i = 0; i < (await groups.count()); i++) {
    await groups.nth(i).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect(items.first()).toBeVisible();
    for (const href of await items.evaluateAll((els) => els.map((el) => el.getAttribute('href')))) if (href) paths.add(href);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  return [...paths];
}

/** Counts the page's requests under way. */
function inFlight(page: Page): () => number {
  let count = 0;
  page.on('request', () => count++);
  page.on('requestfinished', () => count--);
  page.on('requestfailed', () => count--);
  return () => count;
}

/** Opens a path in place (the router follows history), and waits until no request has been under way for a moment. */
async function openInPlace(page: Page, path: string, pending: () => number): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('h1').first()).toBeVisible();
  let quiet = 0;
  for (let i = 0; i < 100 && quiet < 3; i++) {
    await page.waitForTimeout(100);
    quiet = pending() === 0 ? quiet + 1 : 0;
  }
  // the last answers laid out
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const role of ROLES) {
  test(`${role}: no screen scrolls sideways at 1400 or 390 px`, async ({ page }) => {
    test.setTimeout(120_000);
    const pending = inFlight(page);
    await page.setViewportSize(SIZES[0]);
    await page.goto('/home');
    await login(page, role);
    const paths = await menuPaths(page);
    const wide: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const path of paths) {
        await openInPlace(page, path, pending);
        const by = await overflow(page);
        if (by > 0) wide.push(`${path} at ${size.width} px: ${by} px too wide`);
      }
    }
    expect(wide).toEqual([]);
  });
}

test('the cookie banner covers nothing: the page reserves its height', async ({ page }) => {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/audit/create');
    await login(page, 'kilnadmin');
    const banner = page.getByRole('region', { name: 'We use cookies to improve your experience.' });
    await expect(banner).toBeVisible();
    // a long list: the selection bar sticks to the window's bottom edge, where the banner is
    await page.getByRole('combobox', { name: 'Select Kiln Type' }).click();
    await page.getByRole('option', { name: 'C-Go-1' }).first().click();
    await expect(page.getByRole('region', { name: 'Proposed Logs' }).locator('tbody tr td').nth(1)).toHaveText(/^\s*\d+\s*$/);
    for (const at of ['top', 'bottom'] as const) {
      await page.evaluate((where) => window.scrollTo(0, where === 'top' ? 0 : document.documentElement.scrollHeight), at);
      const bar = page.getByRole('button', { name: 'Create Audit Job' });
      await expect(bar).toBeVisible();
      const b = (await bar.boundingBox())!;
      const c = (await banner.boundingBox())!;
      expect(b.y + b.height <= c.y || c.y + c.height <= b.y, `at ${size.width} px, scrolled to the ${at}`).toBe(true);
    }
    const button = page.getByRole('button', { name: 'Create Audit Job' });
    await expect(button).toBeVisible();
    const b = (await button.boundingBox())!;
    const c = (await banner.boundingBox())!;
    // the button's box and the banner's do not meet
    expect(b.y + b.height <= c.y || c.y + c.height <= b.y, `at ${size.width} px`).toBe(true);
    await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies();
  }
});

test('the wide tables in their filled states: archived logs, proposed logs, an audit under review', async ({ page, request }) => {
  test.setTimeout(120_000);
  await resetData(request);
  const token = await tokenFor(request, 'superadmin');
  const auth = { Authorization: `Bearer ${token}` };
  const logs = await request.get(`/api/kilnlogs?range=${encodeURIComponent('[0,2]')}`, { maxRetries: NETWORK_RETRIES, headers: auth });
  for (const log of (await logs.json()) as { id: number }[])
    expect((await request.post(`/api/kilnlogs/${log.id}/archive`, { maxRetries: NETWORK_RETRIES, headers: auth })).status()).toBe(200);

  const pending = inFlight(page);
  await page.setViewportSize(SIZES[0]);
  await page.goto('/home');
  await login(page, 'superadmin');
  const wide: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await openInPlace(page, '/archived_kiln_logs', pending);
    await expect.soft(page.getByRole('button', { name: 'Restore' }).first(), `Restore at ${size.width}`).toBeInViewport();
    await expect.soft(page.getByRole('button', { name: 'Clear filters' }), `Clear filters at ${size.width}`).toBeInViewport();
    if ((await overflow(page)) > 0) wide.push(`archived at ${size.width}`);

    await openInPlace(page, '/audit/create', pending);
    await page.getByRole('combobox', { name: 'Select Kiln Type' }).click();
    await page.getByRole('option', { name: 'C-Go-1' }).first().click();
    const proposed = page.getByRole('region', { name: 'Proposed Logs' });
    await expect(proposed.locator('tbody tr td').nth(1)).toHaveText(/^\s*\d+\s*$/);
    if ((await overflow(page)) > 0) wide.push(`propose at ${size.width}`);

    await openInPlace(page, '/audit/review', pending);
    await page.getByRole('combobox', { name: 'Proposed Audit' }).click();
    await page.getByRole('option').first().click();
    await expect(page.getByRole('region', { name: 'Audit Logs' }).locator('tbody tr').first()).toBeVisible();
    if ((await overflow(page)) > 0) wide.push(`review at ${size.width}`);
  }
  expect(wide).toEqual([]);
});
