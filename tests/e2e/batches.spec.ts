import { type APIRequestContext } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { KilnLog } from '../../src/domain/api/kilnLogs';
import { expect, NETWORK_RETRIES, openAndLogin, testAtWidths, tokenFor, waitUntilLoaded } from './fixtures';

/**
 * A batch from Kiln Logs' selection to what each methodology still needs, at a
 * desk and on a phone: a kiln file admin selects a free valid burn, makes a
 * batch of it, records a lab result with its certificate and an end use placed
 * by a click on the map, and sees the missing inputs of Puro and VM0044 go.
 */

async function onePagePdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, { x: 60, y: 760, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** A valid burn no audit holds (the seed's batches hold only audited burns), newest first. */
async function freeBurn(request: APIRequestContext): Promise<KilnLog> {
  const token = await tokenFor(request, 'kilnadmin');
  const filter = encodeURIComponent(JSON.stringify({ status: 'valid', audited: false }));
  const res = await request.get(
    `/api/kilnlogs?filter=${filter}&range=${encodeURIComponent('[0,0]')}&sort=${encodeURIComponent('["logts","DESC"]')}`,
    {
      maxRetries: NETWORK_RETRIES,
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  expect(res.status(), await res.text()).toBe(200);
  const [log] = (await res.json()) as KilnLog[];
  expect(log).toBeDefined();
  return log;
}

testAtWidths(
  (width) => `at ${width} px a batch is made from Kiln Logs' selection, given a lab result and an end use, and its missing inputs go`,
  180_000,
  async ({ page, request }, width) => {
    const burn = await freeBurn(request);
    await openAndLogin(page, 'kilnadmin', `/kiln_logs?filter=${encodeURIComponent(JSON.stringify({ id: burn.id }))}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kiln Logs' })).toBeVisible();
    await expect(page.getByText('1-1 of 1')).toBeVisible();
    if (width > 600) await page.getByRole('checkbox', { name: 'Select all' }).check();
    else await page.getByRole('checkbox', { name: /^Select / }).check();
    await page.getByRole('button', { name: 'Create batch from selection' }).click();

    const create = page.getByRole('dialog', { name: 'Create a batch' });
    await expect(create).toContainText('1 burn chosen');
    await create.getByRole('combobox', { name: 'Feedstock' }).click();
    await page.getByRole('option', { name: 'Nut shells' }).click();
    const label = `E2E-${width}`;
    await create.getByLabel('Label').fill(label);
    await create.getByRole('button', { name: 'Create batch' }).click();

    await expect(page).toHaveURL(/\/batches\/\d+$/);
    await expect(page.getByText(`Batch ${label}`)).toBeVisible();
    const puro = page.getByTestId('credit-puro-2025-missing');
    const vm0044 = page.getByTestId('credit-vm0044-1.2-missing');
    await expect(puro).toHaveText('Needs: H/C_org, C_org');
    await expect(page.getByTestId('credit-puro-2025-net')).toHaveText('No figure');
    await expect(page.getByTestId('credit-spec-factor-eligibility')).toHaveText('Eligible');

    // the lab result, with its certificate
    await page.getByRole('button', { name: 'Add lab result' }).click();
    const lab = page.getByRole('dialog', { name: 'Add a lab result' });
    await lab.getByRole('combobox', { name: 'Laboratory' }).click();
    await page.getByRole('option').first().click();
    await lab.getByLabel('Sample id').fill(`S-${width}`);
    await lab.getByLabel('Sampled (YYYY-MM-DD)').fill('2026-11-02');
    await lab.getByLabel('Reported (YYYY-MM-DD)').fill('2026-11-20');
    await lab.getByLabel('Methods (one per line)').fill('ISO 16948');
    await lab.getByLabel('C total %').fill('78');
    await lab.getByLabel('C inorganic %').fill('2');
    await lab.getByLabel('C organic %').fill('76');
    await lab.getByLabel('H/C org').fill('0.35');
    await lab.getByLabel('Moisture %').fill('20');
    await lab.getByLabel('Choose the certificate (PDF)').setInputFiles({
      name: 'certificate.pdf',
      mimeType: 'application/pdf',
      buffer: await onePagePdf(`Certificate of sample S-${width}`),
    });
    await lab.getByRole('button', { name: 'OK' }).click();
    await expect(lab).toBeHidden();
    await expect(page.getByText('Lab result recorded.')).toBeVisible();
    await expect(puro).toHaveText('Needs: methane_g_per_kg (production methane measured)');
    await expect(vm0044).toContainText('days_production_to_end_use');
    await expect(page.getByTestId('credit-puro-2025-hcOrg')).toContainText('0.35: 0.35 below 0.70');

    // the certificate opens in the viewer
    await page.getByRole('button', { name: 'Certificate' }).click();
    const viewer = page.getByRole('dialog', { name: `Lab certificate of sample S-${width}` });
    await expect(viewer).toBeVisible();
    await viewer.getByRole('button', { name: 'Close' }).click();

    // the end use, placed by a click on the map
    await page.getByRole('button', { name: 'Add end use' }).click();
    const endUse = page.getByRole('dialog', { name: 'Add an end use' });
    await endUse.getByLabel('Dry kg').fill('0.5');
    const map = endUse.getByTestId('fleet-map');
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.35);
    await expect(endUse.getByLabel('Latitude')).not.toHaveValue('');
    await expect(endUse.getByLabel('Longitude')).not.toHaveValue('');
    await endUse.getByLabel('Mean annual soil temperature °C').fill('12.5');
    await endUse.getByLabel('Soil temperature source (measured, or the dataset)').fill('measured');
    await endUse.getByLabel('Recipient').fill('Demo farm');
    await endUse.getByLabel('Choose the evidence (PDF or image)').setInputFiles({
      name: 'delivery.pdf',
      mimeType: 'application/pdf',
      buffer: await onePagePdf('Delivery note'),
    });
    await endUse.getByRole('button', { name: 'OK' }).click();
    await expect(endUse).toBeHidden();
    await expect(page.getByText('End use recorded.')).toBeVisible();
    await waitUntilLoaded(page);
    await expect(vm0044).not.toContainText('days_production_to_end_use');
    await expect(puro).toHaveText('Needs: methane_g_per_kg (production methane measured)');
    await expect(page.getByTestId('map-place')).toHaveCount(1);
  },
);
