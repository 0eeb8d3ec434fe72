/**
 * Every Storybook story, in both themes: a screenshot compared with the committed baseline and
 * an axe-core check (no serious or critical WCAG 2.1 A/AA violations, colour contrast included).
 *
 * Serves the built storybook-static from a small in-test HTTP server (rebuilt first, by the runner
 * process, when ui-kit or .storybook changed since the last build). One page per theme: stories
 * are switched through Storybook's channel instead of reloading, and axe is injected once.
 */
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { ensureStorybookBuilt, readStories, type StaticServer, serveStorybook } from './storybookStatic.ts';

const axeSource = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
  'axe-core/axe.min.js',
);

ensureStorybookBuilt();
const stories = readStories();

let server: StaticServer;
let page: Page;
let loadedTheme: string | null = null;

test.beforeAll(async ({ browser }) => {
  server = await serveStorybook();
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
  await server?.close();
});

/** Load the preview once per theme, then switch stories over Storybook's channel. */
async function showStory(storyId: string, theme: string): Promise<void> {
  if (loadedTheme !== theme) {
    await page.goto(`${server.baseUrl}/iframe.html?id=${storyId}&viewMode=story&globals=theme:${theme}`);
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
  // Let React commit the new story, then wait for components that load asynchronously
  // (the PDF viewer marks itself with data-pending) and for web fonts.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.locator('[data-pending]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
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
