import { type APIRequestContext, type Page } from '@playwright/test';
import type { KilnLog } from '../../src/domain/api/kilnLogs';
import { DEMO_PASSWORD, expect, mainMenu, NETWORK_RETRIES, test, tokenFor, WIDTHS } from './fixtures';

/**
 * Keyboard parity of the hover panels: a keyboard-only user reaches
 * a burn's analysis and its failed rules, at 1400 and at 390 px.
 */

const listUrl = (path: string, filter: object) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** An analysed, invalid demo burn (its analysis names failed rules). */
async function invalidBurn(request: APIRequestContext): Promise<KilnLog> {
  const token = await tokenFor(request, 'kilnadmin');
  const res = await request.get(`/api/kilnlogs?range=${encodeURIComponent('[0,199]')}`, {
    maxRetries: NETWORK_RETRIES,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const logs = (await res.json()) as KilnLog[];
  const invalid = logs.find((l) => l.analysis && !l.error_message && (JSON.parse(l.analysis) as { valid: string }).valid === 'false');
  expect(invalid).toBeDefined();
  return invalid!;
}

async function keyboardLogin(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.keyboard.type('kilnadmin');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(mainMenu(page)).toBeVisible();
}

/** Presses Tab until the focused element matches, at most `limit` times. */
async function tabTo(page: Page, matches: (el: Element) => boolean, limit = 120): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((source) => new Function('el', `return (${source})(el)`)(document.activeElement), matches.toString())) return;
  }
  throw new Error('the element was not reached by Tab');
}

for (const [name, viewport] of WIDTHS) {
  test(`at ${name}, a burn's failed rules are reached by keyboard alone`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const burn = await invalidBurn(request);
    await keyboardLogin(page, listUrl('/kiln_logs', { id: burn.id }));
    await expect(page.getByRole('heading', { name: 'Kiln Logs' })).toBeVisible();

    if (viewport.width > 600) {
      const cross = page.locator('table tbody tr').first().getByRole('img', { name: 'Invalid burn' });
      await expect(cross).toBeVisible();
      await tabTo(page, (el) => el.getAttribute('aria-label') === 'Invalid burn');
      // focus alone opens the panel, and its content describes the icon for a screen reader
      const panel = page.getByRole('tooltip').filter({ hasText: 'Failed rules' });
      await expect(panel).toBeVisible();
      const describedBy = await cross.getAttribute('aria-describedby');
      expect(describedBy).toBeTruthy();
      await expect(page.locator(`[id="${describedBy}"]`)).toContainText('Failed rules');
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      await expect(cross).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(panel).toBeVisible();
      await page.keyboard.press(' ');
      await expect(panel).toHaveCount(0);
      await page.keyboard.press(' ');
      await expect(panel).toBeVisible();
      // Space opened it: the page did not scroll
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    } else {
      await tabTo(page, (el) => el.getAttribute('aria-haspopup') === 'dialog' && el.querySelector('[aria-label="Invalid burn"]') !== null);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('Failed rules');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });
}
