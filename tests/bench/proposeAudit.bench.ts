import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ALGORITHM_VERSION } from '../../mock-server/analysis';
import { createApp } from '../../mock-server/app';
import { configFromEnv } from '../../mock-server/config';
import { KilnLogFiles } from '../../mock-server/kilnlogs/storage';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { makeKilnLogRow } from '../helpers/kilnLogRows';
import { rawStore } from '../helpers/rawStore';
import { apiToken, benchPage, openLoggedIn, startConsoleServer } from './consoleServer';
import { summarise } from './stats';

/**
 * Propose Audit in Debian's Chromium against the built console (run
 * `npm run build` first when run alone; `npm run bench` builds it), with `count` potential
 * logs of one facility and kiln type (the worst case of one facility's list):
 * how long choosing the kiln type takes until the first page of burns is
 * painted (call, JSON and render), and how long a tick takes until the box
 * and the selection bar are painted, at 25 (the default) and 100 rows a page.
 */

const FIRST_ID = 100_000;
export const PROPOSE_LOADS = 5;
export const PROPOSE_TICKS = 24;

export interface ProposeFigures {
  logs: number;
  loadMedianMs: number;
  tickMedianMs: number;
  tickP95Ms: number;
  tick100MedianMs: number;
  tick100P95Ms: number;
}

/** A data directory holding the demo business and `count` valid C-Go-1 burns of facility 1, current algorithm, waiting for an audit. */
async function seededDataDir(count: number): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-propose-'));
  const seeded = await createApp({ ...configFromEnv({}), dataDir, demoLogCount: 1, serveConsole: false });
  const files = new KilnLogFiles(seeded.ctx.blobs);
  const facility = rawStore(seeded).data.facilities.find((f) => f.id === 1)!;
  const start = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: count }, (_, i) => {
    const id = FIRST_ID + i;
    const at = new Date(start + i * 3 * 3600 * 1000);
    return makeKilnLogRow({
      id,
      kiln_id: `CG1-${String(i % 40).padStart(4, '0')}`,
      facility_id: facility.id,
      facility_name: facility.name,
      logts: at.toISOString().slice(0, 19),
      analysis: JSON.stringify({ valid: 'true', reasons: [], algorithm_version: ALGORITHM_VERSION }),
      analysis_detail: { co2_removed: 200 + ((i * 37) % 1000) / 7, biochar_produced: 80 + ((i * 13) % 400) / 9 },
    });
  });
  rawStore(seeded).data.kilnlogs.push(...rows);
  rawStore(seeded).write();
  for (const row of rows) {
    const day = row.logts!.slice(0, 10);
    const data_sample = Array.from({ length: 10 }, (_, k) => ({
      d: day,
      t: `06:00:${String(k * 5).padStart(2, '0')}`,
      t1: 24 + k / 10,
      t2: 23 + k / 10,
      w: 10234 + k,
    }));
    await files.saveAnalysis(row.id, { chart_data: [], data_sample });
  }
  await seeded.stop();
  return dataDir;
}

/** In the page: ms from clicking the C-Go-1 option until a frame after the first page of burns is in the table. */
const loadOnce = () =>
  new Promise<number>((resolve, reject) => {
    const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === 'C-Go-1')!;
    const started = performance.now();
    option.click();
    const deadline = started + 60_000;
    const check = () => {
      if (performance.now() > deadline) reject(new Error('the burns did not appear within 60 s'));
      else {
        const region = document.querySelector('[role="region"][aria-label="Proposed Logs"]');
        if (region && region.querySelectorAll('tbody tr input[type="checkbox"]').length > 0) {
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
        } else requestAnimationFrame(check);
      }
    };
    check();
  });

/** In the page: `ticks` ticks (boxes of the shown page on, then off again), each ms from the click until a frame after its box and the bar show it. */
const tickAll = async (ticks: number): Promise<number[]> => {
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const boxes = () => [
    ...document.querySelectorAll<HTMLInputElement>('[role="region"][aria-label="Proposed Logs"] tbody input[type="checkbox"]'),
  ];
  const isChecked = (box: HTMLInputElement) => box.closest('.MuiCheckbox-root')?.classList.contains('Mui-checked') ?? false;
  const bar = () => document.querySelector('[role="region"][aria-label="Selection"]')?.textContent ?? '';
  const times: number[] = [];
  let selected = 0;
  for (let i = 0; i < ticks; i++) {
    const on = i < ticks / 2;
    const box = boxes().find((b) => !b.disabled && isChecked(b) !== on)!;
    const index = boxes().indexOf(box);
    selected += on ? 1 : -1;
    const expected = `${selected} log${selected === 1 ? '' : 's'} selected`;
    const started = performance.now();
    box.click();
    // the row may render a new input: look it up by its place
    while (isChecked(boxes()[index]) !== on || !bar().startsWith(expected)) {
      if (performance.now() - started > 10_000)
        throw new Error(`tick ${i} not shown within 10 s: bar '${bar()}', box ${isChecked(boxes()[index])}`);
      await frame();
    }
    times.push(performance.now() - started);
    await frame();
  }
  return times;
};

async function openPropose(page: Page, url: string, token: string): Promise<void> {
  await openLoggedIn(page, url, token, '/audit/create');
  console.log('  Propose Audit opened');
  await page.getByRole('heading', { name: 'Propose Audit' }).waitFor();
  await page.getByRole('combobox', { name: 'Select Kiln Type' }).click();
  await page.getByRole('option', { name: 'C-Go-1' }).waitFor();
}

export async function benchProposeAudit(count: number): Promise<ProposeFigures> {
  const dataDir = await seededDataDir(count);
  console.log(`  ${count} logs seeded`);
  // listening before the browser starts: Chromium's launch outlasts the 'listening' event, which a later wait missed (the stall after seeding)
  const server = await startConsoleServer({}, dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const { url } = server;
    const token = await apiToken(url);
    console.log('  logged in');
    const page = await benchPage(browser);

    const loads: number[] = [];
    for (let i = 0; i < PROPOSE_LOADS; i++) {
      await openPropose(page, url, token);
      loads.push(await page.evaluate(loadOnce));
      console.log(`  ${count} logs: list load ${loads.at(-1)!.toFixed(0)} ms`);
    }
    const listed = await page
      .getByRole('region', { name: 'Proposed Logs' })
      .locator('..')
      .getByText(new RegExp(`of ${count.toLocaleString('en')}|of ${count}`))
      .count();
    if (listed === 0) throw new Error(`the pager does not say ${count} burns are listed`);
    const ticks = await page.evaluate(tickAll, PROPOSE_TICKS);

    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '100' }).click();
    await page.locator('[role="region"][aria-label="Proposed Logs"] tbody tr').nth(99).waitFor();
    const ticks100 = await page.evaluate(tickAll, PROPOSE_TICKS);

    const tick = summarise(ticks);
    const tick100 = summarise(ticks100);
    return {
      logs: count,
      loadMedianMs: summarise(loads).median,
      tickMedianMs: tick.median,
      tickP95Ms: tick.p95,
      tick100MedianMs: tick100.median,
      tick100P95Ms: tick100.p95,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

// run alone: npx tsx tests/bench/proposeAudit.bench.ts (after a build)
if (process.argv[1]?.endsWith('proposeAudit.bench.ts')) {
  (async () => {
    for (const count of (process.argv[2] ?? '300,3000').split(',').map(Number)) console.log(JSON.stringify(await benchProposeAudit(count)));
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
