import { type Page } from '@playwright/test';
import { expect, expectAccessible, openAndLogin, test, testAtWidths, turnOnDarkMode } from './fixtures';

/**
 * The Fleet screen at a desk and on a phone: the map draws from the
 * console's own bundle (no request leaves its origin), zooms by keyboard, a
 * flagged burn opens from the anomaly list, a kiln file admin marks its anomaly
 * checked; axe in both themes.
 */

function offOrigin(page: Page, origin: string): string[] {
  const away: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin) away.push(url);
  });
  return away;
}

testAtWidths(
  (width) => `at ${width} px the Fleet map zooms by keyboard, a flagged burn opens from the list and its anomaly is marked checked`,
  180_000,
  async ({ page, baseURL }, width) => {
    const away = offOrigin(page, new URL(baseURL!).origin);

    await openAndLogin(page, 'kilnadmin', '/fleet');
    await expect(page.getByRole('heading', { level: 1, name: 'Fleet' })).toBeVisible();
    const map = page.getByTestId('fleet-map');
    await expect(map).toBeVisible();
    await expect(page.getByTestId('fleet-map-summary')).toContainText('burns');
    const box = await map.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(width);

    // keyboard zoom and pan
    await map.focus();
    await expect(map).toHaveAttribute('data-scale', '1');
    await page.keyboard.press('+');
    await expect(map).toHaveAttribute('data-scale', '1.5');
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowRight');
    await expect(map).toHaveAttribute('data-scale', '2.25');
    await page.keyboard.press('-');
    await expect(map).toHaveAttribute('data-scale', '1.5');

    // the newest flagged burn opens on Kiln Logs
    const first = page
      .getByTestId('anomaly')
      .filter({ has: page.getByRole('button', { name: 'Mark checked' }) })
      .first();
    await expect(first).toBeVisible();
    const burnLink = first.getByRole('link', { name: /^Open burn \d+$/ });
    const logId = Number((await burnLink.textContent())!.replace(/\D+/g, ''));
    await burnLink.click();
    await expect(page).toHaveURL(/\/kiln_logs\?filter=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kiln Logs' })).toBeVisible();
    await expect(page.getByTestId('open-anomaly-warning')).toBeVisible();
    // the list holds that burn alone (its row shows kiln, time and file, not the id)
    await expect(page.getByText('1-1 of 1')).toBeVisible();
    // why the list is filtered is in sight, as a filter the user can remove
    await expect(page.getByLabel('Log id')).toHaveValue(String(logId));

    // back on Fleet: mark it checked with a note
    await page.goBack();
    const flagged = page
      .getByTestId('anomaly')
      .filter({ has: page.getByRole('link', { name: `Open burn ${logId}`, exact: true }) })
      .first();
    await flagged.getByRole('button', { name: 'Mark checked' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(`Checked on site at ${width} px.`);
    await dialog.getByRole('button', { name: 'Mark checked' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Checked by kilnadmin`).first()).toBeVisible();
    await expect(page.getByText(`Checked on site at ${width} px.`, { exact: false })).toBeVisible();

    expect(away).toEqual([]);
  },
);

for (const dark of [false, true]) {
  test(`the Fleet screen passes axe, ${dark ? 'dark' : 'light'} theme`, async ({ page }) => {
    test.setTimeout(120_000);
    await openAndLogin(page, 'kilnadmin', '/home');
    if (dark) await turnOnDarkMode(page);
    await page.goto('/fleet');
    await expect(page.getByTestId('fleet-map')).toBeVisible();
    await expect(page.getByTestId('anomaly').first()).toBeVisible();
    await expectAccessible(page);
  });
}
