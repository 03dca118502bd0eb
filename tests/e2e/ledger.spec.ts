import type { AvailableCo2Response } from '../../src/domain/api/ecoAssets';
import { formatCarbon } from '../../src/domain/carbon';
import { mintSplit } from '../../src/domain/ledger';
import { remainingKg } from '../../src/domain/minting';
import { expect, NETWORK_RETRIES, openAndLogin, resetData, test, tokenFor } from './fixtures';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exact = (value: number) => formatCarbon(value, 'exact');

test('the broker mints with a 10 % buffer, sees the split, retires part for a beneficiary, opens its provenance down to a burn and downloads the certificate', async ({
  page,
  request,
}) => {
  await resetData(request);
  const token = await tokenFor(request, 'broker');
  const res = await request.get('/api/eco-asset/available_co2', {
    maxRetries: NETWORK_RETRIES,
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as AvailableCo2Response;
  const source = Object.values(body.audits_by_facility)
    .flatMap((f) => f.audits.map((a) => ({ jobId: a.job_id, facilityName: f.facility_name, remaining: remainingKg(a) })))
    .find((s) => s.remaining >= 20)!;
  expect(source, 'the demo data has an audit with 20 kg left').toBeDefined();
  const amount = 12.345;
  const split = mintSplit(amount, 1000);

  await openAndLogin(page, 'broker', '/eco-assets/create');
  await expect(page.getByTestId('buffer-share')).toHaveText(/10 %/);
  await page.getByRole('button', { name: 'Mint Eco Asset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mint Eco Asset' });
  const transactionId = `E2E-LEDGER-${Date.now() % 100000}`;
  await dialog.getByRole('textbox', { name: /^Minting Note/ }).fill('Ledger sale');
  await dialog.getByRole('textbox', { name: /^Transaction ID/ }).fill(transactionId);
  await dialog.getByRole('textbox', { name: new RegExp(`^${escape(source.jobId)} · [\\d: -]+ · CO2 to allocate`) }).fill(String(amount));
  // the split before the broker confirms: 1,234.5 g of buffer rounds to 1,235 g
  await expect(dialog.getByTestId('mint-split')).toHaveText(
    `Issued: ${exact(split.issued)} kg · Buffer pool (10 %): ${exact(split.buffer)} kg`,
  );
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Eco Asset minted successfully.')).toBeVisible();

  await page.goto('/eco-assets/review');
  await page.getByRole('combobox', { name: 'Facility' }).click();
  await page.getByRole('option', { name: new RegExp(`– ${escape(source.facilityName)}$`) }).click();
  const row = page.getByRole('row', { name: new RegExp(escape(transactionId)) });
  await expect(row).toContainText(exact(split.issued));
  await expect(row).toContainText(exact(split.buffer));
  await expect(row).toContainText(/KC-[\d,]+-[\d,]+/);
  await row.getByRole('cell').first().click();
  await page.getByRole('button', { name: 'Retire' }).click();
  const retire = page.getByRole('dialog', { name: /^Retire units of / });
  await retire.getByRole('textbox', { name: /^CO2 to retire/ }).fill('5');
  await retire.getByRole('textbox', { name: /^Beneficiary/ }).fill('Acme Corp');
  await retire.getByRole('textbox', { name: /^Purpose/ }).fill('2026 claim');
  await retire.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Units retired.')).toBeVisible();
  await expect(row).toContainText('Partly retired');
  // the filter keeps it among the retired and drops it from the not retired
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Not retired' }).click();
  await expect(page.getByRole('row', { name: new RegExp(escape(transactionId)) })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Retired (all or part)' }).click();
  await page
    .getByRole('row', { name: new RegExp(escape(transactionId)) })
    .getByRole('link', { name: /^Provenance of / })
    .click();

  await expect(page.getByRole('heading', { level: 1, name: 'Eco Asset Provenance' })).toBeVisible();
  await expect(page.getByTestId('buffer-block')).toContainText(exact(split.buffer));
  await expect(page.getByRole('row', { name: /Acme Corp/ })).toContainText('5.000');
  const burns = page.getByRole('table', { name: 'Burns' }).first();
  await expect(burns.getByRole('row').nth(1)).toContainText('unsigned');
  await expect(page.getByText(/^Verification package SHA-256: [0-9a-f]{64}$/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Verification Package' }).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Certificate' }).click();
  expect((await download).suggestedFilename()).toMatch(/^eco-asset-\d+-certificate\.pdf$/);
});
