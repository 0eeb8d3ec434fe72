import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { palettePng } from './palettePng.ts';

/**
 * The user guide's screenshots (docs/guide/), taken by the newcomer and sharding tests from the running product.
 * Only when GUIDE_SHOTS is set (`pnpm guide`): otherwise {@link guideShot} does nothing and the tests run as always.
 */
export const guideShots = Boolean(process.env.GUIDE_SHOTS);

const imagesDir = path.resolve(import.meta.dirname, '..', '..', 'docs', 'guide', 'images');
const width = 1440;
const height = 900;

/**
 * Photographs the page at 1440 x 900 (or only `region`, e.g. an open dialog or one card) in the light and the dark
 * theme, as docs/guide/images/{name}-light.png and {name}-dark.png (`top`: scrolled to show that element at the top
 * of the window first), then puts the page back as it was: its
 * viewport and its colour scheme (the console follows the system's setting; the test pages never pick a theme).
 * Each picture adds 15 s to the test's time limit, so that the pictures never make a walk fail.
 */
export async function guideShot(
  page: Page,
  name: string,
  { region, top }: { region?: Locator; top?: Locator } = {},
): Promise<void> {
  if (!guideShots) return;
  test.info().setTimeout(test.info().timeout + 15_000);
  mkdirSync(imagesDir, { recursive: true });
  const viewport = page.viewportSize();
  const wasDark = await page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (viewport?.width !== width || viewport.height !== height) await page.setViewportSize({ width, height });
  const root = page.locator('[data-tranche-root]').first();
  await top?.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  try {
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(root).toHaveAttribute('data-theme', theme);
      // Fonts and the layout after the resize settle before the picture.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const options = { animations: 'disabled', caret: 'hide', scale: 'css' } as const;
      const shot = region ? await region.screenshot(options) : await page.screenshot(options);
      writeFileSync(path.join(imagesDir, `${name}-${theme}.png`), palettePng(shot));
    }
  } finally {
    await page.emulateMedia({ colorScheme: wasDark ? 'dark' : 'light' });
    if (viewport && (viewport.width !== width || viewport.height !== height))
      await page.setViewportSize(viewport);
  }
}
