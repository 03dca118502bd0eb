import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from '../../mock-server/auditPackage/reportText';
import type { PotentialLogsResponse } from '../../src/domain/api/audits';
import { csvKg, formatCarbon, sumKg } from '../../src/domain/carbon';
import { expect, NETWORK_RETRIES, openAndLogin, resetData, test, tokenFor, WIDTHS } from './fixtures';

/**
 * One audit from proposal to mint: its CO2 reads by the one rule
 * (src/domain/carbon.ts) on every screen that names it, and its job id is on
 * each: Propose Audit's bar, Carbon Removals, Audit History and its CSV,
 * the Kiln Logs CSV, Minting, the Mint modal and Review Eco Assets.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function choose(page: Page, combobox: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function onePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

const logout = (page: Page) => page.evaluate(() => sessionStorage.clear());

/** The cells of one CSV line (RFC 4180 quoting). */
const csvCells = (line: string): string[] =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) =>
    cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
  );

for (const [name, viewport] of WIDTHS) {
  test(`at ${name} one audit's CO2 reads the same from proposal to mint, under its job id`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await resetData(request);
    const token = await tokenFor(request, 'kilnadmin');
    const potential = (await (
      await request.get('/api/audit/potential_logs?kiln_type=0', {
        maxRetries: NETWORK_RETRIES,
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as PotentialLogsResponse;
    // a facility with two burns waiting: its two newest make the audit
    const byFacility = new Map<number | null, PotentialLogsResponse['data']>();
    for (const log of potential.data) byFacility.set(log.facility_id, [...(byFacility.get(log.facility_id) ?? []), log]);
    const burns = [...byFacility.values()]
      .find((logs) => logs.length >= 2)!
      .sort((a, b) => (b.logts ?? '').localeCompare(a.logts ?? '') || b.analysis_id - a.analysis_id)
      .slice(0, 2);
    const facilityName = burns[0].facility_name!;
    const co2 = sumKg(burns.map((b) => b.analysis_detail?.co2_removed ?? 0));
    const figure = formatCarbon(co2, 'figure');
    const jobId = `CHAIN-${name.replace(' ', '')}-${Date.now() % 100000}`;

    // Propose Audit: the facility picked, two burns ticked, their sum in the bar beside Create Audit Job
    await openAndLogin(page, 'kilnadmin', '/audit/create');
    await choose(page, 'Select Kiln Type', 'C-Go-1');
    await choose(page, 'Facility', new RegExp(`– ${escape(facilityName)}$`));
    const table = page.getByRole('region', { name: 'Proposed Logs' });
    for (const burn of burns) {
      await table
        .locator('tbody tr')
        .filter({ has: page.getByRole('cell', { name: String(burn.analysis_id), exact: true }) })
        .getByRole('checkbox')
        .check();
    }
    const bar = page.getByRole('region', { name: 'Selection' });
    await expect(bar).toContainText(`2 logs selected (${figure} kg CO2)`);
    await expect(bar).toBeInViewport();
    await page.getByRole('textbox', { name: 'Input Audit Job Identifier' }).fill(jobId);
    await bar.getByRole('button', { name: 'Create Audit Job' }).click();
    await expect(page.getByText('Audit job created successfully.')).toBeVisible();
    // four eyes, said at once: who must sign it off
    await expect(page.getByText(`Audit job ${jobId} is waiting for its signoff: another kiln file admin or a super-admin`)).toBeVisible();
    await logout(page);

    // Carbon Removals: a second person reviews and signs off (four eyes)
    await openAndLogin(page, 'superadmin', '/audit/review');
    await choose(page, 'Proposed Audit', new RegExp(escape(jobId)));
    await expect(page.getByRole('combobox', { name: 'Proposed Audit' })).toContainText(jobId);
    await expect(page.getByRole('row', { name: new RegExp(escape(facilityName)) }).first()).toContainText(figure);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: await onePagePdf() });
    await page.getByRole('button', { name: 'Signoff' }).click();
    // the summary before it is settled: the same figure, and that it cannot be undone
    const confirm = page.getByRole('dialog', { name: `Sign off audit ${jobId}?` });
    for (const text of [facilityName, figure, 'statement.pdf', 'This cannot be undone']) await expect(confirm).toContainText(text);
    await confirm.getByRole('button', { name: 'Sign off' }).click();
    await expect(page.getByText('Signoff successfully recorded.')).toBeVisible();
    // the next step: the audit's History row, its report and its package
    const next = page.getByRole('status').filter({ hasText: `Audit ${jobId} is signed off` });
    await expect(next).toContainText(`2 burns, ${figure} kg CO2`);
    await expect(next.getByRole('button', { name: 'View Report' })).toBeVisible();
    await expect(next.getByRole('button', { name: 'Download Verification Package' })).toBeVisible();
    await next.getByRole('link', { name: 'Open in Audit History' }).click();

    // Audit History: the row (opened by the link, on its facility), its package's SHA-256, Facility Carbon Stats, and the CSV
    await expect(page).toHaveURL(/\/audit\/history\?facility_id=\d+&audit=\d+/);
    // a table row at 1400 px, an item of the phone list at 390 px (m5)
    const row =
      viewport.width === 1400
        ? page.locator('tbody tr').filter({ has: page.getByRole('cell', { name: jobId, exact: true }) })
        : page
            .getByRole('list', { name: 'Audit History' })
            .getByRole('listitem')
            .filter({ has: page.getByText(jobId, { exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(figure);
    await expect(row.getByTestId('package-sha256')).toHaveText(/^[0-9a-f]{64}$/);
    const reportDownload = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download Report' }).click();
    expect((await reportDownload).suggestedFilename()).toMatch(new RegExp(`^audit-${escape(jobId)}-\\d{4}-\\d{2}-\\d{2}-report\\.pdf$`));
    // the Verification Report leads with the same figure
    const report = await pdfText(fs.readFileSync((await (await reportDownload).path())!));
    expect(report).toContain(`2 burns. CO2 removed ${figure} kg`);
    const stats = page.getByRole('region', { name: 'Facility Carbon Stats' });
    await expect(stats).toBeVisible();
    await expect(stats).toContainText('Each figure is rounded from exact grams');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    const lines = csv.split(/\r?\n/).filter((line) => line.includes(jobId));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toContain(csvKg(co2));

    // Kiln Logs CSV: each of the two burns names the audit's job id, with its own CO2 to the gram; together the audit's CO2
    await page.goto(`/kiln_logs?filter=${encodeURIComponent(JSON.stringify({ id: burns.map((b) => b.analysis_id) }))}`);
    await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
    const logsDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const [header, ...logLines] = fs
      .readFileSync((await (await logsDownload).path())!, 'utf8')
      .trim()
      .split(/\r?\n/)
      .map(csvCells);
    const column = (name: string) => header.indexOf(name);
    expect(logLines).toHaveLength(2);
    for (const burn of burns) {
      const line = logLines.find((cells) => cells[column('Log ID')] === String(burn.analysis_id))!;
      expect(line[column('Audit Job ID')]).toBe(jobId);
      expect(line[column('CO2 Removed (kg)')]).toBe(csvKg(burn.analysis_detail!.co2_removed));
    }
    expect(csvKg(sumKg(logLines.map((cells) => Number(cells[column('CO2 Removed (kg)')]))))).toBe(csvKg(co2));
    await logout(page);

    // Minting: the audit's row under its facility, then the Mint modal's bound to the gram, all of it minted
    await openAndLogin(page, 'broker', '/eco-assets/create');
    await page.getByRole('button', { name: `Show the audits of ${facilityName}` }).click();
    const auditRow = page.getByRole('row', { name: new RegExp(escape(jobId)) });
    await expect(auditRow).toContainText(figure);
    await page.getByRole('button', { name: 'Mint Eco Asset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mint Eco Asset' });
    const amount = dialog.getByRole('textbox', { name: new RegExp(`^${escape(jobId)} · [\\d: -]+ · CO2 to allocate`) });
    await expect(dialog.getByText(`0 to ${formatCarbon(co2, 'exact')} kg left`)).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Minting Note/ }).fill(`Chain ${jobId}`);
    await dialog.getByRole('textbox', { name: /^Transaction ID/ }).fill(`TX-${jobId}`);
    await amount.fill(String(co2));
    await expect(dialog.getByText(`To mint: ${formatCarbon(co2, 'exact')} kg`)).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Eco Asset minted successfully.')).toBeVisible();

    // Review Eco Assets: the asset and its one allocation, named by the job id
    await page.goto('/eco-assets/review');
    await choose(page, 'Facility', new RegExp(`– ${escape(facilityName)}$`));
    const assetRow = page.getByRole('row', { name: new RegExp(escape(`Chain ${jobId}`)) });
    await expect(assetRow).toContainText(figure);
    await assetRow.click();
    const allocation = page.getByRole('button', { name: / kg allocated$/ });
    await expect(allocation).toHaveCount(1);
    await expect(allocation).toContainText(jobId);
    await expect(allocation).toContainText(`${figure} kg allocated`);

    // Provenance and the certificate: the audit under its job id, the same figure beside its exact kg
    await assetRow.getByRole('link', { name: /^Provenance of / }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Eco Asset Provenance' })).toBeVisible();
    await expect(page.getByRole('region', { name: new RegExp(`^${escape(jobId)} · `) }).getByTestId('audit-co2')).toHaveText(
      `Audit CO2: ${figure} kg (exactly ${formatCarbon(co2, 'exact')} kg), of which this asset draws the amount above`,
    );
    const certificateDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Certificate' }).click();
    const certificate = await pdfText(fs.readFileSync((await (await certificateDownload).path())!));
    expect(certificate.replace(/\s+/g, ' ')).toContain(
      `(${jobId}), ${facilityName}: audit CO2 ${figure} kg (${formatCarbon(co2, 'exact')} kg)`,
    );
  });
}
