import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { KILN_TYPE, parseLog, resolveCalibration } from '../../mock-server/analysis';
import { orderRows, prepareSeries } from '../../mock-server/analysis/series';
import { createApp } from '../../mock-server/app';
import { configFromEnv } from '../../mock-server/config';
import { fleetBurnOf, judgeAmong } from '../../mock-server/fleet/anomalyPass';
import type { FleetView } from '../../src/domain/api/fleet';
import { burnFingerprint, type BurnFingerprint } from '../../src/domain/fleet/fingerprint';
import { looksSwapped, spotsOf } from '../../src/domain/fleet/map';
import { trendPoints } from '../../src/domain/fleet/trends';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { makeKilnLogRows } from '../helpers/kilnLogRows';
import { rawStore } from '../helpers/rawStore';
import { dayLongLog } from './analysis.bench';
import { apiToken, benchPage, openLoggedIn, startConsoleServer } from './consoleServer';
import { summarise } from './stats';

const RUNS = 15;
const BURNS = 10_000;
const facility = { latitude_min: -1.45, latitude_max: -1.15, longitude_min: 36.65, longitude_max: 37.05 };
const calibration = { zero_weight: 84210, per_g_weight: 2.5 };
/** the API alone, on a benchmark's data directory */
const apiConfig = (dataDir: string) => ({ ...configFromEnv({}), dataDir, demoLogCount: 1, serveConsole: false });

function median(run: () => void, runs = RUNS): number {
  run();
  return summarise(
    Array.from({ length: runs }, () => {
      const started = performance.now();
      run();
      return performance.now() - started;
    }),
  ).median;
}

/**
 * The anomaly pass's cost per log on the 86,400-row log: its fingerprint from the
 * engine's prepared series, and the rules read against 20 burns of its kiln and
 * 500 candidate curves (far more than one facility's burns of one span).
 */
export function benchAnomalyPass(): { fingerprintMs: number; rulesMs: number } {
  const parsed = parseLog(dayLongLog());
  if (!parsed.ok) throw new Error('the bench log did not parse');
  const cal = resolveCalibration({ type: KILN_TYPE.CGO1, config: { cgo1: calibration } });
  if ('error_message' in cal) throw new Error(cal.error_message);
  const series = prepareSeries(orderRows(parsed.log.rows), cal);
  const context = { kiln_type: KILN_TYPE.CGO1, latitude: -1.3, longitude: 36.8, box: facility, biomass_loaded: 400, biochar_produced: 90 };
  let fingerprint: BurnFingerprint | null = null;
  const fingerprintMs = median(() => {
    fingerprint = burnFingerprint(series, context);
  });
  const fp = fingerprint!;
  const record = (id: number, kiln: number, shift: number) =>
    fleetBurnOf(
      {
        ...makeKilnLogRows(1)[0],
        id,
        kiln,
        analysis: JSON.stringify({ valid: 'true', reasons: [], biomass_loaded: 400, biochar_produced: 90 }),
      },
      { ...fp, start_ts: fp.start_ts - id * 86_400_000, temp_curve: fp.temp_curve.map((t) => (t === null ? null : t + shift)) },
    )!;
  const burn = record(10_000, 1, 0);
  const kilnBurns = Array.from({ length: 20 }, (_, i) => record(i + 1, 1, 20 + i));
  const candidates = Array.from({ length: 500 }, (_, i) => record(100 + i, 2 + (i % 10), 30 + (i % 50)));
  const rulesMs = median(() => judgeAmong(burn, kilnBurns, candidates), 200);
  return { fingerprintMs, rulesMs };
}

/**
 * A data directory holding the demo business and 10,000 analysed burns of
 * makeKilnLogRows (four facilities, 18 months) with their fleet records, spread
 * over 50 × 37 spots of one box; no anomalies.
 */
async function seededFleetDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-fleet-'));
  const seeded = await createApp(apiConfig(dataDir));
  const rows = makeKilnLogRows(BURNS);
  const state = rawStore(seeded).data;
  state.kilnlogs = rows;
  state.anomalies = [];
  state.fleet_burns = rows.flatMap((row, i) => {
    const fingerprint: BurnFingerprint = {
      kiln_type: 0,
      start_ts: Date.parse(`${row.logts ?? '2026-01-01T00:00:00'}Z`),
      span_ms: 4 * 3_600_000,
      latitude: -1.3 + (i % 50) * 0.002,
      longitude: 36.8 + (i % 37) * 0.002,
      box: facility,
      char_yield: 0.2,
      tare_kg: 33.7,
      max_heating_c_min: 90,
      max_cooling_c_min: 200,
      temp_curve: [],
      weight_curve: [],
    };
    const burn = fleetBurnOf(
      {
        ...row,
        analysis: JSON.stringify({
          valid: row.valid ? 'true' : 'false',
          reasons: [],
          burn_duration: 3 * 3_600_000,
          biomass_loaded: 400,
          biochar_produced: 88,
          co2_removed: 150,
        }),
      },
      fingerprint,
    );
    return burn ? [burn] : [];
  });
  rawStore(seeded).write();
  await seeded.stop();
  return dataDir;
}

/**
 * The Fleet screen's load with 10,000 burns: GET /api/fleet/burns over loopback
 * (token, store read, JSON, gzip) and the map's spots, swapped-box checks and the
 * trends computed from the answer, as the screen does on arrival.
 */
export async function benchFleetLoad(): Promise<{ requestMs: number; jsonKb: number; screenMs: number }> {
  const dataDir = await seededFleetDir();
  const { app, stop } = await createApp(apiConfig(dataDir));
  const server = app.listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = { Authorization: `Bearer ${await apiToken(origin)}`, 'Accept-Encoding': 'gzip' };
    let view: FleetView | null = null;
    let jsonBytes = 0;
    const once = async () => {
      const started = performance.now();
      const res = await fetch(`${origin}/api/fleet/burns`, { headers });
      const body = await res.arrayBuffer();
      jsonBytes = body.byteLength;
      view = JSON.parse(new TextDecoder().decode(body)) as FleetView;
      const elapsed = performance.now() - started;
      if (res.status !== 200 || view.burns.length < BURNS * 0.5)
        throw new Error(`unexpected answer: ${res.status}, ${view.burns.length} burns`);
      return elapsed;
    };
    await once();
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await once());
    const answer = view!;
    const screenMs = median(() => {
      const boxes = new Map(answer.facilities.map((f) => [f.id, f]));
      spotsOf(answer.burns, boxes);
      for (const f of answer.facilities)
        looksSwapped(
          f,
          answer.burns.filter((b) => b.facility_id === f.id),
        );
      trendPoints(answer.burns);
    });
    return { requestMs: summarise(samples).median, jsonKb: jsonBytes / 1000, screenMs };
  } finally {
    stop();
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const FLEET_SCREEN_LOADS = 5;

/**
 * In the page, from the start of its navigation (performance.now()'s origin):
 * ms until a frame after the map has drawn its burn spots, its summary counts
 * `burns` burns and every trend chart has its line; null after 120 s.
 */
const untilFleetPainted = (burns: number) =>
  new Promise<number | null>((resolve) => {
    const check = () => {
      if (performance.now() > 120_000) return resolve(null);
      // a spot is a group of its own (a circle, or a square when outside its box); a facility's box is a rect in a plain group
      const spots = document.querySelectorAll('[data-testid="fleet-map"] svg > g[style] > :is(circle, rect)').length;
      const summary = document.querySelector('[data-testid="fleet-map-summary"]')?.textContent ?? '';
      const charts = document.querySelectorAll('section[aria-labelledby="fleet-trends-heading"] [role="img"]');
      const lines = document.querySelectorAll('section[aria-labelledby="fleet-trends-heading"] [role="img"] .recharts-line-curve').length;
      if (spots > 0 && summary.startsWith(`${burns} burns`) && charts.length > 0 && lines === charts.length) {
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
      } else requestAnimationFrame(check);
    };
    check();
  });

/**
 * The Fleet screen in Debian's Chromium against the built console (run
 * `npm run build` first when run alone; `npm run bench` builds it), at 1400 px,
 * logged in as the kiln file admin with the 10,000 burns of benchFleetLoad in
 * reach: from navigating to /fleet until a frame after the map has drawn its
 * burns and the trends are painted (bundle, session check, the lazy screen, the
 * call and the render; the tab's cache warm after the first load), and the
 * page's JS heap after the last load, garbage collected.
 */
export async function benchFleetScreen(): Promise<{ loadMedianMs: number; heapMb: number }> {
  const server = await startConsoleServer({}, await seededFleetDir());
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await benchPage(browser);
    const token = await apiToken(server.url);
    const loads: number[] = [];
    for (let i = 0; i < FLEET_SCREEN_LOADS; i++) {
      await openLoggedIn(page, server.url, token, '/fleet', 'commit');
      const ms = await page.evaluate(untilFleetPainted, BURNS);
      if (ms === null) throw new Error(`the Fleet screen did not show ${BURNS} burns within 120 s`);
      loads.push(ms);
      console.log(`  Fleet screen load ${ms.toFixed(0)} ms`);
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return { loadMedianMs: summarise(loads).median, heapMb: usedSize / 1e6 };
  } finally {
    await browser.close();
    await server.stop();
  }
}
