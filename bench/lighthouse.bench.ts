// Lighthouse on the product as `pnpm start` serves it: builds the console, starts the server on free ports with a
// throw-away DATA_DIR, seeds 50 tokens (as the indexer would have stored them) and deploys one
// real token for /TokenInfo (a seeded token has no contract on the chain), logs in as the demo account, and
// prints performance, accessibility, best-practices and SEO scores and FCP/LCP/TBT/CLS for /Login, /Tokens,
// /TokenInfo and /Whitelists with Lighthouse's mobile (simulated slow 4G, 4x CPU slowdown) and desktop presets.
// Goal: performance >= 95 mobile on every page, accessibility 100. The machine's load average is printed with the
// figures: simulated throttling scales with the CPU the run actually got.
// Usage: pnpm bench lighthouse   (BENCH_SKIP_BUILD=1 to serve the console/dist already built; LIGHTHOUSE_REPORTS=dir
// to keep each report's JSON; LIGHTHOUSE_PRESETS=mobile for one preset; LIGHTHOUSE_THROTTLING=devtools to throttle
// the browser itself instead of simulating: slower to run, but the page's real timeline rather than an estimate
// drawn from an unthrottled load, whose figures swing with the machine's load)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumLaunch } from '../playwright.config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { deployBenchToken, seedTokenReads } from '../server/src/modules/tokens/benchSeed.ts';
import { recordTestToken } from '../server/src/modules/tokens/testing.ts';
import { startServer } from '../tests/e2e/fixtures.ts';

const root = path.resolve(import.meta.dirname, '..');
if (!process.env.BENCH_SKIP_BUILD) {
  execFileSync('pnpm', ['--filter', '@tranche/console', 'build'], { cwd: root, stdio: 'ignore' });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tranche-lighthouse-'));
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'tranche-lighthouse-profile-'));
const env = { DATA_DIR: dataDir, INDEXER: 'off', LOG_LEVEL: 'warn' };
// A busy machine (the figures note the load) can take minutes to start the chain and migrate.
const startOptions = { timeoutMs: 600_000 };

// First start: migrations, contracts, the demo account, and the real token deployed on the embedded chain (which
// keeps its state in DATA_DIR); then 50 tokens and the real one straight into the stopped database.
const first = await startServer(env, startOptions);
const chainUrl = /Embedded chain: (\S+)/.exec(first.output())?.[1];
if (!chainUrl) throw new Error(`The server printed no embedded chain:\n${first.output()}`);
const realToken = 'REAL';
const realName = 'Real Co Preferred';
const deployment = await deployBenchToken(chainUrl, realToken, realName);
await first.stop();
const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
await seedTokenReads(database.db, { tokenCount: 50, holderCount: 50, historyEvents: 50 });
await recordTestToken(database.db, { symbol: realToken, name: realName }, deployment);
await database.close();
const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-account.json'), 'utf8')) as {
  loginName: string;
  password: string;
};
const server = await startServer(env, startOptions);

type Row = {
  page: string;
  preset: string;
  scores: Record<string, number>;
  metrics: Record<string, string>;
  /** The elements that moved (Lighthouse's layout-shifts audit): score and the node's selector or snippet. */
  shifts: { score: number; node: string }[];
};
const rows: Row[] = [];
const port = 20_000 + Math.floor(Math.random() * 20_000);
const browser = await chromium.launchPersistentContext(profileDir, {
  executablePath: chromiumLaunch.executablePath,
  headless: true,
  args: [...chromiumLaunch.args, `--remote-debugging-port=${port}`],
});

const tab = browser.pages()[0] ?? (await browser.newPage());
const cdp = await browser.newCDPSession(tab);

type ShiftItem = { score?: number; node?: { selector?: string; snippet?: string; nodeLabel?: string } };

/** The layout-shifts audit's items (each shift's score and the element it names), largest first. */
function layoutShifts(details: unknown): { score: number; node: string }[] {
  const items = ((details as { items?: ShiftItem[] } | undefined)?.items ?? []) as ShiftItem[];
  return items
    .map((item) => ({
      score: item.score ?? 0,
      node: item.node?.selector ?? item.node?.snippet ?? item.node?.nodeLabel ?? '(unnamed)',
    }))
    .sort((a, b) => b.score - a.score);
}

const presets = (['mobile', 'desktop'] as const).filter(
  (preset) => !process.env.LIGHTHOUSE_PRESETS || process.env.LIGHTHOUSE_PRESETS.split(',').includes(preset),
);
const throttling = process.env.LIGHTHOUSE_THROTTLING as 'devtools' | 'simulate' | undefined;

async function audit(page: string, urlPath: string): Promise<void> {
  for (const preset of presets) {
    // A first visit: an empty HTTP cache, but the session kept (Lighthouse's storage reset would log out).
    await cdp.send('Network.clearBrowserCache');
    const result = await lighthouse(
      `${server.url}${urlPath}`,
      {
        port,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
        ...(throttling ? { throttlingMethod: throttling } : {}),
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${urlPath}`);
    // LIGHTHOUSE_REPORTS=dir keeps each report's JSON (open it in the Lighthouse viewer to see why a figure is what it is).
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      const name = `${page.replace(/\W/g, '') || 'root'}-${preset}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(result.lhr));
    }
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const shown = (id: string) => audits[id]?.displayValue ?? 'n/a';
    rows.push({
      page,
      preset,
      scores: {
        perf: score('performance'),
        a11y: score('accessibility'),
        bp: score('best-practices'),
        seo: score('seo'),
      },
      metrics: {
        FCP: shown('first-contentful-paint'),
        LCP: shown('largest-contentful-paint'),
        TBT: shown('total-blocking-time'),
        CLS: shown('cumulative-layout-shift'),
        bytes: shown('total-byte-weight'),
      },
      shifts: layoutShifts(audits['layout-shifts']?.details),
    });
    process.stdout.write('.');
  }
}

try {
  const loadBefore = os.loadavg();
  await audit('/Login', '/Login');
  await tab.goto(`${server.url}/Login`);
  await tab.getByRole('textbox', { name: 'Login' }).fill(demo.loginName);
  await tab.getByLabel('Password', { exact: true }).fill(demo.password);
  await tab.getByRole('button', { name: 'Login' }).click();
  await tab
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /My Account/ })
    .waitFor();
  await audit('/Tokens', '/Tokens');
  await audit('/TokenInfo', `/TokenInfo?token=${realToken}`);
  await audit('/Whitelists', '/Whitelists');
  const loadAfter = os.loadavg();
  process.stdout.write('\n');
  const pad = (text: string | number, width: number) => String(text).padStart(width);
  console.log(
    `${'page'.padEnd(12)}${'preset'.padEnd(9)}${pad('perf', 5)}${pad('a11y', 5)}${pad('bp', 5)}${pad('seo', 5)}  ${'FCP'.padStart(8)}${'LCP'.padStart(8)}${'TBT'.padStart(10)}${'CLS'.padStart(7)}  transfer`,
  );
  for (const row of rows) {
    console.log(
      `${row.page.padEnd(12)}${row.preset.padEnd(9)}${pad(row.scores.perf ?? 0, 5)}${pad(row.scores.a11y ?? 0, 5)}${pad(row.scores.bp ?? 0, 5)}${pad(row.scores.seo ?? 0, 5)}  ${(row.metrics.FCP ?? '').padStart(8)}${(row.metrics.LCP ?? '').padStart(8)}${(row.metrics.TBT ?? '').padStart(10)}${(row.metrics.CLS ?? '').padStart(7)}  ${row.metrics.bytes}`,
    );
  }
  for (const row of rows.filter((r) => r.shifts.length > 0)) {
    const top = row.shifts.slice(0, 3).map((shift) => `${shift.score.toFixed(3)} ${shift.node}`);
    console.log(`layout shifts, ${row.page} ${row.preset}: ${top.join('; ')}`);
  }
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
  console.log(
    `load average (1/5/15 min) before: ${load(loadBefore)}, after: ${load(loadAfter)}; ${os.cpus().length} CPUs`,
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
