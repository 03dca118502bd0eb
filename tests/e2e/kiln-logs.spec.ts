import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { generateBurn, KILN_TYPE } from '../../mock-server/analysis';
import { DEMO_FACILITIES } from '../../mock-server/seed/facilities';
import { DEMO_KILNS } from '../../mock-server/seed/kilns';
import { formatDate } from '../../src/domain/dates';
import { formatNumber } from '../../src/domain/format';
import type { KilnLog } from '../../src/domain/api/kilnLogs';
import { expect, NETWORK_RETRIES, openAndLogin, resetData, test, testAtWidths, tokenFor } from './fixtures';

/** A fresh valid C-Go-1 burn of the first demo kiln, as that kiln would write it. */
function burnLog(seed: number): Buffer {
  const kiln = DEMO_KILNS[0];
  const facility = DEMO_FACILITIES.find((f) => f.id === kiln.facility_id)!;
  return Buffer.from(
    generateBurn({
      kiln_type: KILN_TYPE.CGO1,
      kiln_id: kiln.kiln_id,
      seed,
      start_ts: Date.UTC(2026, 10, 21, 6, 0, 0),
      calibration: { zero_weight: kiln.config.cgo1!.zero_weight!, per_g_weight: kiln.config.cgo1!.per_g_weight! },
      facility,
    }).text,
  );
}

const listUrl = (path: string, filter: object) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const rows = (page: Page) => page.locator('table tbody tr');

test('an uploaded burn is analysed, charted, downloaded byte for byte, archived and restored', async ({ page, request }) => {
  await resetData(request);
  const uploaderToken = await tokenFor(request, 'uploader');
  const bytes = burnLog(Date.now() % 100000);
  const upload = await request.post('/api/kilnlogs/upload', {
    maxRetries: NETWORK_RETRIES,
    headers: { Authorization: `Bearer ${uploaderToken}` },
    multipart: { file: { name: 'e2e-burn.csv', mimeType: 'text/csv', buffer: bytes } },
  });
  expect(upload.status()).toBe(201);
  const uploaded = (await upload.json()) as KilnLog;
  expect(uploaded.error_message).toBeNull();
  const result = JSON.parse(uploaded.analysis!) as { valid: string; biochar_produced: number };
  expect(result.valid).toBe('true');

  await openAndLogin(page, 'kilnadmin', listUrl('/kiln_logs', { id: uploaded.id }));
  await expect(page.getByRole('heading', { name: 'Kiln Logs' })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toContainText(DEMO_KILNS[0].kiln_id);

  // the analysis display: a green tick whose hover shows the detail panel
  const tick = row.getByRole('img', { name: 'Valid burn' });
  await expect(tick).toHaveAttribute('data-status', 'tick');
  await tick.hover();
  const panel = page.getByRole('tooltip');
  await expect(panel).toContainText('Biochar produced');
  await expect(panel).toContainText(formatNumber(result.biochar_produced, 2));
  await page.mouse.move(0, 0);

  // the chart, on hover of its icon: three lines in a 650x450 chart
  await row.getByRole('button', { name: 'Show burn chart' }).hover();
  const chart = page.getByRole('figure', { name: 'Burn chart' });
  await expect(chart.locator('.recharts-line')).toHaveCount(3);
  for (const name of ['temp 1 (°C)', 'temp 2 (°C)', 'weight x10 (kg)']) await expect(chart).toContainText(name);
  await expect(chart.locator('svg.recharts-surface[width="650"][height="450"]')).toHaveCount(1);
  await page.mouse.move(0, 0);

  // download returns the very bytes the kiln sent
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download log file' }).click()]);
  expect(fs.readFileSync((await download.path())!)).toEqual(bytes);

  // archive: gone from Kiln Logs, listed in Archived Kiln Logs with its deletion date
  await row.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Kiln log archived.')).toBeVisible();
  await expect(rows(page).filter({ hasText: DEMO_KILNS[0].kiln_id })).toHaveCount(0);
  // undoable: the call goes when the notification closes
  await expect(page.getByText('Kiln log archived.')).toHaveCount(0, { timeout: 10_000 });

  const archived = await request.get(listUrl('/api/archived_kilnlogs', { id: uploaded.id }), {
    maxRetries: NETWORK_RETRIES,
    headers: { Authorization: `Bearer ${await tokenFor(request, 'kilnadmin')}` },
  });
  const [archivedRow] = (await archived.json()) as KilnLog[];
  const days = (Date.parse(archivedRow.delete_after!) - Date.parse(archivedRow.archived_ts!)) / 86_400_000;
  expect(days).toBe(90);

  await page.goto(listUrl('/archived_kiln_logs', { id: uploaded.id }));
  await expect(page.getByText('Archived kiln logs are deleted 90 days after archiving unless restored.')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(formatDate(archivedRow.delete_after!));
  await rows(page).first().getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Kiln log restored.')).toBeVisible();
  await expect(page.getByText('Kiln log restored.')).toHaveCount(0, { timeout: 10_000 });

  await page.goto(listUrl('/kiln_logs', { id: uploaded.id }));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByRole('button', { name: 'Archive' })).toBeVisible();
});

test('an audited burn offers no analyse or archive, and the server refuses both with 409', async ({ page, request }) => {
  await resetData(request);
  const token = await tokenFor(request, 'kilnadmin');
  const auth = { Authorization: `Bearer ${token}` };
  const list = await request.get(`${listUrl('/api/kilnlogs', { audited: true })}&range=${encodeURIComponent('[0,0]')}`, {
    maxRetries: NETWORK_RETRIES,
    headers: auth,
  });
  const [audited] = (await list.json()) as KilnLog[];
  expect(audited.audited).toBe(true);

  await openAndLogin(page, 'kilnadmin', listUrl('/kiln_logs', { id: audited.id }));
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(
    row.getByRole('img', { name: `Audited burn of audit ${audited.audit_job_id}: it cannot be analysed again or archived.` }),
  ).toBeVisible();
  await expect(row.getByRole('button', { name: 'Download log file' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Analyse again' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Archive' })).toHaveCount(0);

  for (const action of ['analyse', 'archive']) {
    const res = await request.post(`/api/kilnlogs/${audited.id}/${action}`, { maxRetries: NETWORK_RETRIES, headers: auth });
    expect(res.status(), action).toBe(409);
  }
});

test('a facility admin reads kiln logs of its own facilities only, without analyse or archive', async ({ page }) => {
  await openAndLogin(page, 'facilityadmin', '/kiln_logs');
  await expect(page.getByRole('button', { name: 'Download log file' }).first()).toBeVisible();
  const own = DEMO_FACILITIES.filter((f) => f.owner_id === 5).map((f) => f.name);
  const shown = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
  for (const text of shown) expect(own.some((name) => text.includes(name))).toBe(true);
  await expect(page.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Analyse again' })).toHaveCount(0);
});

testAtWidths(
  (width) => `at ${width} px, a burn an open proposal holds is marked in Kiln Logs by the proposal's job id`,
  60_000,
  async ({ page, request }) => {
    const token = await tokenFor(request, 'kilnadmin');
    const headers = { Authorization: `Bearer ${token}` };
    const potential = await request.get('/api/audit/potential_logs?kiln_type=-1', { maxRetries: NETWORK_RETRIES, headers });
    const [burn] = ((await potential.json()) as { data: { id: number }[] }).data;
    const proposed = await request.post('/api/audit/propose?job_id=E2E-HELD&kiln_type=-1', {
      maxRetries: NETWORK_RETRIES,
      headers,
      data: { analysis_ids: [burn.id] },
    });
    expect(proposed.status()).toBe(201);

    await openAndLogin(page, 'kilnadmin', listUrl('/kiln_logs', { id: burn.id }));
    const mark = page.getByRole('img', { name: /^In proposed audit E2E-HELD: / });
    await expect(mark).toBeVisible();
    await mark.hover();
    await expect(page.getByRole('tooltip')).toContainText('held for that audit until it is signed off or withdrawn');
  },
);

test('a link to a burn opens the list that holds it, archived or live, under a Log id filter in sight', async ({ page, request }) => {
  await resetData(request);
  const token = await tokenFor(request, 'kilnadmin');
  const headers = { Authorization: `Bearer ${token}` };
  const listed = await request.get(`${listUrl('/api/kilnlogs', { audited: false })}&range=${encodeURIComponent('[0,0]')}`, {
    maxRetries: NETWORK_RETRIES,
    headers,
  });
  const [log] = (await listed.json()) as KilnLog[];
  const archived = await request.post(`/api/kilnlogs/${log.id}/archive`, { maxRetries: NETWORK_RETRIES, headers });
  expect(archived.status()).toBe(200);

  await openAndLogin(page, 'kilnadmin', `/kiln_logs/${log.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Archived Kiln Logs' })).toBeVisible();
  await expect(page.getByLabel('Log id')).toHaveValue(String(log.id));
  await expect(page.getByText('1-1 of 1')).toBeVisible();

  await page.goto('/kiln_logs/999999999');
  await expect(page.getByRole('alert')).toHaveText('There is no burn 999999999 that you may see.');
});
