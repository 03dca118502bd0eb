import { type Page } from '@playwright/test';
import { expect, expectAccessible, mainMenu, openAndLogin, test, turnOnDarkMode } from './fixtures';

/**
 * Phone parity for read-only work (the UX review's M7, M8, m5, m10, m11) at 390 px
 * with touch: the menu keeps one line, Facilities keep the latest audit and the
 * photo, a tap on a kiln log opens its analysis and chart, and no screen shows a
 * raw field name; axe finds nothing serious in either theme.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A raw API field name (owner_id, co2_removed…) in the visible text of the page. */
const RAW_FIELD = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b/;

async function noRawFieldNames(page: Page) {
  const text = await page.locator('main').innerText();
  expect(text.match(RAW_FIELD)?.[0] ?? null).toBeNull();
  // and nothing scrolls the page sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('the top menu keeps one line and opens every screen of the role from one Menu button', async ({ page }) => {
  await openAndLogin(page, 'kilnadmin', '/home');
  const header = await page.locator('header').boundingBox();
  expect(header!.height).toBeLessThanOrEqual(64);
  await mainMenu(page).getByRole('button', { name: 'Menu' }).tap();
  const menu = page.getByRole('menu', { name: 'Menu' });
  await expect(menu.getByRole('menuitem', { name: 'Archived Kiln Logs' })).toBeVisible();
  await expectAccessible(page, menu);
  await menu.getByRole('menuitem', { name: 'Kiln Logs', exact: true }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Kiln Logs' })).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
});

for (const dark of [false, true]) {
  test(`a tap on a kiln log opens its analysis and burn chart, ${dark ? 'dark' : 'light'} theme`, async ({ page }) => {
    await openAndLogin(page, 'kilnadmin', '/kiln_logs');
    if (dark) await turnOnDarkMode(page);
    const first = page
      .getByRole('main')
      .getByRole('button', { name: / · .*(Valid|Invalid) · / })
      .first();
    await expect(first).toBeVisible();
    await expect(first.getByRole('img', { name: /^(Valid|Invalid) burn$/ })).toBeVisible();
    await noRawFieldNames(page);
    await expectAccessible(page);
    // the search stays in view; the Add filter menu names every filter
    await expect(page.getByPlaceholder('Search')).toBeVisible();
    await page.getByRole('button', { name: 'Add filter' }).tap();
    const filterNames = await page.getByRole('menuitemcheckbox').allTextContents();
    expect(filterNames).toEqual(['Facility', 'Kiln', 'Kiln Type', 'From', 'To', 'Status', 'Audited', 'Log id']);
    await page.keyboard.press('Escape');

    await first.tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('table', { name: 'Analysis' })).toContainText('CO2 removed');
    await expect(dialog.getByRole('figure', { name: 'Burn chart' }).getByRole('application')).toBeVisible();
    await expectAccessible(page, dialog);
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

test("Facilities keep each facility's latest audit and photo within reach of a broker", async ({ page }) => {
  await openAndLogin(page, 'broker', '/facilities');
  const list = page.getByRole('list', { name: 'Facilities' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await noRawFieldNames(page);
  await expectAccessible(page);

  const viewAudit = list.getByRole('button', { name: /^View Audit of / }).first();
  const mnemonic = ((await viewAudit.getAttribute('aria-label')) ?? '').replace('View Audit of ', '');
  await viewAudit.tap();
  await expect(page.getByRole('dialog', { name: `Latest Audit – ${mnemonic}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const photo = list.getByRole('button', { name: /^View the photo of / }).first();
  await expect(photo.getByRole('img')).toBeVisible();
  await photo.tap();
  await expect(page.getByRole('dialog', { name: /^Photo – / })).toBeVisible();
});

test('Minting and Audit History show their key figures without sideways scrolling', async ({ page }) => {
  await openAndLogin(page, 'broker', '/eco-assets/create');
  const available = page.getByText('Available CO2 (kg)').first();
  await expect(available).toBeVisible();
  await expect(available).toBeInViewport({ ratio: 1 });
  await noRawFieldNames(page);

  await page.goto('/audit/history');
  const picker = page.getByRole('combobox', { name: 'Facility' });
  expect((await picker.boundingBox())!.width).toBeGreaterThan(300);
  await picker.tap();
  await page.getByRole('option', { name: /^NRB – / }).tap();
  const history = page.getByRole('list', { name: 'Audit History' });
  const viewAudit = history.getByRole('button', { name: 'View Audit' }).first();
  // the list starts below the carbon stats: scrolled down to, its actions sit whole inside the width
  await viewAudit.scrollIntoViewIfNeeded();
  await expect(viewAudit).toBeInViewport({ ratio: 1 });
  await expect(history.getByRole('button', { name: 'View Audited Logs' }).first()).toBeInViewport({ ratio: 1 });
  await expect(history.getByText(/^Audited CO2 \(kg\): /).first()).toBeVisible();
  await noRawFieldNames(page);
  await expectAccessible(page);
  await viewAudit.tap();
  await expect(page.getByRole('dialog', { name: /Audit Evidence/ })).toBeVisible();
});

test('the login tips open above their fields, inside the screen (m4)', async ({ page }) => {
  await page.goto('/home');
  await expect(page.locator('form[data-live]')).toBeVisible();
  await page.getByRole('textbox', { name: 'Username' }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const tip = page.getByRole('tooltip', { name: 'Enter your username.' });
  await expect(tip).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
