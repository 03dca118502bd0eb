import fs from 'node:fs';
import path from 'node:path';
import { type Page, type TestInfo } from '@playwright/test';
import { buildPdf } from '../../mock-server/seed/media/pdf';
import { pngImage } from '../helpers/configure';
import { protectedPdf } from '../helpers/protectedPdf';
import { expect, expectAccessible, login, openAndLogin, resetData, test } from './fixtures';

/** Script files the page has requested so far. */
function scriptLog(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\.m?js$/.test(pathname)) scripts.push(pathname);
  });
  return scripts;
}

/** Writes `bytes` as `name` in the test's output folder, for a file input to pick; its path. */
function outputFile(testInfo: TestInfo, name: string, bytes: Buffer): string {
  const file = path.join(testInfo.outputDir, name);
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  fs.writeFileSync(file, bytes);
  return file;
}

/** Uploads `file` as the audit statement of facility `mnemonic` from the Facilities screen. */
async function uploadStatement(page: Page, mnemonic: string, file: string): Promise<void> {
  await page.getByRole('button', { name: `Upload Audit for ${mnemonic}` }).click();
  const upload = page.getByRole('dialog', { name: `Upload Audit – ${mnemonic}` });
  await upload.locator('input[type="file"]').setInputFiles(file);
  await upload.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Audit successfully recorded.')).toBeVisible();
}

const kilnDialog = (page: Page) => page.getByRole('dialog', { name: 'Kiln' });
/** The viewer's 'Page N of M' (a PDF may print the same words on its page). */
const pageOf = (viewer: ReturnType<Page['getByRole']>) => viewer.locator('p[aria-live="polite"]');

test('the Kiln Registry adds a kiln through the Kiln modal, refusing a registered kiln id + facility pair', async ({ page, request }) => {
  await resetData(request);
  await openAndLogin(page, 'facilityadmin', '/kiln_reg');
  await expect(page.getByRole('heading', { name: 'Kiln Registry' })).toBeVisible();
  // the table shows a 'Loading...' row until the registry has arrived
  await expect(page.getByRole('button', { name: /^Edit kiln / }).first()).toBeVisible();
  const firstRow = page.locator('table tbody tr').first();
  const [kilnId, mnemonic] = [await firstRow.locator('td').nth(0).textContent(), await firstRow.locator('td').nth(1).textContent()];
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New Kiln' }).click();
  const dialog = kilnDialog(page);
  await dialog.getByRole('textbox', { name: /^Kiln ID/ }).fill(kilnId!);
  await dialog.getByRole('combobox', { name: /^Facility/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${mnemonic} – `) }).click();
  await expect(dialog.getByText('This kiln ID is already registered at this facility.')).toHaveCount(2);
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
  await expectAccessible(page);

  const newId = `E2E-${Date.now() % 100000}`;
  await dialog.getByRole('textbox', { name: /^Kiln ID/ }).fill(newId);
  await dialog.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Terrafix' }).click();
  await dialog.getByRole('textbox', { name: /^Install Date/ }).fill('2025/06/30');
  await dialog.getByRole('textbox', { name: 'Terrafix Per g Weight' }).fill('12.5');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.locator('table tbody tr', { hasText: newId });
  await expect(row).toContainText('Terrafix');
  await expect(row).toContainText('2025/06/30');
});

test('a kiln file admin sees the kilns and facilities without New, Edit or upload buttons', async ({ page }) => {
  await openAndLogin(page, 'kilnadmin', '/kiln_reg');
  // rows of data, not the 'Loading...' row, before checking what is absent
  await expect(page.locator('table tbody tr', { hasText: 'CG1-0007' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Kiln' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await page.goto('/facilities');
  await expect(page.locator('table tbody tr', { hasText: 'NRB' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(New Facility|Edit|Upload)/ })).toHaveCount(0);
});

test('a PDF audit statement opens in the viewer, pdf.js loading only then and from the console itself', async ({ page, baseURL }) => {
  const scripts = scriptLog(page);
  await openAndLogin(page, 'superadmin', '/facilities');
  await expect(page.getByRole('img', { name: /^Photo of / }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /pdf|PdfView|DocumentViewer/i.test(s))).toEqual([]);
  await expectAccessible(page);

  const worker = page.waitForRequest(/pdf\.worker/);
  await page.getByRole('button', { name: 'View Audit of NRB' }).click();
  const viewer = page.getByRole('dialog', { name: 'Latest Audit – NRB' });
  await expect(pageOf(viewer)).toHaveText('Page 1 of 2');
  expect((await worker).url().startsWith(`${baseURL}/assets/`)).toBe(true);
  await expect(viewer.locator('canvas')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect(pageOf(viewer)).toHaveText('Page 2 of 2');
  await expect(viewer.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expectAccessible(page);
  await viewer.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'View Audit of RIV' }).click();
  await expect(page.getByRole('dialog', { name: 'Latest Audit – RIV' }).getByRole('img', { name: 'Latest Audit – RIV' })).toBeVisible();
});

test('an uploaded password-protected statement asks for its password, again after a wrong one, then shows', async ({
  page,
  request,
}, testInfo) => {
  await resetData(request);
  const file = outputFile(testInfo, 'protected.pdf', protectedPdf('s3cret'));
  await openAndLogin(page, 'superadmin', '/facilities');

  await uploadStatement(page, 'TAS', file);

  await page.getByRole('button', { name: 'View Audit of TAS' }).click();
  const prompt = page.getByRole('dialog', { name: 'Password required' });
  await expect(prompt.getByText('Enter the password to open this PDF file.')).toBeVisible();
  await prompt.getByLabel('Password').fill('wrong');
  await prompt.getByLabel('Password').press('Enter');
  const again = page.getByRole('dialog', { name: 'Incorrect password' });
  await expect(again.getByText('Invalid password. Please try again.')).toBeVisible();
  await again.getByLabel('Password').fill('s3cret');
  await again.getByLabel('Password').press('Enter');
  await expect(pageOf(page.getByRole('dialog', { name: 'Latest Audit – TAS' }))).toHaveText('Page 1 of 2');
});

test('a photo upload sends a canvas-made thumbnail the server accepts, and the table shows it', async ({ page, request }, testInfo) => {
  await resetData(request);
  const file = outputFile(testInfo, 'yard.png', pngImage(1200, 800));
  await page.goto('/facilities');
  await login(page, 'facilityadmin');

  const row = page.locator('table tbody tr').first();
  // the first cell reads 'Loading...' until the list has arrived
  await expect(row.getByRole('button', { name: /^Upload Photo for / })).toBeVisible();
  const mnemonic = (await row.locator('td').first().textContent())!;
  const upload = page.waitForRequest((r) => r.url().endsWith('/api/photo/upload'));
  await page.getByRole('button', { name: `Upload Photo for ${mnemonic}` }).click();
  const dialog = page.getByRole('dialog', { name: `Upload Photo – ${mnemonic}` });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Photo successfully uploaded.')).toBeVisible();
  expect((await upload).headers()['photo-guid']).toMatch(/^[0-9a-f-]{36}$/);
  const thumb = row.getByRole('img', { name: `Photo of ${mnemonic}` });
  await expect(thumb).toBeVisible();
  // 1200 x 800 made into a 250 x 167 JPEG
  expect(await thumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([250, 167]);
});

test('a facility admin sees only its facilities, edits one, and uploads a PDF statement it then reads page by page', async ({
  page,
  request,
}, testInfo) => {
  await resetData(request);
  await openAndLogin(page, 'facilityadmin', '/facilities');
  const rows = page.locator('table tbody tr');
  await expect(page.getByRole('button', { name: /^Edit facility / }).first()).toBeVisible();
  expect((await rows.locator('td:first-child').allTextContents()).sort()).toEqual(['NKR', 'NRB']);
  await expect(page.getByRole('button', { name: 'New Facility' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit facility NKR' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Facility' });
  await expect(edit.getByRole('textbox', { name: /^Mnemonic/ })).toBeDisabled();
  const name = `Nakuru Biochar Co-operative ${Date.now() % 1000}`;
  await edit.getByRole('textbox', { name: /^Name/ }).fill(name);
  await edit.getByRole('button', { name: 'OK' }).click();
  await expect(edit).toHaveCount(0);
  await expect(rows.filter({ hasText: 'NKR' })).toContainText(name);

  const file = outputFile(
    testInfo,
    'statement.pdf',
    buildPdf('Audit statement NKR', [
      [{ text: 'Statement, page one' }],
      [{ text: 'Statement, page two' }],
      [{ text: 'Statement, page three' }],
    ]),
  );
  await uploadStatement(page, 'NKR', file);

  await page.getByRole('button', { name: 'View Audit of NKR' }).click();
  const viewer = page.getByRole('dialog', { name: 'Latest Audit – NKR' });
  await expect(pageOf(viewer)).toHaveText('Page 1 of 3');
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect(pageOf(viewer)).toHaveText('Page 2 of 3');
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect(pageOf(viewer)).toHaveText('Page 3 of 3');
  await expect(viewer.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await viewer.getByRole('button', { name: 'Previous page' }).click();
  await expect(pageOf(viewer)).toHaveText('Page 2 of 3');
});
