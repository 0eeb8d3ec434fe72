/**
 * Every Storybook story, in both themes: a screenshot compared with the committed baseline and
 * an axe-core check (no serious or critical WCAG 2.1 A/AA violations, colour contrast included).
 *
 * Serves the built storybook-static from a small in-test HTTP server (rebuilt first, by the runner
 * process, when ui-kit or .storybook changed since the last build). One page per theme: stories
 * are switched through Storybook's channel instead of reloading, and axe is injected once.
 */
import { execSync } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';

const repoRoot = resolve(import.meta.dirname, '../..');
const staticDir = join(repoRoot, 'storybook-static');
const indexFile = join(staticDir, 'index.json');
const axeSource = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
  'axe-core/axe.min.js',
);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function ensureBuilt(): void {
  const sourcesChanged = Math.max(
    newestMtime(join(repoRoot, 'ui-kit/src')),
    newestMtime(join(repoRoot, '.storybook')),
  );
  if (existsSync(indexFile) && statSync(indexFile).mtimeMs >= sourcesChanged) return;
  execSync('pnpm build-storybook', { cwd: repoRoot, stdio: 'inherit' });
}

// Build only in the runner process: workers restart after a failure and must not rebuild mid-run.
if (process.env.TEST_WORKER_INDEX === undefined) ensureBuilt();

type IndexEntry = { id: string; type: 'story' | 'docs'; title: string; name: string };
const stories = Object.values(
  (JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> }).entries,
).filter((entry) => entry.type === 'story');

const mimeTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

let server: Server;
let baseUrl: string;
let page: Page;
let loadedTheme: string | null = null;

test.beforeAll(async ({ browser }) => {
  server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(staticDir, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(staticDir) || !existsSync(file) || statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': mimeTypes[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    reducedMotion: 'reduce',
  });
  page = await context.newPage();
  loadedTheme = null;
});

test.afterAll(async () => {
  // The runner may already have removed its trace artifacts; closing is best effort.
  await page
    ?.context()
    .close()
    .catch(() => undefined);
  await new Promise((done) => server?.close(done));
});

/** Load the preview once per theme, then switch stories over Storybook's channel. */
async function showStory(storyId: string, theme: string): Promise<void> {
  if (loadedTheme !== theme) {
    await page.goto(`${baseUrl}/iframe.html?id=${storyId}&viewMode=story&globals=theme:${theme}`);
    await page.locator(`[data-tranche-root][data-theme="${theme}"]`).first().waitFor();
    await page.addScriptTag({ path: axeSource });
    loadedTheme = theme;
  } else {
    await page.evaluate(
      (id) =>
        new Promise<void>((done, fail) => {
          type Channel = {
            on: (event: string, listener: (payload: unknown) => void) => void;
            off: (event: string, listener: (payload: unknown) => void) => void;
            emit: (event: string, payload: unknown) => void;
          };
          const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel })
            .__STORYBOOK_ADDONS_CHANNEL__;
          const failures = ['storyErrored', 'storyThrewException', 'storyMissing'];
          const cleanup = () => {
            channel.off('storyRendered', onRendered);
            for (const event of failures) channel.off(event, onFailed);
          };
          const onRendered = () => {
            cleanup();
            done();
          };
          const onFailed = (payload: unknown) => {
            cleanup();
            fail(new Error(`story ${id} failed: ${JSON.stringify(payload)}`));
          };
          channel.on('storyRendered', onRendered);
          for (const event of failures) channel.on(event, onFailed);
          channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
        }),
      storyId,
    );
  }
  await page.evaluate(
    () =>
      new Promise((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => done(document.fonts.ready))),
      ),
  );
}

type AxeResult = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };

test('the story index is not empty', () => {
  expect(stories.length).toBeGreaterThan(50);
});

for (const theme of ['light', 'dark'] as const) {
  for (const story of stories) {
    test(`${story.title} / ${story.name} (${theme})`, async () => {
      await showStory(story.id, theme);
      await expect(page).toHaveScreenshot(`${story.id}--${theme}.png`, {
        fullPage: true,
        animations: 'disabled',
      });

      const results = await page.evaluate(() =>
        (
          window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }
        ).axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          resultTypes: ['violations'],
        }),
      );
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      expect(blocking, `axe violations in ${story.id} (${theme})`).toEqual([]);
    });
  }
}
