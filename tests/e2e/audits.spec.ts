import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AuditedLogsResponse, AuditHistoryResponse, CarbonSummaryResponse } from '../../src/domain/api/audits';
import { formatCarbon } from '../../src/domain/carbon';
import type { KilnLogDetail } from '../../src/domain/api/kilnLogs';
import { expect, expectAccessible, NETWORK_RETRIES, openAndLogin, testAtWidths, tokenFor } from './fixtures';

/** A one-page signed statement, as a kiln file admin would scan or export it. */
async function statementPdf(jobId: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(`Audit statement ${jobId}`, { x: 60, y: 760, size: 18, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

const api = (request: APIRequestContext, token: string) => ({
  get: (path: string) => request.get(`/api${path}`, { maxRetries: NETWORK_RETRIES, headers: { Authorization: `Bearer ${token}` } }),
  post: (path: string) => request.post(`/api${path}`, { maxRetries: NETWORK_RETRIES, headers: { Authorization: `Bearer ${token}` } }),
});

/** The page fits the window's width: wide tables scroll inside their own box, never the page. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function choose(page: Page, combobox: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).first().click();
}

testAtWidths(
  (width) =>
    `at ${width} px a kiln file admin proposes burns, a super-admin signs them off with a PDF, finds the audit in the history and the burns locked`,
  180_000,
  async ({ page, request }, width) => {
    const token = await tokenFor(request, 'kilnadmin');
    const jobId = `E2E-${width}-${Date.now()}`;

    // propose: the first C-Go-1 burn waiting for an audit
    await openAndLogin(page, 'kilnadmin', '/audit/create');
    await expect(page.getByRole('heading', { name: 'Propose Audit' })).toBeVisible();
    await choose(page, 'Select Kiln Type', 'C-Go-1');
    const proposed = page.getByRole('region', { name: 'Proposed Logs' });
    const firstBurn = proposed.locator('tbody tr').first();
    await expect(firstBurn).toBeVisible();
    // past the loading skeleton's rows: the burn's analysis id is in its second cell
    await expect(firstBurn.locator('td').nth(1)).toHaveText(/^\s*\d+\s*$/);
    const analysisId = Number((await firstBurn.locator('td').nth(1).textContent())?.trim());
    expect(analysisId).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Create Audit Job' }).click();
    await expect(page.getByText('Please provide a valid job identifier.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Input Audit Job Identifier' }).fill(jobId);
    await firstBurn.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Audit Job' }).click();
    await expect(page.getByText('Audit job created successfully.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Input Audit Job Identifier' })).toHaveValue('');
    if (width === 1400) await expectAccessible(page);
    await expectNoSidewaysScroll(page, width);

    // review and sign off with a PDF statement: a second person, as who proposed may not (four eyes)
    await page.evaluate(() => sessionStorage.clear());
    await openAndLogin(page, 'superadmin', '/audit/review');
    await choose(page, 'Proposed Audit', new RegExp(jobId));
    await expect(page.getByRole('heading', { name: 'Summary of Audit for Related Facilities' })).toBeVisible();
    const auditLogs = page.getByRole('region', { name: 'Audit Logs' });
    await expect(auditLogs.locator('tbody tr')).toHaveCount(1);
    await expect(auditLogs).toContainText(String(analysisId));
    const signoff = page.getByRole('button', { name: 'Signoff' });
    await expect(signoff).toBeDisabled();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: await statementPdf(jobId) });
    await expect(signoff).toBeEnabled();
    await signoff.click();
    // nothing is settled before the summary is confirmed
    const confirm = page.getByRole('dialog', { name: `Sign off audit ${jobId}?` });
    await expect(confirm).toContainText('This cannot be undone');
    await expect(confirm).toContainText('statement.pdf');
    await confirm.getByRole('button', { name: 'Sign off' }).click();
    await expect(page.getByText('Signoff successfully recorded.')).toBeVisible();
    if (width === 1400) await expectAccessible(page);
    await expectNoSidewaysScroll(page, width);

    // the history of the burn's facility holds the audit
    const burn = (await (await api(request, token).get(`/kilnlogs/${analysisId}`)).json()) as KilnLogDetail;
    expect(burn.audited).toBe(true);
    const history = (await (
      await api(request, token).get(`/audit/history?facility_id=${burn.facility_id}`)
    ).json()) as AuditHistoryResponse;
    const audit = history.data.find((a) => a.job_id === jobId);
    expect(audit).toBeDefined();
    expect(audit!.log_count).toBe(1);

    await page.goto('/audit/history');
    await choose(page, 'Facility', new RegExp(burn.facility_name ?? ''));
    // a table row at 1400 px, an item of the phone list at 390 px (m5): either names the audit by proposal number and job id
    const row =
      width === 1400
        ? page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: String(audit!.id), exact: true }) })
        : page
            .getByRole('list', { name: 'Audit History' })
            .getByRole('listitem')
            .filter({ hasText: new RegExp(`Proposal ID ${audit!.id}(?!\\d)`) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(jobId, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Facility Carbon Stats' })).toContainText('Total');
    if (width === 1400) await expectAccessible(page);
    await expectNoSidewaysScroll(page, width);

    // the evidence opens in the viewer
    await row.getByRole('button', { name: 'View Audit', exact: true }).click();
    const evidence = page.getByRole('dialog', { name: 'Audit Evidence' });
    await expect(evidence.getByText('Page 1 of 1')).toBeVisible();
    await expect(evidence).toContainText(`${jobId} · `);
    await expect(evidence).toContainText(`Proposal ${audit!.id}`);
    await evidence.getByRole('button', { name: 'Close' }).click();

    // the audited logs show the burn with its frozen numbers
    await row.getByRole('button', { name: 'View Audited Logs' }).click();
    const audited = page.getByRole('dialog', { name: 'Audited Logs' });
    await expect(audited.locator('tbody tr')).toHaveCount(1);
    await expect(audited).toContainText(String(analysisId));
    await audited.getByRole('button', { name: 'Close' }).click();

    // the burn can no longer be analysed or archived
    expect((await api(request, token).post(`/kilnlogs/${analysisId}/analyse`)).status()).toBe(409);
    expect((await api(request, token).post(`/kilnlogs/${analysisId}/archive`)).status()).toBe(409);
    if (width === 1400) {
      await page.goto(`/kiln_logs?filter=${encodeURIComponent(JSON.stringify({ id: analysisId }))}`);
      const logRow = page.locator('tbody tr').first();
      await expect(logRow.getByRole('button', { name: 'Analyse again' })).toHaveCount(0);
      await expect(logRow.getByRole('button', { name: 'Archive' })).toHaveCount(0);
      await expect(logRow.getByLabel(`Audited burn of audit ${jobId}: it cannot be analysed again or archived.`)).toBeVisible();
    }
  },
);

/** No two of the controls overlap, nor does any one's text run out of it (a phone's dialog wraps its actions). */
async function expectApart(controls: Locator[]) {
  expect(controls.length).toBeGreaterThan(1);
  for (const control of controls)
    expect(await control.evaluate((el) => el.scrollWidth <= el.clientWidth), (await control.textContent()) ?? undefined).toBe(true);
  const boxes = await Promise.all(controls.map(async (c) => (await c.boundingBox())!));
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
    }
  }
}

/**
 * The words of the viewer's page `n`, read from react-pdf's text layer once pdf.js has
 * finished it (its last child is .endOfContent) and it is no longer the page before.
 */
async function textLayerOf(viewer: Locator, n: number, before: string): Promise<string> {
  const layer = viewer.locator(`.react-pdf__Page[data-page-number="${n}"] .react-pdf__Page__textContent`);
  let text = '';
  await expect
    .poll(async () => {
      if ((await layer.locator('.endOfContent').count()) === 0) return '';
      text = (await layer.locator('span[role="presentation"]').allTextContents()).join(' ');
      return text === before ? '' : text;
    })
    .not.toBe('');
  return text;
}

testAtWidths(
  (width) =>
    `at ${width} px the verification report of a signed-off audit opens from Audit History in the console's viewer and names the job id, every burn and the totals`,
  120_000,
  async ({ page, request }, width) => {
    const token = await tokenFor(request, 'kilnadmin');
    // the newest seeded audit of the first facility that has one, and its frozen burns
    const summary = (await (await api(request, token).get('/co2/summary')).json()) as CarbonSummaryResponse;
    const facility = summary.data.facilities[0];
    const history = (await (await api(request, token).get(`/audit/history?facility_id=${facility.id}`)).json()) as AuditHistoryResponse;
    const audit = history.data.reduce((a, b) => (b.signoff_ts > a.signoff_ts ? b : a));
    const audited = (await (await api(request, token).get(`/audit/audited_logs?audit_id=${audit.id}`)).json()) as AuditedLogsResponse;
    const burnIds = audited.burns.map((b) => b.analysis_id);
    expect(burnIds.length).toBe(audit.log_count);

    await openAndLogin(page, 'kilnadmin', '/audit/history');
    await choose(page, 'Facility', new RegExp(facility.name));
    const row =
      width === 1400
        ? page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: String(audit.id), exact: true }) })
        : page
            .getByRole('list', { name: 'Audit History' })
            .getByRole('listitem')
            .filter({ hasText: new RegExp(`Proposal ID ${audit.id}(?!\\d)`) });
    await row.getByRole('button', { name: 'View Report' }).click();
    const viewer = page.getByRole('dialog', { name: 'Verification Report' });
    await expect(viewer).toContainText(`${audit.job_id} · `);
    const pageOf = viewer.locator('p[aria-live="polite"]');
    await expect(pageOf).toHaveText(/^Page 1 of \d+$/);
    await expect(viewer.locator('canvas')).toBeVisible();
    const pages = Number((await pageOf.textContent())?.match(/of (\d+)/)?.[1]);

    // every page's text layer, page after page through the viewer's own navigation
    const texts: string[] = [];
    for (let n = 1; n <= pages; n++) {
      if (n > 1) {
        await viewer.getByRole('button', { name: 'Next page' }).click();
        await expect(pageOf).toHaveText(`Page ${n} of ${pages}`);
      }
      texts.push(await textLayerOf(viewer, n, texts.at(-1) ?? ''));
    }
    const text = texts.join('\n');
    expect(texts[0]).toContain(`Job ${audit.job_id} (audit ${audit.id})`);
    for (const id of burnIds) expect(text).toContain(`Burn ${id}:`);
    expect(text).toContain(`${burnIds.length} burns. CO2 removed ${formatCarbon(audit.audited_co2, 'figure')} kg`);
    expect(text).toContain(`Biochar produced ${formatCarbon(audit.audited_biochar, 'figure')} kg`);
    if (width === 1400) await expectAccessible(page, viewer);
    await expectNoSidewaysScroll(page, width);

    // on a phone the page takes the screen's width; zoomed, it scrolls inside the viewer, never the screen
    const canvas = viewer.locator('canvas');
    const canvasWidth = async () => Math.round((await canvas.boundingBox())!.width);
    const fit = await canvasWidth();
    if (width === 390) expect(fit).toBeGreaterThan(330);
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(canvasWidth).toBeGreaterThan(fit * 1.4);
    await expectNoSidewaysScroll(page, width);
    await viewer.getByRole('button', { name: 'Zoom 150 %: fit to width' }).click();
    await expect.poll(canvasWidth).toBe(fit);
    // the dialog stays open while the window crosses the phone width, both ways
    await page.setViewportSize({ width: width === 390 ? 1400 : 390, height: 900 });
    await expect(viewer).toBeVisible();
    await expect(pageOf).toHaveText(`Page ${pages} of ${pages}`);
    await page.setViewportSize({ width, height: 900 });
    await expect(viewer).toBeVisible();
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toHaveCount(0);

    // from Audit Evidence too, its actions side by side or wrapped, never over one another
    await row.getByRole('button', { name: 'View Audit', exact: true }).click();
    const evidence = page.getByRole('dialog', { name: 'Audit Evidence' });
    await expect(evidence.locator('canvas, img').first()).toBeVisible();
    const actions = evidence.getByRole('button').filter({ hasText: /^(View Report|Download Verification Package|Close)$/ });
    await expect(actions).toHaveCount(3);
    await expectApart(await actions.all());
    await evidence.getByRole('button', { name: 'View Report' }).click();
    await expect(pageOf).toHaveText(/^Page 1 of \d+$/);
    await expect(viewer.locator('.react-pdf__Page__textContent')).toContainText(`Job ${audit.job_id} (audit ${audit.id})`);
  },
);
