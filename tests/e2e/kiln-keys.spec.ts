import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateBurn, KILN_TYPE } from '../../mock-server/analysis';
import { uploadFiles } from '../../mock-server/kilnlogs/uploadClient';
import { DEMO_FACILITIES } from '../../mock-server/seed/facilities';
import { DEMO_KILNS } from '../../mock-server/seed/kilns';
import { DEMO_PASSWORD, expect, openAndLogin, resetData, test } from './fixtures';

// a key generated in the browser signs a log the CLI uploads, and Kiln Logs marks it signed
test('a key pair generated in the browser signs an upload, and the burn is marked device-signed', async ({ page, request, baseURL }) => {
  await resetData(request);
  const kiln = DEMO_KILNS[0];
  const facility = DEMO_FACILITIES.find((f) => f.id === kiln.facility_id)!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-keys-e2e-'));

  // the kiln admin may not update kilns; the super-admin may, at every facility
  await openAndLogin(page, 'superadmin', '/kiln_reg');
  await page
    .getByRole('button', { name: `Keys of kiln ${kiln.kiln_id}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Keys of kiln ${kiln.kiln_id}` });
  await dialog.getByRole('textbox', { name: 'Label' }).fill('e2e board');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Generate key pair' }).click();
  const privateKeyFile = path.join(dir, 'kiln-key.pem');
  await (await download).saveAs(privateKeyFile);
  await expect(dialog.getByText(/shown only once/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add key' }).click();
  const row = dialog
    .getByRole('table', { name: `Keys of kiln ${kiln.kiln_id}` })
    .getByRole('row')
    .filter({ hasText: 'e2e board' });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('by superadmin');
  // the trail of the kiln's keys says who added which key
  const trail = dialog.getByRole('region', { name: 'Changes to these keys' });
  await expect(trail.getByRole('row').filter({ hasText: 'Added key e2e board' })).toContainText('superadmin');

  const logFile = path.join(dir, 'signed-burn.csv');
  fs.writeFileSync(
    logFile,
    generateBurn({
      kiln_type: KILN_TYPE.CGO1,
      kiln_id: kiln.kiln_id,
      seed: Date.now() % 100000,
      start_ts: Date.UTC(2026, 10, 22, 6, 0, 0),
      calibration: { zero_weight: kiln.config.cgo1!.zero_weight!, per_g_weight: kiln.config.cgo1!.per_g_weight! },
      facility,
    }).text,
  );
  const [outcome] = await uploadFiles(
    [logFile],
    { url: baseURL!, user: 'uploader', password: DEMO_PASSWORD, privateKeyPem: fs.readFileSync(privateKeyFile, 'utf8') },
    () => {},
  );
  expect(outcome.ok, outcome.line).toBe(true);

  await page.goto(`/kiln_logs?filter=${encodeURIComponent(JSON.stringify({ q: 'signed-burn.csv' }))}`);
  const logRow = page.locator('table tbody tr').filter({ hasText: 'signed-burn.csv' });
  await expect(logRow).toHaveCount(1);
  await expect(logRow.getByRole('img', { name: 'Device-signed burn' })).toBeVisible();
});
