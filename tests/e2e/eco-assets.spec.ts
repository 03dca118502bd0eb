import { type APIRequestContext } from '@playwright/test';
import type { AvailableCo2Response } from '../../src/domain/api/ecoAssets';
import { formatCarbon, toGrams, toKg } from '../../src/domain/carbon';
import { remainingKg } from '../../src/domain/minting';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  NETWORK_RETRIES,
  openAndLogin,
  resetData,
  test,
  tokenFor,
  WIDTHS,
} from './fixtures';

interface Source {
  signoffId: number;
  jobId: string;
  facilityId: number;
  facilityName: string;
  remaining: number;
}

/** The signed-off audits with CO2 left, as the API tells the broker. */
async function sources(request: APIRequestContext): Promise<Source[]> {
  const token = await tokenFor(request, 'broker');
  const res = await request.get('/api/eco-asset/available_co2', {
    maxRetries: NETWORK_RETRIES,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as AvailableCo2Response;
  return Object.entries(body.audits_by_facility)
    .flatMap(([id, f]) =>
      f.audits.map((a) => ({
        signoffId: a.signoff_id,
        jobId: a.job_id,
        facilityId: Number(id),
        facilityName: f.facility_name,
        remaining: remainingKg(a),
      })),
    )
    .filter((s) => s.remaining >= 5);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// the Mint modal states kg to the gram, the screens with 1 decimal (docs/product.md#constants-and-limits)
const exact = (value: number) => formatCarbon(value, 'exact');
const kg = (value: number) => formatCarbon(value, 'figure');

for (const [name, viewport] of WIDTHS) {
  test.describe(`at ${name}`, () => {
    test.use({ viewport });

    test('the broker mints from two audits, sees the asset and its allocations, opens the evidence and the audited logs; the CO2 left shrinks', async ({
      page,
      request,
    }) => {
      await resetData(request);
      const [first, second] = await sources(request);
      expect(second, 'the demo data has two audits with CO2 left').toBeDefined();
      const amounts = [toKg(Math.floor(toGrams(first.remaining) / 4)), 1.25];

      await openAndLogin(page, 'broker', '/eco-assets/create');
      await expect(page.getByRole('heading', { level: 1, name: 'Eco-Asset Minting' })).toBeVisible();
      await expect(page.getByRole('rowheader', { name: first.facilityName })).toBeVisible();
      await expectNoSidewaysScroll(page, 'minting');
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Mint Eco Asset' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mint Eco Asset' });
      await expect(dialog.getByText('Please choose greater than 0 co2 from at least one source.')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
      const note = `Forward sale ${name}`;
      await dialog.getByRole('textbox', { name: /^Minting Note/ }).fill(note);
      await dialog.getByRole('textbox', { name: /^Transaction ID/ }).fill(`E2E-${name.replace(' ', '')}-${Date.now() % 100000}`);
      const amountOf = (s: Source) =>
        dialog.getByRole('textbox', { name: new RegExp(`^${escape(s.jobId)} · [\\d: -]+ · CO2 to allocate`) });
      // more than remains is refused on the field
      await amountOf(first).fill(String(first.remaining + 1));
      await expect(dialog.getByText(/what is left of this audit/)).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
      await amountOf(first).fill(String(amounts[0]));
      await amountOf(second).fill(String(amounts[1]));
      await expect(dialog.getByText(`To mint: ${exact(amounts[0] + amounts[1])} kg`)).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByText('Eco Asset minted successfully.')).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // the list reloaded: the first audit has that much less left
      await page.getByRole('button', { name: `Show the audits of ${first.facilityName}` }).click();
      const auditRow = page.getByRole('row', { name: new RegExp(escape(first.jobId)) });
      await expect(auditRow.getByRole('cell').last()).toHaveText(kg(toKg(toGrams(first.remaining) - toGrams(amounts[0]))));
      const after = await sources(request);
      expect(after.find((s) => s.signoffId === second.signoffId)?.remaining ?? 0).toBeCloseTo(second.remaining - amounts[1], 6);

      await page.goto('/eco-assets/review');
      await expect(page.getByRole('heading', { level: 1, name: 'Eco-Asset Broker Review' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Facility' }).click();
      await page.getByRole('option', { name: new RegExp(`– ${escape(first.facilityName)}$`) }).click();
      const assetRow = page.getByRole('row', { name: new RegExp(escape(note)) });
      // the first facility's part of the asset
      await expect(assetRow).toContainText(kg(amounts[0] + (second.facilityId === first.facilityId ? amounts[1] : 0)));
      await assetRow.click();
      await expect(assetRow).toHaveAttribute('aria-selected', 'true');
      const items = page.getByRole('button', { name: / kg allocated$/ });
      await expect(items).toHaveCount(2);
      await expect(items.first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
      await expect(page.getByRole('button', { name: `${kg(amounts[0])} kg allocated`, exact: false })).toHaveCount(1);
      await expectNoSidewaysScroll(page, 'review');
      await expectAccessible(page);

      await items.first().click();
      await page.getByRole('button', { name: 'View Evidence' }).click();
      const evidence = page.getByRole('dialog', { name: 'Audit Evidence' });
      await expect(evidence.locator('img, canvas').first()).toBeVisible();
      await evidence.getByRole('button', { name: 'Close' }).click();
      await expect(evidence).toHaveCount(0);

      await page.getByRole('button', { name: 'Audited Logs' }).click();
      const logs = page.getByRole('dialog', { name: 'Audited Logs' });
      await expect(logs.locator('tbody tr').first()).toBeVisible();
      await logs.getByRole('button', { name: 'Close' }).click();
      await expect(logs).toHaveCount(0);
    });
  });
}

test('the panes resize from the keyboard at 1400 px', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openAndLogin(page, 'broker', '/eco-assets/review');
  const handle = page.getByRole('separator', { name: 'Resize the eco asset and allocation panes' });
  const left = page.getByRole('region', { name: 'Eco Assets' });
  const before = (await left.boundingBox())!.width;
  await handle.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await left.boundingBox())!.width).toBeGreaterThan(before + 50);
});
