// The render side of bench/approvals.bench.ts: the built console (console/dist) in headless Chromium, served by
// `page.route` on the test app's own origin (so /api/* goes straight to the bench's in-process app), the session
// injected as the console keeps it (localStorage `jwt` = {token}). Measures, on /Approvals:
// - the time from navigation start until every card is rendered (checked once per animation frame);
// - the long tasks (PerformanceObserver 'longtask') from navigation start until the page is settled: count, total
//   blocking time (the part of each beyond 50 ms) and the longest; and the same for the tasks that start after the
//   answer of GET /approvals arrived (the inbox's own rendering, apart from loading the console's code);
// - the `j` key: PRESSES real key presses (Playwright's keyboard) walking down the list, each timed in the page from
//   its keydown (capture phase) to the frame after it (requestAnimationFrame, then a task): median and worst.
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

type LongTasks = { count: number; totalBlockingMs: number; longestMs: number };
export type InboxRenderFigures = {
  cards: number;
  allCardsMs: number;
  /** When the answer of GET /approvals was in (responseEnd, after navigation start). */
  answerMs: number;
  longTasks: LongTasks;
  longTasksAfterAnswer: LongTasks;
  keyPresses: { count: number; medianMs: number; worstMs: number };
};

const PRESSES = 30;

function summarise(tasks: { start: number; duration: number }[]): LongTasks {
  return {
    count: tasks.length,
    totalBlockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    longestMs: Math.max(0, ...tasks.map((task) => task.duration)),
  };
}

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
      // Each key press from its keydown to the frame after it (the page has painted the move).
      const presses: number[] = [];
      Object.assign(window, { benchPresses: presses });
      document.addEventListener(
        'keydown',
        () => {
          const started = performance.now();
          requestAnimationFrame(() => setTimeout(() => presses.push(performance.now() - started), 0));
        },
        { capture: true },
      );
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

    const answerMs = await page.evaluate(() => {
      const entry = performance
        .getEntriesByType('resource')
        .find((resource) => new URL(resource.name).pathname.endsWith('/approvals'));
      return entry ? (entry as PerformanceResourceTiming).responseEnd : Number.NaN;
    });
    step('settled');

    // The j key, PRESSES times down the list (the first press selects the second card).
    await page.locator('[data-approval-card]').first().focus();
    for (let press = 0; press < PRESSES; press += 1) {
      await page.keyboard.press('j');
      await page.waitForFunction(
        (count) => (window as unknown as { benchPresses: number[] }).benchPresses.length > count,
        press,
        {
          timeout: 10_000,
        },
      );
    }
    const presses = (
      await page.evaluate(() => (window as unknown as { benchPresses: number[] }).benchPresses)
    ).sort((a, b) => a - b);
    step(`${presses.length} key presses`);
    return {
      cards: rendered.count,
      allCardsMs: rendered.at,
      answerMs,
      longTasks: summarise(tasks),
      longTasksAfterAnswer: summarise(tasks.filter((task) => task.start >= answerMs)),
      keyPresses: {
        count: presses.length,
        medianMs: presses[Math.floor(presses.length / 2)] ?? Number.NaN,
        worstMs: presses.at(-1) ?? Number.NaN,
      },
    };
  } finally {
    await browser.close();
  }
}
