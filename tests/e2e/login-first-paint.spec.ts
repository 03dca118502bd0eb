import { createHash } from 'node:crypto';
import { type Page } from '@playwright/test';
import { darkModeToggle, DEMO_PASSWORD, expect, login, mainMenu, test, WIDTHS } from './fixtures';

/**
 * The login screen is painted from index.html before any JavaScript file has
 * arrived (prerendered at build time, login/prerender/), in the visitor's
 * theme, and the painted form is the one that works once hydrated.
 */

// 'commit' below: DOMContentLoaded waits for the module scripts held back here

/** Holds every script file back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function setFlags(page: Page, flags: Record<string, string>): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((f) => Object.entries(f).forEach(([k, v]) => localStorage.setItem(k, v)), flags);
}

test('the served page carries the login screen, and its one inline script is allowed by its hash alone', async ({ request }) => {
  const res = await request.get('/login');
  const html = await res.text();
  expect(html).toContain('>Login</h1>');
  expect(html).toContain('We use cookies');
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  expect(inline).toHaveLength(1);
  const hash = createHash('sha256').update(inline[0]).digest('base64');
  const scriptSrc = /script-src ([^;]*)/.exec(res.headers()['content-security-policy'] ?? '')?.[1];
  expect(scriptSrc?.split(' ').sort()).toEqual([`'self'`, `'sha256-${hash}'`].sort());
});

test('before any script file: the form, the cookie banner and the theme of the stored choice', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await holdScripts(page);

  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'We use cookies to improve your experience.' })).toBeVisible();
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await setFlags(page, { 'kiln-console.dark-mode': 'true', 'kiln-console.cookies-accepted': 'true' });
  await page.goto('/home', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(darkModeToggle(page)).toBeChecked();
  await expect(page.getByRole('region', { name: 'We use cookies to improve your experience.' })).toHaveCount(0);
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(darkBackground).not.toBe(lightBackground);
  expect(await page.evaluate(() => document.querySelectorAll('template').length)).toBe(0);
  // a CSP refusal of the inline script would be reported here
  expect(errors).toEqual([]);
});

test('the painted form is hydrated in place, keeps what was typed before its script arrived, and logs in', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  // the form element as painted, before any module script ran
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { painted: Element | null }).painted = document.querySelector('form');
    });
  });
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.locator('input[name="username"]').fill('superadmin');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
  await expect(page.locator('form[data-live]')).toHaveCount(0);

  release();
  await expect(page.locator('form[data-live]')).toBeVisible();
  // live: the button follows the typed values
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  await expect(page.locator('input[name="password"]')).toHaveValue(DEMO_PASSWORD);
  expect(await page.evaluate(() => (window as unknown as { painted: Element | null }).painted === document.querySelector('form'))).toBe(
    true,
  );
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(mainMenu(page)).toBeVisible();
  expect(problems).toEqual([]);
});

test('Accept and Dark Mode tapped before the script files arrive are kept once they have', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const banner = page.getByRole('region', { name: 'We use cookies to improve your experience.' });
  await expect(banner).toBeVisible();
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  const darkMode = darkModeToggle(page);
  await darkMode.check();
  await expect(page.locator('form[data-live]')).toHaveCount(0);

  release();
  await expect(page.locator('form[data-live]')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(darkMode).toBeChecked();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBackground);
  // hydration rendered the painted screen first: no mismatch reported
  expect(problems).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(darkMode).toBeChecked();
});

test('with a session the console paints itself: no login screen flashes on reload', async ({ page }) => {
  await page.goto('/home');
  await login(page, 'superadmin');
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { painted: number }).painted = document.getElementById('root')!.childNodes.length;
    });
  });
  await page.reload();
  await expect(mainMenu(page)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { painted: number }).painted)).toBe(0);
});

for (const [name, viewport] of WIDTHS) {
  test(`at ${name}, Enter pressed before the script files arrive logs in once they have, with one request`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const logins: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/auth') && r.method() === 'POST' && logins.push(r.url()));
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('input[name="username"]').fill('superadmin');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('input[name="password"]').press('Enter');
    // the browser alone would have sent the form as a GET with the password in its address
    expect(new URL(page.url()).search).toBe('');
    expect(logins).toEqual([]);

    release();
    await expect(mainMenu(page)).toBeVisible();
    expect(logins).toHaveLength(1);
  });

  test(`at ${name}, Enter pressed the moment the form appears logs in exactly once`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const logins: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/auth') && r.method() === 'POST' && logins.push(r.url()));
    await page.goto('/login', { waitUntil: 'commit' });
    await page.locator('input[name="username"]').fill('superadmin');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(mainMenu(page)).toBeVisible();
    expect(logins).toHaveLength(1);
  });
}
