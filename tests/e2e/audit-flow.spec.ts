import { type Page } from '@playwright/test';
import type { PotentialLogsResponse, ProposeResult } from '../../src/domain/api/audits';
import { expect, NETWORK_RETRIES, openAndLogin, testAtWidths, tokenFor } from './fixtures';

/**
 * The audit flow at 1400 and 390 px: a job id another audit
 * carries is refused on its field, the proposer is told early who signs off,
 * and withdraws its own proposal after a confirmation (its burns return).
 */

async function choose(page: Page, combobox: string, option: RegExp | string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

testAtWidths(
  (width) => `at ${width} px a reused job id is refused on its field, and the proposer withdraws its own proposal`,
  180_000,
  async ({ page, request }, width) => {
    const token = await tokenFor(request, 'kilnadmin');
    const headers = { Authorization: `Bearer ${token}` };
    const potential = (await (
      await request.get('/api/audit/potential_logs?kiln_type=-1', { maxRetries: NETWORK_RETRIES, headers })
    ).json()) as PotentialLogsResponse;
    // a job id a pending proposal of the demo carries
    const pending = (await (await request.get('/api/dropdowns/audits', { maxRetries: NETWORK_RETRIES, headers })).json()) as {
      data: { job_id: string }[];
    };
    const signedJob = pending.data[0].job_id;

    // Propose Audit: the job id another audit carries is refused, the reason under the field
    await openAndLogin(page, 'kilnadmin', '/audit/create');
    await choose(page, 'Select Kiln Type', 'Any/Unknown');
    const table = page.getByRole('region', { name: 'Proposed Logs' });
    const firstRow = table.locator('tbody tr').first();
    // past the loading skeleton's rows: the burn's analysis id is in its second cell
    await expect(firstRow.locator('td').nth(1)).toHaveText(/^\s*\d+\s*$/);
    const analysisId = Number((await firstRow.locator('td').nth(1).textContent())?.trim());
    const burn = potential.data.find((l) => l.analysis_id === analysisId)!;
    await firstRow.getByRole('checkbox').check();
    await page.getByRole('textbox', { name: 'Input Audit Job Identifier' }).fill(signedJob);
    await page.getByRole('button', { name: 'Create Audit Job' }).click();
    const taken = `The job identifier ${signedJob} is already used by another audit: each audit needs its own.`;
    await expect(page.locator('.MuiFormHelperText-root').filter({ hasText: taken })).toBeVisible();

    // a proposal of its own, made beside the page
    const jobId = `FLOW-${width}-${Date.now() % 100000}`;
    const made = await request.post(`/api/audit/propose?job_id=${jobId}&kiln_type=-1`, {
      maxRetries: NETWORK_RETRIES,
      headers,
      data: { analysis_ids: [burn.analysis_id] },
    });
    expect(made.status()).toBe(201);
    const proposal = (await made.json()) as ProposeResult;

    // Carbon Removals: its own proposals are marked and explained before anything is chosen
    await page.goto('/audit/review');
    await expect(page.getByText('Proposals marked "Proposed by you" are yours')).toBeVisible();
    await page.getByRole('combobox', { name: 'Proposed Audit' }).click();
    const option = page.getByRole('option', { name: new RegExp(escape(jobId)) });
    await expect(option).toContainText('Proposed by you');
    await expect(option).toContainText(burn.facility_name!);
    await option.click();
    await expect(page.getByText('You proposed this audit: another kiln file admin or a super-admin must sign it off.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Signoff' })).toHaveCount(0);

    // the proposal's burn opens, its analysis and chart as Kiln Logs shows them
    await page.getByRole('button', { name: `Analysis and chart of burn ${burn.analysis_id}` }).click();
    const burnDialog = page.getByRole('dialog', { name: new RegExp(escape(burn.facility_name!)) });
    await expect(burnDialog.getByText(/^(Valid|Invalid) burn$/)).toBeVisible();
    await expect(burnDialog.getByRole('table', { name: 'Analysis' })).toContainText('CO2 removed');
    await expect(burnDialog.getByRole('figure', { name: 'Burn chart' }).locator('.recharts-line').first()).toBeVisible();
    await burnDialog.getByRole('button', { name: 'Close' }).click();
    await expect(burnDialog).toHaveCount(0);

    // withdraw, after a confirmation
    await page.getByRole('button', { name: 'Withdraw proposal' }).click();
    const confirm = page.getByRole('dialog', { name: `Withdraw proposal ${jobId}?` });
    await expect(confirm).toContainText('Its 1 burn returns to the logs that can be proposed');
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await expect(page.getByText(`Proposal ${jobId} withdrawn: its burns can be proposed again.`)).toBeVisible();
    await page.getByRole('combobox', { name: 'Proposed Audit' }).click();
    await expect(page.getByRole('option', { name: new RegExp(escape(jobId)) })).toHaveCount(0);
    await page.keyboard.press('Escape');

    const after = (await (
      await request.get('/api/audit/potential_logs?kiln_type=-1', { maxRetries: NETWORK_RETRIES, headers })
    ).json()) as PotentialLogsResponse;
    expect(after.data.map((l) => l.analysis_id)).toContain(burn.analysis_id);
    const open = (await (await request.get('/api/dropdowns/audits', { maxRetries: NETWORK_RETRIES, headers })).json()) as {
      data: { id: number }[];
    };
    expect(open.data.map((p) => p.id)).not.toContain(proposal.id);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  },
);
