import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import type { Flags, Result } from 'lighthouse';
import { TOKEN_STORAGE_KEY } from '@teamfolk/shared/contracts';
import { measureEntryScripts } from '../../scripts/src/bundle-sizes';
import { consoleDist } from '../../scripts/src/paths';
import config from './playwright.config';
import { createAdminAccount } from './support/accounts';
import { expect, test } from './support/fixtures';

/** Issue 7's budget for the landing page, issue 10's for the dashboard's first screen after sign-in. */
const LANDING_SCRIPT_BUDGET_BYTES = 150_000;
const DASHBOARD_SCRIPT_BUDGET_BYTES = 350_000;
const LIGHTHOUSE_MINIMUM_SCORES = { performance: 95, accessibility: 95, seo: 100 };

/** Strings only react-admin's code carries: its i18n keys and its layout's style name. */
const REACT_ADMIN_MARKERS = ['ra.action.', 'RaLayout'];

const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function printTable(title: string, rows: [string, string][]): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  process.stdout.write(
    `\n${title}\n${rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n')}\n`,
  );
}

interface LoadedScript {
  name: string;
  gzipBytes: number;
  source: string;
}

/** Records every script the page downloads from now on; `loaded()` reads them once the page has settled. */
function recordScripts(page: Page): { loaded: () => Promise<LoadedScript[]> } {
  const responses: Promise<LoadedScript>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    // The product serves its files uncompressed for now, so each script's gzip size is computed here.
    responses.push(
      response.body().then((body) => ({
        name: new URL(response.url()).pathname,
        gzipBytes: gzipSync(body).length,
        source: body.toString(),
      })),
    );
  });
  return { loaded: () => Promise.all(responses) };
}

/** Prints the scripts and their total against the budget, and returns the total. */
function reportScripts(title: string, scripts: LoadedScript[], budgetBytes: number): number {
  const totalGzipBytes = scripts.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
  printTable(title, [
    ...[...scripts]
      .sort((left, right) => right.gzipBytes - left.gzipBytes)
      .map(({ name, gzipBytes }): [string, string] => [name, kilobytes(gzipBytes)]),
    ['total', `${kilobytes(totalGzipBytes)} of ${kilobytes(budgetBytes)}`],
  ]);
  return totalGzipBytes;
}

/** What scripts/src/bundle-sizes.ts says the page loads first, from the build's manifest. */
function manifestScriptsOf(entryName: string): string[] {
  const entry = measureEntryScripts(consoleDist).find(({ name }) => name === entryName);
  if (!entry) throw new Error(`bundle-sizes.ts measures no entry named ${entryName}`);
  return entry.files.map(({ file }) => file).sort();
}

test('the landing page loads at most 150 kB of gzipped JavaScript, and none of react-admin', async ({ page }) => {
  const recorder = recordScripts(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const scripts = await recorder.loaded();
  const totalGzipBytes = reportScripts('JavaScript loaded by / (gzip)', scripts, LANDING_SCRIPT_BUDGET_BYTES);

  expect(
    scripts.filter(({ name }) => name.includes('jsx-dev-runtime')).map(({ name }) => name),
    'console/dist must be a production build: was it built with NODE_ENV=development?',
  ).toEqual([]);
  expect(totalGzipBytes).toBeLessThanOrEqual(LANDING_SCRIPT_BUDGET_BYTES);
  const reactAdminScripts = scripts
    .filter(({ source }) => REACT_ADMIN_MARKERS.some((marker) => source.includes(marker)))
    .map(({ name }) => name);
  expect(reactAdminScripts).toEqual([]);
  expect(scripts.map(({ name }) => name).sort(), 'the files bundle-sizes.ts measures for /').toEqual(
    manifestScriptsOf('landing'),
  );
});

test('a signed-in admin opening the dashboard loads at most 350 kB of gzipped JavaScript', async ({
  browser,
  baseURL,
  request,
}) => {
  const admin = await createAdminAccount(request, 'Bea Budget');
  // A returning admin with a stored session and an empty cache: the first screen after sign-in, downloaded whole.
  const context = await browser.newContext({
    baseURL,
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL!, localStorage: [{ name: TOKEN_STORAGE_KEY, value: admin.token }] }],
    },
  });
  try {
    const page = await context.newPage();
    const recorder = recordScripts(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: `Welcome back, ${admin.name}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'System Overview' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const scripts = await recorder.loaded();
    const totalGzipBytes = reportScripts(
      'JavaScript loaded by /dashboard, signed in (gzip)',
      scripts,
      DASHBOARD_SCRIPT_BUDGET_BYTES,
    );

    expect(totalGzipBytes).toBeLessThanOrEqual(DASHBOARD_SCRIPT_BUDGET_BYTES);
    expect(scripts.map(({ name }) => name).sort(), 'the files bundle-sizes.ts measures for /dashboard').toEqual(
      manifestScriptsOf('dashboard'),
    );
  } finally {
    await context.close();
  }
});

/** Debian's Chromium with the suite's flags and a DevTools port, which is how Lighthouse drives a browser. */
async function startChromiumForLighthouse(): Promise<{ port: number; stop: () => Promise<void> }> {
  const launchOptions = config.use?.launchOptions;
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'teamfolk-lighthouse-'));
  const chromium = spawn(
    launchOptions?.executablePath ?? '/usr/bin/chromium',
    [...(launchOptions?.args ?? []), '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => chromium.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    chromium.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (listening) resolve(Number(listening[1]));
    });
    chromium.once('exit', () => reject(new Error(`Chromium exited before DevTools listened:\n${output}`)));
  });
  return {
    port,
    stop: async () => {
      chromium.kill();
      await exited;
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

async function runLighthouse(url: string, preset: 'desktop' | 'mobile'): Promise<Record<string, number>> {
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const chromium = await startChromiumForLighthouse();
  try {
    const flags: Flags = {
      port: chromium.port,
      logLevel: 'error',
      onlyCategories: Object.keys(LIGHTHOUSE_MINIMUM_SCORES),
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error('Lighthouse returned no result');
    return reportScores(result.lhr, preset);
  } finally {
    await chromium.stop();
  }
}

function reportScores(lhr: Result, preset: string): Record<string, number> {
  const scores = Object.fromEntries(
    Object.entries(lhr.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
  );
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ];
  const failedAudits = Object.values(lhr.categories)
    .flatMap(({ auditRefs }) => auditRefs)
    .filter(({ id, weight }) => weight > 0 && (lhr.audits[id]?.score ?? 1) < 1)
    .map(({ id }) => id);
  printTable(`Lighthouse ${lhr.lighthouseVersion}, ${preset} preset, ${lhr.finalDisplayedUrl}`, [
    ...Object.entries(scores).map(([id, score]): [string, string] => [id, String(score)]),
    ...metrics.map((id): [string, string] => [id, lhr.audits[id]?.displayValue ?? '']),
    ['audits below 100', failedAudits.join(', ') || 'none'],
  ]);
  return scores;
}

test.describe('Lighthouse on the landing page', () => {
  test.describe.configure({ timeout: 90_000 });

  // Lighthouse's performance score moves from run to run with the machine's load (100 and 94 for
  // the same build on one busy VM); as Lighthouse's own guidance on variability advises, the gate
  // takes the median of several runs.
  const DESKTOP_RUNS = 3;
  test('desktop preset, median of three runs: performance ≥ 95, accessibility ≥ 95, SEO 100', async ({ baseURL }) => {
    test.setTimeout(180_000);
    const runs: Array<Record<string, number>> = [];
    for (let run = 0; run < DESKTOP_RUNS; run++) runs.push(await runLighthouse(`${baseURL}/`, 'desktop'));
    for (const [category, minimum] of Object.entries(LIGHTHOUSE_MINIMUM_SCORES)) {
      const median = runs.map((scores) => scores[category] ?? 0).sort((a, b) => a - b)[Math.floor(DESKTOP_RUNS / 2)];
      expect(median, category).toBeGreaterThanOrEqual(minimum);
    }
  });

  test('mobile preset with simulated throttling: accessibility ≥ 95 and SEO 100, performance printed', async ({
    baseURL,
  }) => {
    const scores = await runLighthouse(`${baseURL}/`, 'mobile');
    expect(scores.accessibility).toBeGreaterThanOrEqual(LIGHTHOUSE_MINIMUM_SCORES.accessibility);
    expect(scores.seo).toBeGreaterThanOrEqual(LIGHTHOUSE_MINIMUM_SCORES.seo);
  });
});
