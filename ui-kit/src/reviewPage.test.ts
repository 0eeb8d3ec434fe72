// @vitest-environment node
/**
 * The visual review page (`pnpm review`, scripts/review.mjs) for a change of one component's padding. Two PNG sets
 * are shot from the Storybook build the way the stories test shoots them (1024x768, reduced motion, full page, both
 * themes): the baseline, then the same stories after a change that gives Button's class more padding (a style rule
 * on the class of Button's own recipe, applied to every story, as a commit to Button.css.ts would). The page must put
 * Button's stories first with their diff visible and leave the other stories unchanged.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without declarations
import { buildReview } from '../../scripts/review.mjs';
import { type StaticServer, serveStorybook } from '../../tests/stories/storybookStatic.ts';

type Shot = {
  theme: string;
  status: string;
  changed: number;
  baseline: string;
  current: string;
  diff: string;
};
type ReviewStory = { id: string; title: string; changed: number; needsLook: boolean; shots: Shot[] };

const repoRoot = resolve(import.meta.dirname, '../..');
const work = join(repoRoot, 'test-results', 'review-test');
const outDir = join(work, 'review');
/**
 * A Storybook build of its own: storybook-static belongs to the browser lane, which rebuilds it unconditionally and
 * may run beside this test (TRANCHE_TEST_PARALLEL=1).
 */
const storybookDir = join(work, 'storybook-static');
const storyIds = [
  'primitives-button--primary',
  'primitives-button--variants',
  'primitives-button--loading',
  'primitives-button--disabled',
  'feedback-badge--all-tones',
  'forms-checkbox--checked',
];
const buttonStories = storyIds.filter((id) => id.startsWith('primitives-button--'));
/** The diff colour review.mjs paints changed pixels with. */
const diffRed = [230, 0, 60];

let server: StaticServer;
let browser: Browser;
let stories: ReviewStory[];

async function shoot(page: Page, id: string, theme: string, file: string, paddingRule: string | null) {
  await page.goto(`${server.baseUrl}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme}`);
  await page.locator(`[data-tranche-root][data-theme="${theme}"]`).first().waitFor();
  if (paddingRule) await page.addStyleTag({ content: paddingRule });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
}

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  for (const set of ['baseline', 'current']) mkdirSync(join(work, set), { recursive: true });
  execFileSync('pnpm', ['exec', 'storybook', 'build', '-o', storybookDir, '--quiet'], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
  const index = JSON.parse(readFileSync(join(storybookDir, 'index.json'), 'utf8')) as { entries: object };
  expect(Object.keys(index.entries)).toEqual(expect.arrayContaining(storyIds));
  server = await serveStorybook(storybookDir);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  // The class of Button's recipe base, read from the rendered Button (its first class).
  await page.goto(
    `${server.baseUrl}/iframe.html?id=primitives-button--primary&viewMode=story&globals=theme:light`,
  );
  const buttonClass = await page
    .locator('[data-tranche-root] button')
    .first()
    .evaluate((button) => button.classList[0]);
  const paddingRule = `.${buttonClass} { padding-block: 14px; padding-inline: 28px; }`;
  for (const theme of ['light', 'dark'])
    for (const id of storyIds) {
      const file = `${id}--${theme}-stories-linux.png`;
      await shoot(page, id, theme, join(work, 'baseline', file), null);
      await shoot(page, id, theme, join(work, 'current', file), paddingRule);
    }
  await context.close();
  stories = buildReview({
    baselineDir: join(work, 'baseline'),
    currentDir: join(work, 'current'),
    outDir,
    storybookDir,
  });
}, 480_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the visual review page for a change of Button’s padding', () => {
  it('lists Button’s stories first, changed in both themes, and the others unchanged', () => {
    expect(
      stories
        .map((story) => story.id)
        .slice(0, buttonStories.length)
        .sort(),
    ).toEqual([...buttonStories].sort());
    for (const story of stories) {
      expect(story.shots.map((shot) => shot.theme)).toEqual(['light', 'dark']);
      for (const shot of story.shots) {
        if (buttonStories.includes(story.id)) {
          expect(shot.status, `${story.id} ${shot.theme}`).toBe('changed');
          expect(shot.changed, `${story.id} ${shot.theme}`).toBeGreaterThan(200);
        } else {
          expect(shot.status, `${story.id} ${shot.theme}`).toBe('unchanged');
          expect(shot.changed).toBe(0);
        }
      }
    }
    // Most changed first.
    const changed = stories.slice(0, buttonStories.length).map((story) => story.changed);
    expect(changed).toEqual([...changed].sort((a, b) => b - a));
  });

  it('the page shows each changed story as baseline | current | diff, above the unchanged ones', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(html).toContain(`<title>${buttonStories.length} of ${storyIds.length} stories changed`);
    const firstButton = html.indexOf('data-story="primitives-button--');
    expect(firstButton).toBeGreaterThan(0);
    expect(firstButton).toBeLessThan(html.indexOf('data-story="feedback-badge--all-tones"'));
    expect(firstButton).toBeLessThan(html.indexOf('data-story="forms-checkbox--checked"'));
    expect(html.indexOf(`Changed (${buttonStories.length})`)).toBeLessThan(html.indexOf('Unchanged (2)'));
    const top = stories[0] as ReviewStory;
    for (const shot of top.shots) {
      expect(html).toContain(`<img src="${shot.baseline}"`);
      expect(html).toContain(`<img src="${shot.current}"`);
      expect(html).toContain(`<img src="${shot.diff}"`);
      expect(html).toContain(`${shot.changed.toLocaleString('en-US')} pixels changed`);
      expect(html).toContain(`storybook/index.html?path=/story/${top.id}&amp;globals=theme:${shot.theme}`);
      // A close-up of the changed area, cut from the same three images.
      const closeup = PNG.sync.read(
        readFileSync(join(outDir, `${shot.diff.replace(/\.png$/, '')}-diff-closeup.png`)),
      );
      expect(closeup.width).toBeLessThan(1024);
      expect(html).toContain(`${shot.diff.replace(/\.png$/, '')}-current-closeup.png`);
    }
  });

  it('the diff PNG marks exactly the changed pixels in red', () => {
    for (const story of stories)
      for (const shot of story.shots) {
        const diff = PNG.sync.read(readFileSync(join(outDir, shot.diff)));
        let red = 0;
        for (let i = 0; i < diff.data.length; i += 4)
          if (
            diff.data[i] === diffRed[0] &&
            diff.data[i + 1] === diffRed[1] &&
            diff.data[i + 2] === diffRed[2]
          )
            red++;
        expect(red, `${story.id} ${shot.theme}`).toBe(shot.changed);
      }
  });

  it('ships the Storybook build beside it, with the theme switch in its toolbar', () => {
    const storybook = join(outDir, 'storybook');
    expect(readdirSync(storybook)).toEqual(
      expect.arrayContaining(['index.html', 'iframe.html', 'index.json']),
    );
    const assets = readdirSync(join(storybook, 'assets')).filter((name) => name.endsWith('.js'));
    const toolbar = assets.some((name) => {
      const js = readFileSync(join(storybook, 'assets', name), 'utf8');
      return js.includes('Kit theme') && js.includes('toolbar');
    });
    expect(toolbar).toBe(true);
  });

  it('renders in a browser from disk: the first story is Button’s, its diff image loaded', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(pathToFileURL(join(outDir, 'index.html')).href);
      const first = page.locator('section.story').first();
      await expect.poll(() => first.getAttribute('data-story')).toMatch(/^primitives-button--/);
      const diffImage = first.locator('img[alt$="changed pixels in red"]').first();
      await diffImage.scrollIntoViewIfNeeded();
      await expect
        .poll(() => diffImage.evaluate((image) => (image as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await page.screenshot({ path: join(work, 'review-page.png') });
    } finally {
      await page.close();
    }
  }, 60_000);
});
