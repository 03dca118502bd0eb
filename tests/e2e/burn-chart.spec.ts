import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext } from '@playwright/test';
import type { KilnLog, KilnLogDetail } from '../../src/domain/api/kilnLogs';
import { formatNumber } from '../../src/domain/format';
import { expect, NETWORK_RETRIES, openAndLogin, resetData, test, tokenFor } from './fixtures';

/**
 * A burn of the field-like corpus uploaded through the API, then its chart in
 * the console: the weight on its own right-hand axis, and the marks where the
 * analysis put t0, the loads and the quench.
 */

const FIXTURE = path.resolve(import.meta.dirname, '..', 'fixtures', 'burns', 'cgo1-all-at-once.csv');

interface Result {
  valid: string;
  loads: { ts: number; kg: number }[];
  phases: { start_ts: number; quench_ts: number };
}

/** Uploads the fixture, or finds it when an earlier run on this data directory already did. */
async function uploadFixture(request: APIRequestContext): Promise<number> {
  const token = await tokenFor(request, 'uploader');
  const res = await request.post('/api/kilnlogs/upload', {
    maxRetries: NETWORK_RETRIES,
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: path.basename(FIXTURE), mimeType: 'text/csv', buffer: fs.readFileSync(FIXTURE) } },
  });
  if (res.status() === 409) return Number(/as log (\d+)/.exec(((await res.json()) as { message: string }).message)?.[1]);
  expect(res.status()).toBe(201);
  return ((await res.json()) as KilnLog).id;
}

test('the chart of a fixture burn shows the weight on its own axis and marks the phases of its result', async ({ page, request }) => {
  await resetData(request);
  const id = await uploadFixture(request);
  const token = await tokenFor(request, 'kilnadmin');
  const detail = (await (
    await request.get(`/api/kilnlogs/${id}`, { maxRetries: NETWORK_RETRIES, headers: { Authorization: `Bearer ${token}` } })
  ).json()) as KilnLogDetail;
  const result = JSON.parse(detail.analysis!) as Result;
  expect(result.valid).toBe('true');
  expect(result.loads.length).toBeGreaterThan(1);

  await openAndLogin(page, 'kilnadmin', `/kiln_logs?filter=${encodeURIComponent(JSON.stringify({ id }))}`);
  const row = page.locator('table tbody tr').first();
  await expect(row).toContainText('CG1-0007');
  const icon = row.getByRole('button', { name: 'Show burn chart' });
  await icon.hover();
  const chart = page.getByRole('figure', { name: 'Burn chart' });
  await expect(chart.locator('.recharts-line')).toHaveCount(3);

  // two y axes: the temperatures' on the left of the plot, the weight's on its right
  const axes = chart.locator('.recharts-yAxis');
  await expect(axes).toHaveCount(2);
  const [left, right] = [await axes.nth(0).boundingBox(), await axes.nth(1).boundingBox()];
  const plot = await chart.locator('.recharts-cartesian-grid').boundingBox();
  expect(left!.x + left!.width).toBeLessThanOrEqual(plot!.x + 1);
  expect(right!.x).toBeGreaterThanOrEqual(plot!.x + plot!.width - 1);

  // the marks sit at the result's times on the chart's time axis
  const first = detail.chart_data[0].ts;
  const last = detail.chart_data[detail.chart_data.length - 1].ts;
  const xOf = (ts: number) => plot!.x + ((ts - first) / (last - first)) * plot!.width;
  const markX = async (selector: string, nth = 0) => {
    const box = await chart.locator(`${selector} line, line${selector}`).nth(nth).boundingBox();
    return box!.x + box!.width / 2;
  };
  expect(Math.abs((await markX('.burn-mark-start')) - xOf(result.phases.start_ts))).toBeLessThan(2);
  expect(Math.abs((await markX('.burn-mark-end')) - xOf(result.phases.quench_ts))).toBeLessThan(2);
  await expect(chart.locator('.burn-mark-load line, line.burn-mark-load')).toHaveCount(result.loads.length);
  for (const [i, load] of result.loads.entries()) {
    expect(Math.abs((await markX('.burn-mark-load', i)) - xOf(load.ts))).toBeLessThan(2);
    await expect(chart).toContainText(`+${formatNumber(load.kg, 1)} kg`);
  }
  await expect(chart).toContainText('quench');
  await expect(chart).toContainText('350 °C');
  await expect(chart.locator('.recharts-reference-area').first()).toBeVisible();

  // pinned, it stays when the pointer leaves
  await chart.getByRole('button', { name: 'Keep the chart open' }).click();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(500);
  await expect(chart).toBeVisible();
  await chart.getByRole('button', { name: 'Close the chart' }).click();
  await expect(chart).toHaveCount(0);
});

test('in a narrow window the chart opens full-screen', async ({ page, request }) => {
  await resetData(request);
  const id = await uploadFixture(request);
  await page.setViewportSize({ width: 600, height: 800 });
  await openAndLogin(page, 'kilnadmin', `/kiln_logs?filter=${encodeURIComponent(JSON.stringify({ id }))}`);
  await page.locator('table tbody tr').first().getByRole('button', { name: 'Show burn chart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Burn chart' });
  await expect(dialog.locator('.recharts-line')).toHaveCount(3);
  const box = await dialog.boundingBox();
  expect(box!.width).toBe(600);
  const svg = await dialog.locator('svg.recharts-surface').first().boundingBox();
  expect(svg!.width).toBeLessThanOrEqual(600);
  await dialog.getByRole('button', { name: 'Close the chart' }).click();
  await expect(dialog).toHaveCount(0);
});
