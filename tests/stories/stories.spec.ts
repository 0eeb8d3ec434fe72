/**
 * Every Storybook story, in both themes: a screenshot compared with the committed baseline and
 * an axe check (no serious or critical violations). Serves the built storybook-static from a
 * small in-test HTTP server; rebuilds it first when ui-kit or .storybook changed since the last build.
 */
import { execSync } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const repoRoot = resolve(import.meta.dirname, '../..');
const staticDir = join(repoRoot, 'storybook-static');
const indexFile = join(staticDir, 'index.json');

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

ensureBuilt();

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
  page = await browser.newPage({ viewport: { width: 1024, height: 768 }, reducedMotion: 'reduce' });
});

test.afterAll(async () => {
  await page?.close();
  await new Promise((done) => server?.close(done));
});

test('the story index is not empty', () => {
  expect(stories.length).toBeGreaterThan(50);
});

for (const theme of ['light', 'dark'] as const) {
  for (const story of stories) {
    test(`${story.title} / ${story.name} (${theme})`, async () => {
      await page.goto(`${baseUrl}/iframe.html?id=${story.id}&viewMode=story&globals=theme:${theme}`);
      await page.locator(`[data-tranche-root][data-theme="${theme}"]`).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      const ready = page.locator('[data-story-ready]');
      if ((await ready.count()) > 0) await ready.first().waitFor();

      await expect(page).toHaveScreenshot(`${story.id}--${theme}.png`, {
        fullPage: true,
        animations: 'disabled',
      });

      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .disableRules(['region'])
        .analyze();
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
