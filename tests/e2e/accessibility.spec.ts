import { type Page } from '@playwright/test';
import { NAV_ITEMS } from '../../src/layout/navigation';
import { expect, expectAccessible, mainMenu, openAndLogin, test, turnOnDarkMode } from './fixtures';

/**
 * axe on every screen of the navigation table and on the dialogs they open,
 * in both themes: nothing serious or critical. The super-admin sees every
 * screen; dialogs are opened and closed without saving anything.
 */

/** a screen has settled: its heading, and for a list its rows, empty sentence or error */
async function settled(page: Page, kind: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(mainMenu(page)).toBeVisible();
  if (kind === 'resource') await expect(page.locator('tbody tr, li.MuiListItem-root, [role="alert"]').first()).toBeVisible();
  // loading indicators are indeterminate; a meter (the password strength) has a value
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
}

for (const dark of [false, true]) {
  test(`every screen passes axe, ${dark ? 'dark' : 'light'} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    await openAndLogin(page, 'superadmin', '/home');
    if (dark) await turnOnDarkMode(page);
    for (const item of NAV_ITEMS) {
      await test.step(item.path, async () => {
        await page.goto(`/${item.path}`);
        await settled(page, item.kind);
        await expectAccessible(page);
      });
    }
  });
}
