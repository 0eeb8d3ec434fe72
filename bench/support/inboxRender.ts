// The render side of bench/approvals.bench.ts: the built console (console/dist) in headless Chromium, served by
// `page.route` on the test app's own origin (so /api/* goes straight to the bench's in-process app), the session
// injected as the console keeps it (localStorage `jwt` = {token}). Measures, on /Approvals:
// - the time from navigation start until every card is rendered (checked once per animation frame);
// - the long tasks (PerformanceObserver 'longtask') from navigation start until the page is settled: count, total
//   blocking time (the part of each beyond 50 ms) and the longest;
// (A `j`-press figure is not measured yet: a first try hung in the press loop, see /work/notes/i23b.md.)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config.ts';

const dist = path.resolve(import.meta.dirname, '../../console/dist');
const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.txt': 'text/plain',
};

export type InboxRenderFigures = {
  cards: number;
  allCardsMs: number;
  longTasks: { count: number; totalBlockingMs: number; longestMs: number };
};

export async function measureInboxRender(
  baseUrl: string,
  token: string,
  expectedCards: number,
): Promise<InboxRenderFigures> {
  const browser = await chromium.launch({ ...chromiumLaunch, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.route(`${baseUrl}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname.startsWith('/api/')) return route.fallback();
      // A file of the build, or index.html for the console's routes (the client-side router takes it from there).
      const file = path.join(dist, path.normalize(url.pathname));
      const body = await readFile(
        file.startsWith(dist) && path.extname(file) ? file : path.join(dist, 'index.html'),
      );
      const type = types[path.extname(file)] ?? 'text/html';
      return route.fulfill({ status: 200, body, contentType: type });
    });
    await page.addInitScript((jwt) => {
      localStorage.setItem('jwt', JSON.stringify({ token: jwt }));
      const tasks: { start: number; duration: number }[] = [];
      Object.assign(window, { benchLongTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    }, token);

    const step = (what: string) => process.stderr.write(`inbox render: ${what}\n`);
    step('opening /Approvals');
    await page.goto(`${baseUrl}/Approvals`);
    const allCards = await page.waitForFunction(
      (expected) => {
        const count = document.querySelectorAll('[data-approval-card]').length;
        return count >= expected ? { count, at: performance.now() } : false;
      },
      expectedCards,
      { polling: 'raf', timeout: 300_000 },
    );
    const rendered = (await allCards.jsonValue()) as { count: number; at: number };
    step(`${rendered.count} cards rendered`);
    // Settled: no long task for one second (bounded), then the long tasks since navigation start.
    await page.evaluate(async () => {
      const tasks = (window as unknown as { benchLongTasks: { start: number; duration: number }[] })
        .benchLongTasks;
      const deadline = performance.now() + 15_000;
      for (;;) {
        const last = tasks.at(-1);
        const quietSince = last ? last.start + last.duration : 0;
        if (performance.now() - quietSince >= 1000 || performance.now() > deadline) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
    const tasks = await page.evaluate(
      () => (window as unknown as { benchLongTasks: { start: number; duration: number }[] }).benchLongTasks,
    );

    step('settled');
    const blocking = tasks.map((task) => Math.max(0, task.duration - 50));
    return {
      cards: rendered.count,
      allCardsMs: rendered.at,
      longTasks: {
        count: tasks.length,
        totalBlockingMs: blocking.reduce((sum, ms) => sum + ms, 0),
        longestMs: Math.max(0, ...tasks.map((task) => task.duration)),
      },
    };
  } finally {
    await browser.close();
  }
}
