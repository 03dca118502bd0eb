import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { generateBurn, KILN_TYPE } from '../../mock-server/analysis';
import { newKeyPair } from '../../mock-server/kilns/kilnKeys';
import { uploadFiles } from '../../mock-server/kilnlogs/uploadClient';
import { DEMO_FACILITIES } from '../../mock-server/seed/facilities';
import { DEMO_KILNS } from '../../mock-server/seed/kilns';
import { DEMO_PASSWORD, expect, openAndLogin, resetData, test } from './fixtures';

// a key a facility admin adds signs nothing until a super-admin approves it in the Keys dialog
test('a key a facility admin adds is Pending and refused until a super-admin approves it', async ({ page, browser, request, baseURL }) => {
  await resetData(request);
  const kiln = DEMO_KILNS.find((k) => k.kiln_id === 'CG1-0012')!;
  const facility = DEMO_FACILITIES.find((f) => f.id === kiln.facility_id)!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-key-approval-e2e-'));
  const pair = newKeyPair();
  const keysDialog = async (on: Page) => {
    await on
      .getByRole('button', { name: `Keys of kiln ${kiln.kiln_id}` })
      .first()
      .click();
    const dialog = on.getByRole('dialog', { name: `Keys of kiln ${kiln.kiln_id}` });
    const row = dialog
      .getByRole('table', { name: `Keys of kiln ${kiln.kiln_id}` })
      .getByRole('row')
      .filter({ hasText: 'e2e spare' });
    return { dialog, row };
  };
  const uploadSigned = async (name: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(
      file,
      generateBurn({
        kiln_type: KILN_TYPE.CGO1,
        kiln_id: kiln.kiln_id,
        seed: (Date.now() + name.length) % 100000,
        start_ts: Date.UTC(2026, 10, 23, 6, 0, 0),
        calibration: { zero_weight: kiln.config.cgo1!.zero_weight!, per_g_weight: kiln.config.cgo1!.per_g_weight! },
        facility,
      }).text,
    );
    const [outcome] = await uploadFiles(
      [file],
      { url: baseURL!, user: 'uploader', password: DEMO_PASSWORD, privateKeyPem: pair.privatePem },
      () => {},
    );
    return outcome;
  };

  await openAndLogin(page, 'facilityadmin', '/kiln_reg');
  const mine = await keysDialog(page);
  await mine.dialog.getByRole('textbox', { name: 'Label' }).fill('e2e spare');
  await mine.dialog.getByRole('textbox', { name: 'Public key (PEM)' }).fill(pair.publicPem);
  await mine.dialog.getByRole('button', { name: 'Add key' }).click();
  await expect(mine.row).toContainText('Pending');
  await expect(mine.dialog.getByRole('button', { name: 'Approve key e2e spare' })).toHaveCount(0);

  const refused = await uploadSigned('pending-key.csv');
  expect(refused.ok).toBe(false);
  expect(refused.line).toMatch(/401 The key .* is not approved yet/);

  const admin = await browser.newPage();
  try {
    await openAndLogin(admin, 'superadmin', '/kiln_reg');
    const theirs = await keysDialog(admin);
    await expect(theirs.row).toContainText('Pending');
    await theirs.row.getByRole('button', { name: 'Approve key e2e spare' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Approve key e2e spare?' });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(theirs.row).toContainText('Active');
    await expect(theirs.row).not.toContainText('Pending');
    const trail = theirs.dialog.getByRole('region', { name: 'Changes to these keys' });
    await expect(trail.getByRole('row').filter({ hasText: 'Approved key e2e spare' })).toContainText('superadmin');
  } finally {
    await admin.close();
  }

  const taken = await uploadSigned('approved-key.csv');
  expect(taken.ok, taken.line).toBe(true);
  expect(taken.line).toContain(`signed by key ${pair.fingerprint.slice(0, 16)}`);
});
