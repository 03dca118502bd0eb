import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import {
  darkModeToggle,
  expect,
  expectAccessible,
  login,
  mainMenu,
  openAndLogin,
  readMenu,
  test,
  tokenFor,
  turnOnDarkMode,
} from './fixtures';

const HOME = ['Home', 'Profile'];
const ANALYSE = ['Kiln Logs', 'Archived Kiln Logs', 'Fleet', 'Batches'];
const AUDIT = ['Propose Audit', 'Carbon Removals', 'Audit History'];

// docs/roles.md#welcome-sentences and docs/product.md#menu/docs/roles.md#welcome-sentences: the sentence and exactly the menu of each demo account.
const ACCOUNTS: { username: string; sentence: string; menu: Record<string, string[]> }[] = [
  {
    username: 'superadmin',
    sentence: 'You have logged in as a super-admin, which lets you administer both users and kiln files.',
    menu: {
      Home: HOME,
      Configure: ['Facilities', 'Kilns', 'Users', 'Admin'],
      Analyse: ANALYSE,
      Audit: AUDIT,
      'Eco Assets': ['Review Eco Assets', 'Minting'],
    },
  },
  {
    username: 'uploader',
    sentence: 'You have logged in as a kiln file uploader, which grants no functionality on the website.',
    menu: { Home: HOME },
  },
  {
    username: 'useradmin',
    sentence: 'You have logged in as a user-admin, which lets you create, update and delete user credentials for the kiln system.',
    menu: { Home: HOME, Configure: ['Users'] },
  },
  {
    username: 'kilnadmin',
    sentence: 'You have logged in as a kiln file admin, which lets you view and download kiln files and view related analysis.',
    menu: { Home: HOME, Configure: ['Facilities', 'Kilns'], Analyse: ANALYSE, Audit: AUDIT },
  },
  {
    username: 'facilityadmin',
    sentence: 'You have logged in as a facility admin, which lets you manage kilns within your facilities.',
    menu: { Home: HOME, Configure: ['Facilities', 'Kilns'], Analyse: ANALYSE, Audit: ['Carbon Removals', 'Audit History'] },
  },
  {
    username: 'broker',
    sentence: 'You have logged in as an eco-asset broker, which lets you review audits and mint eco assets from audited CO2.',
    menu: {
      Home: HOME,
      Configure: ['Facilities'],
      // the broker reads batches (their lab results and end uses), not the burns
      Analyse: ['Batches'],
      Audit: ['Carbon Removals', 'Audit History'],
      'Eco Assets': ['Review Eco Assets', 'Minting'],
    },
  },
];

for (const account of ACCOUNTS) {
  test(`${account.username} logs in to Home with its sentence and exactly its menu`, async ({ page }) => {
    await openAndLogin(page, account.username);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Kiln Console', level: 1 })).toBeVisible();
    await expect(page.getByText(account.sentence, { exact: true })).toBeVisible();
    await expect(page.getByText('Recent Changes')).toBeVisible();
    await expect(page.getByText('An audit can be done for only one facility at a time.', { exact: false })).toBeVisible();
    expect(await readMenu(page)).toEqual(account.menu);
    await expect(mainMenu(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  });
}

test('a wrong password shows the Authentication Failure notification and stays on the login screen', async ({ page }) => {
  await page.goto('/home');
  const loginButton = page.getByRole('button', { name: 'Login' });
  await expect(loginButton).toBeDisabled();
  // a throwaway name: the server throttles repeated failures per username
  await page.getByRole('textbox', { name: 'Username' }).fill('e2e-wrong-password');
  await expect(loginButton).toBeDisabled();
  await page.locator('input[name="password"]').fill('not-the-password');
  await expect(loginButton).toBeEnabled();
  await loginButton.click();
  await expect(page.getByText('Authentication Failure')).toBeVisible();
  await expect(page.getByText('Credentials provided were incorrect. Please try again.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(mainMenu(page)).toHaveCount(0);
});

test('logout clears the session and lands on /home with the login screen', async ({ page }) => {
  await openAndLogin(page, 'kilnadmin', '/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await mainMenu(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  // a reload does not bring the session back
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});

test('the session survives a reload within the tab', async ({ page }) => {
  await openAndLogin(page, 'broker');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Kiln Console', level: 1 })).toBeVisible();
  await expect(mainMenu(page)).toBeVisible();
});

test('dark mode and cookie acceptance are remembered across reloads', async ({ page }) => {
  await page.goto('/home');
  const banner = page.getByText('We use cookies to improve your experience.');
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toHaveCount(0);

  const darkMode = darkModeToggle(page);
  await expect(darkMode).not.toBeChecked();
  const lightBackground = await page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
  await darkMode.check();
  await expect(darkMode).toBeChecked();
  await expect.poll(() => page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe(lightBackground);
  const darkBackground = await page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(darkMode).toBeChecked();
  await expect(page.getByText('We use cookies to improve your experience.')).toHaveCount(0);
  expect(await page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(darkBackground);
});

test('an unknown route shows the error text', async ({ page }) => {
  await openAndLogin(page, 'superadmin');
  await page.goto('/no-such-screen');
  await expect(page.getByText('Oops! Sorry, an unexpected error has occurred.')).toBeVisible();
});

test('a route the rules do not allow is refused in the console too', async ({ page }) => {
  await openAndLogin(page, 'uploader', '/users');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
});

test('profile: strength, match and a password change that works for the next login', async ({ page }) => {
  await openAndLogin(page, 'useradmin', '/profile');
  await expect(page.getByText('User Profile')).toBeVisible();
  const update = page.getByRole('button', { name: 'Update Password' });
  const password = page.getByLabel('Password', { exact: true });
  const repeat = page.getByLabel('Repeat Password', { exact: true });
  await password.fill('abcdefgh1');
  await repeat.fill('abcdefgh2');
  await expect(page.getByText('Not matched')).toBeVisible();
  await expect(update).toBeDisabled();
  await password.fill('Kiln-Burn-2026!');
  await repeat.fill('Kiln-Burn-2026!');
  await expect(page.getByText('Passwords match!')).toBeVisible();
  await expect(update).toBeEnabled();
  await update.click();
  await expect(page.getByText('Password successfully updated. Please log out and login.')).toBeVisible();
  await mainMenu(page).getByRole('button', { name: 'Logout' }).click();
  await login(page, 'useradmin', 'Kiln-Burn-2026!');
  await expect(page.getByText('You have logged in as a user-admin', { exact: false })).toBeVisible();
});

/**
 * MUI's dark Paper lightens its colour with a gradient of one flat white (the
 * elevation overlay), which axe cannot measure: it calls the contrast of any
 * text on it 'incomplete'. Painting each such Paper the one colour it shows
 * lets axe measure that text.
 */
async function flattenPaperOverlays(page: Page): Promise<void> {
  await page.evaluate(() => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    for (const paper of document.querySelectorAll<HTMLElement>('.MuiPaper-root')) {
      const style = getComputedStyle(paper);
      const overlay = /^linear-gradient\((rgba\([^)]+\)), \1\)$/.exec(style.backgroundImage);
      const [r, g, b, opacity = 1] = channels(style.backgroundColor);
      if (!overlay || opacity !== 1) continue;
      const [wr, wg, wb, alpha] = channels(overlay[1]);
      const mix = (top: number, under: number) => Math.round(top * alpha + under * (1 - alpha));
      paper.style.backgroundImage = 'none';
      paper.style.backgroundColor = `rgb(${mix(wr, r)}, ${mix(wg, g)}, ${mix(wb, b)})`;
    }
  });
}

/** No serious violations, and every text of the form measured by axe's colour-contrast rule and found AA. */
async function expectFormContrast(page: Page): Promise<void> {
  await flattenPaperOverlays(page);
  await expectAccessible(page);
  const { incomplete } = await new AxeBuilder({ page }).include('form').withRules(['color-contrast']).analyze();
  expect(incomplete.flatMap((rule) => rule.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`))).toEqual([]);
}

test.describe('accessibility', () => {
  test('login screen', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expectAccessible(page);
  });

  test('home and profile, light and dark', async ({ page }) => {
    await openAndLogin(page, 'superadmin');
    await expect(page.getByText('Recent Changes')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/profile');
    await expect(page.getByText('User Profile')).toBeVisible();
    await expectAccessible(page);
    await turnOnDarkMode(page);
    await expectAccessible(page);
  });

  test("the login screen's required-field errors, at rest, focused and hovered, light and dark", async ({ page }) => {
    // nothing is submitted: the fields are only touched and left empty
    await page.goto('/home');
    // focus and blur reach the form once it is live (it is painted before its script)
    await expect(page.locator('form[data-live]')).toBeVisible();
    const username = page.getByRole('textbox', { name: 'Username' });
    const password = page.locator('input[name="password"]');
    const darkMode = darkModeToggle(page);
    await username.focus();
    await password.focus();
    await password.blur();
    await expect(page.getByText('Required', { exact: true })).toHaveCount(2);

    for (const mode of ['light', 'dark']) {
      if (mode === 'dark') await darkMode.check();
      await expect(username).toHaveAttribute('aria-invalid', 'true');
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await page.mouse.move(0, 0);
      await expectFormContrast(page);
      // the filled input is darker while focused or hovered, and the label stays red on it
      await username.focus();
      await password.hover();
      await expectFormContrast(page);
      await username.blur();
    }
  });
});

test('a session opening Home asks for its entries once, and nothing on it moves as they arrive', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await tokenFor(request, 'superadmin');
  await page.goto('/login');
  await page.evaluate((t) => sessionStorage.setItem('token', t), token);
  const changeRequests: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/changes') changeRequests.push(req.url());
  });
  // every layout shift of the load, as the browser scores them (Layout Instability API)
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/home');
  await expect(page.getByRole('listitem').first()).toBeVisible();
  expect(changeRequests).toHaveLength(1);

  // the cookie banner is held at the bottom of the window over the long page, its Accept button within reach
  const banner = page.getByRole('region', { name: 'We use cookies to improve your experience.' });
  const box = await banner.boundingBox();
  expect(box && Math.round(box.y + box.height)).toBe(844);
  await expect(page.getByRole('button', { name: 'Accept' })).toBeInViewport();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);

  // the footer's Dark Mode switch follows the content, and the banner stays clear of it at the end of the page
  const darkMode = darkModeToggle(page);
  await darkMode.scrollIntoViewIfNeeded();
  await expect(darkMode).toBeInViewport();
  const switchBox = await darkMode.boundingBox();
  const bannerAtEnd = await banner.boundingBox();
  expect(switchBox && bannerAtEnd && switchBox.y + switchBox.height <= bannerAtEnd.y).toBe(true);
});
