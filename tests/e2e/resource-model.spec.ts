import fs from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import type { KilnLog } from '../../src/domain/api/kilnLogs';
import { NAV_ITEMS } from '../../src/layout/navigation';
import { expect, expectNoSidewaysScroll, mainMenu, NETWORK_RETRIES, openAndLogin, resetData, test, tokenFor, WIDTHS } from './fixtures';

const listUrl = (path: string, filter: object) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** A live kiln log that is not audited (so it can be archived), read from the API. */
async function archivableLog(request: APIRequestContext, token: string): Promise<KilnLog> {
  const res = await request.get(`${listUrl('/api/kilnlogs', { audited: false })}&range=${encodeURIComponent('[0,0]')}`, {
    maxRetries: NETWORK_RETRIES,
    headers: { Authorization: `Bearer ${token}` },
  });
  const [log] = (await res.json()) as KilnLog[];
  return log;
}

async function isArchived(request: APIRequestContext, token: string, id: number): Promise<boolean> {
  const res = await request.get(listUrl('/api/archived_kilnlogs', { id }), {
    maxRetries: NETWORK_RETRIES,
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as KilnLog[]).length === 1;
}

/** On a phone the kiln log filters wait behind 'Add filter'. */
async function filterField(page: Page, label: string, small: boolean) {
  if (small) {
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: label }).click();
  }
  return page.getByRole('textbox', { name: label, exact: true });
}

for (const [name, viewport] of WIDTHS) {
  const small = viewport.width < 600;

  test.describe(`at ${name}`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ request }) => resetData(request));

    test('a changed facility form asks before Escape closes it', async ({ page }) => {
      await openAndLogin(page, 'superadmin', '/facilities');
      await page.getByRole('button', { name: 'New Facility' }).click();
      const form = page.getByRole('dialog', { name: 'New Facility' });
      await form.getByRole('textbox', { name: /^Name/ }).fill('Eldoret Char');
      await page.keyboard.press('Escape');
      const confirm = page.getByRole('dialog', { name: 'Discard your changes?' });
      await confirm.getByRole('button', { name: 'Keep editing' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Eldoret Char');
      await page.keyboard.press('Escape');
      await confirm.getByRole('button', { name: 'Discard' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('the Kiln and Facility modals have URLs of their own: a reload opens them, back closes them', async ({ page }) => {
      await openAndLogin(page, 'superadmin', '/kiln_reg');
      await page
        .getByRole('button', { name: /^Edit kiln / })
        .first()
        .click();
      const kiln = page.getByRole('dialog', { name: 'Kiln' });
      const kilnId = kiln.getByRole('textbox', { name: /^Kiln ID/ });
      await expect(kilnId).toBeVisible();
      await expect(page).toHaveURL(/\/kiln_reg\/\d+$/);
      const opened = await kilnId.inputValue();
      await page.reload();
      await expect(kilnId).toHaveValue(opened);
      // the list behind the modal (hidden from the accessibility tree while the modal is open)
      await expect(page.locator('h1', { hasText: 'Kiln Registry' })).toBeAttached();
      await page.goBack();
      await expect(page).toHaveURL(/\/kiln_reg$/);
      await expect(kiln).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Edit kiln / }).first()).toBeVisible();

      await page.goto('/kiln_reg/999999');
      await expect(page.getByText('There is no kiln 999999: the registry is shown instead.')).toBeVisible();
      await expect(page).toHaveURL(/\/kiln_reg$/);
      await expect(kiln).toHaveCount(0);

      await page.goto('/facilities/create');
      const facility = page.getByRole('dialog', { name: 'New Facility' });
      await expect(facility.getByRole('textbox', { name: /^Mnemonic/ })).toHaveValue('');
      await facility.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/facilities$/);
      await expect(facility).toHaveCount(0);
      await expectNoSidewaysScroll(page, 'facilities');
    });

    test("a 400's field reason shows on its field beside the spec's notification", async ({ page }) => {
      // the console against the contract's 400 shape: {message, errors: {field path: reason}}
      await page.route('**/api/facility/add', (route) =>
        route.fulfill({
          status: 400,
          json: { message: 'mnemonic is already in use.', errors: { mnemonic: 'mnemonic is already in use.' } },
        }),
      );
      await openAndLogin(page, 'superadmin', '/facilities');
      await page.getByRole('button', { name: 'New Facility' }).click();
      const form = page.getByRole('dialog', { name: 'New Facility' });
      const mnemonic = form.getByRole('textbox', { name: /^Mnemonic/ });
      await mnemonic.fill('ZZQ');
      await form.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByText('Bad request, please check your inputs.')).toBeVisible();
      await expect(mnemonic).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByText('mnemonic is already in use.')).toBeVisible();
    });

    test('an archive can be undone; not undone, it lands among the archived logs', async ({ page, request }) => {
      const token = await tokenFor(request, 'kilnadmin');
      const log = await archivableLog(request, token);
      await openAndLogin(page, 'kilnadmin', listUrl('/kiln_logs', { id: log.id }));
      const archive = page.getByRole('button', { name: 'Archive' });
      await archive.click();
      await expect(archive).toHaveCount(0);
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(archive).toBeVisible();
      await expect(page.getByText('Kiln log archived.')).toHaveCount(0);
      expect(await isArchived(request, token, log.id)).toBe(false);

      await archive.click();
      await expect(page.getByText('Kiln log archived.')).toBeVisible();
      await expect(page.getByText('Kiln log archived.')).toHaveCount(0, { timeout: 10_000 });
      await expect.poll(() => isArchived(request, token, log.id)).toBe(true);
    });

    test('From/To filter in YYYY/MM/DD, flag From after To, and clear', async ({ page }) => {
      await openAndLogin(page, 'kilnadmin', '/kiln_logs');
      await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
      await (await filterField(page, 'From', small)).fill('2099/01/01');
      await expect(page).toHaveURL(/from%22%3A%222099-01-01/);
      await expect(page.getByText('No kiln logs match these filters.')).toBeVisible();
      await (await filterField(page, 'To', small)).fill('2000/01/01');
      await expect(page.getByText('From is after To: no log can match.')).toHaveCount(2);
      // the filter form applies a change after a pause: cleared before that, the pending change would come back
      await expect(page).toHaveURL(/to%22%3A%222000-01-01/);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(page).not.toHaveURL(/2099/);
      await expect(page.getByText('No kiln logs match these filters.')).toHaveCount(0);
    });

    test('exports the filtered list as CSV', async ({ page }) => {
      await openAndLogin(page, 'kilnadmin', listUrl('/kiln_logs', { status: 'invalid' }));
      await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('kiln-logs.csv');
      const [header, ...rows] = fs
        .readFileSync((await file.path())!, 'utf8')
        .trim()
        .split('\n');
      expect(header).toContain('Log ID');
      expect(header).toContain('Creditable');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toMatch(/,Invalid,No,/);
    });

    test('no screen scrolls sideways', async ({ page }) => {
      await openAndLogin(page, 'superadmin', '/home');
      for (const item of NAV_ITEMS) {
        await page.goto(`/${item.path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(mainMenu(page)).toBeVisible();
        // lists: wait for their rows, empty state or error before measuring
        if (item.kind === 'resource') await expect(page.locator('tbody tr, li.MuiListItem-root, [role="alert"]').first()).toBeVisible();
        await expectNoSidewaysScroll(page, item.path);
      }
    });
  });
}
