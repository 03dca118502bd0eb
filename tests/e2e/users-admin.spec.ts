import { type Page } from '@playwright/test';
import { expect, expectAccessible, mainMenu, NETWORK_RETRIES, openAndLogin, resetData, test, tokenFor, turnOnDarkMode } from './fixtures';

const TEMP = 'Temp-Pass-2026!';
const OWN = 'Own-Kiln-Pass-77?';

/** Fills the login form without waiting for the menu (a temporary password opens only the password change). */
async function submitLogin(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a user-admin creates a kiln file admin, who cannot log in until a super-admin releases the account, then chooses their own password', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await resetData(request);
  await openAndLogin(page, 'useradmin', '/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'facilityadmin', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'New User' }).click();
  await page.getByRole('textbox', { name: /^Username/ }).fill('nairobi.admin');
  await page.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Kiln File Admin' }).click();
  await page.locator('input[name="password"]').fill('weak');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Too weak/).first()).toBeVisible();
  await page.locator('input[name="password"]').fill(TEMP);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User created. A super-admin must release the account before its first login.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'nairobi.admin' });
  await expect(row).toContainText('Awaiting release');

  // the user-admin's password opens nothing: the account waits for a second person
  await mainMenu(page).getByRole('button', { name: 'Logout' }).click();
  await submitLogin(page, 'nairobi.admin', TEMP);
  await expect(page.getByText(/This account waits for a super-admin to release it/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose Your Password' })).toHaveCount(0);

  // a super-admin releases it
  await page.reload();
  await openAndLogin(page, 'superadmin', '/users');
  await page.getByRole('row').filter({ hasText: 'nairobi.admin' }).click();
  // the user's page lists the change: who, what, when
  await expect(page.getByRole('heading', { name: 'Changes' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'useradmin' })).toContainText('Created; role none → Kiln File Admin');
  await page.getByRole('button', { name: 'Release', exact: true }).click();
  await expect(page.getByText('Account released. Its user may log in and must choose their own password.')).toBeVisible();

  await mainMenu(page).getByRole('button', { name: 'Logout' }).click();
  await submitLogin(page, 'nairobi.admin', TEMP);
  await expect(page.getByRole('heading', { name: 'Choose Your Password' })).toBeVisible();
  await expect(mainMenu(page)).toHaveCount(0);
  await expectAccessible(page);
  await page.locator('input[name="password"]').fill(OWN);
  await page.locator('input[name="repeat"]').fill(OWN);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(mainMenu(page)).toBeVisible();

  // the new token lasts for the tab, like any login
  await page.goto('/kiln_reg');
  await expect(page.getByRole('heading', { name: 'Kiln Registry' })).toBeVisible();

  // deleted by a user-admin: the open console is back at the login screen at its next call
  const admin = { Authorization: `Bearer ${await tokenFor(request, 'useradmin')}` };
  const [created] = await (
    await request.get('/api/users', { maxRetries: NETWORK_RETRIES, headers: admin, params: { filter: '{"q":"nairobi.admin"}' } })
  ).json();
  expect((await request.delete(`/api/users/${created.id}`, { maxRetries: NETWORK_RETRIES, headers: admin })).status()).toBe(200);
  await page.getByRole('button', { name: 'Configure' }).click();
  await page.getByRole('menuitem', { name: 'Facilities' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});

test('an admin edits a Recent Changes entry and Home shows it; statistics update on request', async ({ page, request }) => {
  await resetData(request);
  await openAndLogin(page, 'superadmin', '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await expect(page.getByText('Valid logs', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Update Statistics' }).click();
  await expect(page.getByText('Statistics updated.')).toBeVisible();
  await expectAccessible(page);

  // by keyboard: the entry's title is a link
  await page.getByRole('link', { name: 'Dark mode', exact: true }).focus();
  await page.keyboard.press('Enter');
  const title = page.getByRole('textbox', { name: /^Title/ });
  await expect(title).toHaveValue('Dark mode');
  await expectAccessible(page);
  await title.fill('Dark mode, remembered');
  const editor = page.locator('[contenteditable="true"]');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Also on the login screen.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Entry saved.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Dark mode, remembered' })).toBeVisible();

  await page.goto('/home');
  const entry = page.getByRole('listitem').filter({ hasText: 'Dark mode, remembered' });
  await expect(entry).toContainText('Also on the login screen.');
  await expect(entry.locator('strong')).toHaveText('Dark Mode');
});

test('the Users list reads as a simple list at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await openAndLogin(page, 'useradmin', '/users');
  await expect(page.getByRole('link', { name: /^facilityadmin / })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('Users and Admin pass axe in the dark theme too', async ({ page }) => {
  await openAndLogin(page, 'superadmin', '/users');
  await turnOnDarkMode(page);
  await expect(page.getByRole('cell', { name: 'useradmin', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/admin');
  await expect(page.getByText('Valid logs', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'One facility per audit' })).toBeVisible();
  await expectAccessible(page);
});
