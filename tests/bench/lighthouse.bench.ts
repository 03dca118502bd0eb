import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startConsoleServer } from './consoleServer';

/**
 * Lighthouse (mobile: its default emulation and throttling) on the login and
 * home screens of the built console, in Debian's Chromium. The home screen is
 * measured logged in: the token is put in the tab's session storage first and
 * Lighthouse keeps it (disableStorageReset).
 */

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseFigure {
  screen: 'login' | 'home';
  scores: Record<Category, number>;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  /** audits that cost points outside performance, by title */
  failedAudits: string[];
  /** performance scores of every run, the figure above being the median run's */
  performanceRuns: number[];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figure(screen: LighthouseFigure['screen'], lhr: Lhr): LighthouseFigure {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<
    Category,
    number
  >;
  const failedAudits = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}: ${lhr.audits[ref.id].title}`),
  );
  const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  return {
    screen,
    scores,
    firstContentfulPaintMs: ms('first-contentful-paint'),
    largestContentfulPaintMs: ms('largest-contentful-paint'),
    totalBlockingTimeMs: ms('total-blocking-time'),
    failedAudits,
    performanceRuns: [scores.performance],
  };
}

/** The run with the median performance score (the lower middle one of an even count), carrying every run's score. */
export function medianRun(runs: LighthouseFigure[]): LighthouseFigure {
  if (runs.length === 0) throw new Error('no Lighthouse runs');
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], performanceRuns: runs.map((r) => r.scores.performance) };
}

/** Runs per screen: LIGHTHOUSE_RUNS, 3 unless set (the score moves with the machine's load). */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);

export async function measureLighthouse(runs: number = RUNS): Promise<LighthouseFigure[]> {
  const login: LighthouseFigure[] = [];
  const home: LighthouseFigure[] = [];
  for (let i = 0; i < runs; i++) {
    const [l, h] = await measureOnce();
    login.push(l);
    home.push(h);
  }
  return [medianRun(login), medianRun(home)];
}

async function measureOnce(): Promise<[LighthouseFigure, LighthouseFigure]> {
  const server = await startConsoleServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES] };
  try {
    const login = await lighthouse(`${server.url}/login`, flags);
    if (!login) throw new Error('Lighthouse gave no result for the login screen');
    if (process.env.LIGHTHOUSE_REPORT_DIR) saveReport('login', login.lhr);

    const res = await fetch(`${server.url}/api/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'superadmin', password: process.env.DEMO_PASSWORD || 'kiln-demo' }),
    });
    if (!res.ok) throw new Error(`login for the home screen failed: ${res.status}`);
    const token = await res.text();
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.evaluate((t) => sessionStorage.setItem('token', t), token);
    const home = await lighthouse(`${server.url}/home`, { ...flags, disableStorageReset: true }, undefined, page);
    if (!home) throw new Error('Lighthouse gave no result for the home screen');
    await browser.disconnect();
    if (process.env.LIGHTHOUSE_REPORT_DIR) saveReport('home', home.lhr);
    return [figure('login', login.lhr), figure('home', home.lhr)];
  } finally {
    chrome.kill();
    await server.stop();
  }
}

/** The full report of a run, for reading its diagnostics (LCP element, long tasks, unused JS). */
function saveReport(screen: string, lhr: Lhr): void {
  const dir = process.env.LIGHTHOUSE_REPORT_DIR!;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${screen}-${Date.now()}.json`), JSON.stringify(lhr));
}

// run alone: npx tsx tests/bench/lighthouse.bench.ts (after a build)
if (process.argv[1]?.endsWith('lighthouse.bench.ts')) {
  measureLighthouse().then(
    (figures) => console.log(JSON.stringify(figures, null, 2)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
