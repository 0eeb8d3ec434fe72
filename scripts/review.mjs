#!/usr/bin/env node
// Visual review of the ui-kit, for designers and QA: `pnpm review` runs the stories' screenshot test (every story in
// both themes, against the committed baselines in tests/stories/stories.spec.ts-snapshots), then writes one static
// folder, test-results/review/:
//   index.html   every story in both themes, baseline | current | highlighted diff side by side, changed ones first
//   images/      the PNGs the page shows (the diff marks changed pixels in red over a faded baseline)
//   review.json  the same list for tools (story, theme, changed pixels, image paths)
//   storybook/   the Storybook static build (its toolbar switches the theme); the page links each story into it
// Open index.html from disk: no server, no account, no network.
//
//   pnpm review                         all stories
//   pnpm review -g "Primitives/Button"  only the stories whose test title matches (Playwright's --grep)
//   pnpm review --baseline A --current B [--out DIR]  compare two folders of PNGs named like the baselines, no run
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const repoRoot = resolve(import.meta.dirname, '..');
export const baselineFolder = join(repoRoot, 'tests/stories/stories.spec.ts-snapshots');
const storybookFolder = join(repoRoot, 'storybook-static');
const themes = ['light', 'dark'];
/** Baseline file names: `<story id>--<theme>-stories-linux.png` (Playwright's name for the stories project). */
const shotName = /^(.+)--(light|dark)-stories-linux\.png$/;
/** Playwright's per-pixel colour threshold for toHaveScreenshot, so "changed" here means what the test calls changed. */
const threshold = 0.2;

/** Story titles from Storybook's index ("Primitives/Button / Primary" by id), when a build is at hand. */
function storyTitles(storybookDir) {
  const index = join(storybookDir, 'index.json');
  if (!existsSync(index)) return new Map();
  const entries = Object.values(JSON.parse(readFileSync(index, 'utf8')).entries);
  return new Map(
    entries.filter((entry) => entry.type === 'story').map((e) => [e.id, `${e.title} / ${e.name}`]),
  );
}

function readPng(path) {
  return PNG.sync.read(readFileSync(path));
}

/** The image on a canvas of the given size (white where it does not reach), so that sizes may differ. */
function onCanvas(png, width, height) {
  if (png.width === width && png.height === height) return png;
  const canvas = new PNG({ width, height });
  canvas.data.fill(255);
  PNG.bitblt(png, canvas, 0, 0, png.width, png.height, 0, 0);
  return canvas;
}

const diffColor = [230, 0, 60];

/** The smallest box holding every changed pixel (painted `diffColor` by pixelmatch), with a margin; null if none. */
function changedBox(diff, margin) {
  let left = diff.width;
  let top = diff.height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < diff.height; y++)
    for (let x = 0; x < diff.width; x++) {
      const i = (y * diff.width + x) * 4;
      if (
        diff.data[i] !== diffColor[0] ||
        diff.data[i + 1] !== diffColor[1] ||
        diff.data[i + 2] !== diffColor[2]
      )
        continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  if (right < 0) return null;
  const x = Math.max(0, left - margin);
  const y = Math.max(0, top - margin);
  return {
    x,
    y,
    width: Math.min(diff.width, right + margin + 1) - x,
    height: Math.min(diff.height, bottom + margin + 1) - y,
  };
}

function writeCrop(png, box, path) {
  const crop = new PNG({ width: box.width, height: box.height });
  PNG.bitblt(png, crop, box.x, box.y, box.width, box.height, 0, 0);
  writeFileSync(path, PNG.sync.write(crop));
}

/**
 * Compares two PNG files; writes the highlighted diff and, when pixels changed, close-ups of the changed area
 * (`<diffPath minus .png>-{baseline,current,diff}-closeup.png`); returns the number of changed pixels.
 */
export function diffImages(baselinePath, currentPath, diffPath) {
  const baseline = readPng(baselinePath);
  const current = readPng(currentPath);
  const width = Math.max(baseline.width, current.width);
  const height = Math.max(baseline.height, current.height);
  const diff = new PNG({ width, height });
  const before = onCanvas(baseline, width, height);
  const after = onCanvas(current, width, height);
  const changed = pixelmatch(before.data, after.data, diff.data, width, height, {
    threshold,
    alpha: 0.15,
    diffColor,
    aaColor: [255, 190, 0],
  });
  writeFileSync(diffPath, PNG.sync.write(diff));
  const resized = baseline.width !== current.width || baseline.height !== current.height;
  const box = changed > 0 ? changedBox(diff, 24) : null;
  if (box) {
    const stem = diffPath.replace(/\.png$/, '');
    writeCrop(before, box, `${stem}-baseline-closeup.png`);
    writeCrop(after, box, `${stem}-current-closeup.png`);
    writeCrop(diff, box, `${stem}-diff-closeup.png`);
  }
  return { changed, resized, width, height, box };
}

/**
 * Compares a baseline folder with a current folder (both named like the baselines) and writes the review folder.
 * `only`: the shot names (`<id>--<theme>`) the current run covered; without it, every name in either folder.
 */
export function buildReview({
  baselineDir,
  currentDir,
  outDir,
  storybookDir = storybookFolder,
  only,
  notes = {},
}) {
  const names = new Set();
  for (const dir of [baselineDir, currentDir])
    for (const file of existsSync(dir) ? readdirSync(dir) : []) {
      const match = shotName.exec(file);
      if (match && (!only || only.has(`${match[1]}--${match[2]}`))) names.add(`${match[1]}--${match[2]}`);
    }
  for (const name of only ?? []) names.add(name);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'images'), { recursive: true });
  const titles = storyTitles(storybookDir);

  const stories = new Map();
  for (const name of [...names].sort()) {
    const [, id, theme] = /^(.+)--(light|dark)$/.exec(name);
    const file = `${name}-stories-linux.png`;
    const baseline = join(baselineDir, file);
    const current = join(currentDir, file);
    const shot = {
      theme,
      baseline: null,
      current: null,
      diff: null,
      changed: 0,
      status: 'unchanged',
      note: notes[name],
    };
    if (existsSync(baseline)) {
      shot.baseline = `images/${name}--baseline.png`;
      copyFileSync(baseline, join(outDir, shot.baseline));
    }
    if (existsSync(current)) {
      shot.current = `images/${name}--current.png`;
      copyFileSync(current, join(outDir, shot.current));
    }
    if (shot.baseline && shot.current) {
      shot.diff = `images/${name}--diff.png`;
      const result = diffImages(baseline, current, join(outDir, shot.diff));
      shot.changed = result.changed;
      shot.resized = result.resized;
      if (result.changed > 0 || result.resized) shot.status = 'changed';
      shot.share = result.changed / (result.width * result.height);
      if (result.box) {
        shot.box = result.box;
        shot.closeup = Object.fromEntries(
          ['baseline', 'current', 'diff'].map((kind) => [kind, `images/${name}--diff-${kind}-closeup.png`]),
        );
      }
    } else if (shot.current) shot.status = 'new';
    else if (shot.baseline) shot.status = shot.note ? 'failed' : 'removed';
    else shot.status = 'failed';
    const story = stories.get(id) ?? { id, title: titles.get(id) ?? id, shots: [] };
    story.shots.push(shot);
    stories.set(id, story);
  }
  for (const story of stories.values()) {
    story.shots.sort((a, b) => themes.indexOf(a.theme) - themes.indexOf(b.theme));
    story.changed = story.shots.reduce((sum, shot) => sum + shot.changed, 0);
    story.needsLook = story.shots.some((shot) => shot.status !== 'unchanged');
  }
  // Changed first (most changed pixels first), then new, removed or failed, then the unchanged in title order.
  const ordered = [...stories.values()].sort(
    (a, b) =>
      Number(b.needsLook) - Number(a.needsLook) || b.changed - a.changed || a.title.localeCompare(b.title),
  );

  const withStorybook = existsSync(join(storybookDir, 'index.html'));
  if (withStorybook) cpSync(storybookDir, join(outDir, 'storybook'), { recursive: true });
  writeFileSync(join(outDir, 'review.json'), `${JSON.stringify({ stories: ordered }, null, 2)}\n`);
  writeFileSync(
    join(outDir, 'index.html'),
    page(ordered, { withStorybook, baselineDir: relative(repoRoot, baselineDir) || baselineDir }),
  );
  return ordered;
}

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const statusText = {
  changed: 'changed',
  unchanged: 'no change',
  new: 'new story (no baseline yet)',
  removed: 'removed (baseline only)',
  failed: 'did not render',
};

function figure(label, src, alt, width) {
  const size = width ? ` style="width: ${width}px"` : '';
  return src
    ? `<figure><figcaption>${label}</figcaption><a href="${src}"><img src="${src}" alt="${escapeHtml(alt)}" loading="lazy"${size}></a></figure>`
    : `<figure class="missing"><figcaption>${label}</figcaption><p>none</p></figure>`;
}

function shotHtml(story, shot, withStorybook) {
  const pixels = shot.changed.toLocaleString('en-US');
  const share = shot.share ? ` (${(shot.share * 100).toFixed(2)} %)` : '';
  const summary =
    shot.status === 'changed'
      ? `${pixels} pixels changed${share}${shot.resized ? ', size changed' : ''}`
      : statusText[shot.status];
  const open = withStorybook
    ? ` · <a href="storybook/index.html?path=/story/${encodeURIComponent(story.id)}&amp;globals=theme:${shot.theme}">open in Storybook</a>`
    : '';
  return `<div class="shot ${shot.status}" data-theme="${shot.theme}" data-status="${shot.status}" data-changed-pixels="${shot.changed}">
  <h3>${shot.theme === 'light' ? 'Light' : 'Dark'} theme <span class="status">${escapeHtml(summary)}</span>${open}</h3>
  ${shot.note ? `<p class="note">${escapeHtml(shot.note)}</p>` : ''}
  ${
    shot.closeup
      ? `<div class="triple closeup">
    ${figure('Baseline, changed area (enlarged)', shot.closeup.baseline, `${story.title}, ${shot.theme}, baseline, changed area`, shot.box.width * 2)}
    ${figure('Current, changed area (enlarged)', shot.closeup.current, `${story.title}, ${shot.theme}, current, changed area`, shot.box.width * 2)}
    ${figure('Diff, changed area (enlarged)', shot.closeup.diff, `${story.title}, ${shot.theme}, changed pixels in red, changed area`, shot.box.width * 2)}
  </div>`
      : ''
  }
  <div class="triple">
    ${figure('Baseline', shot.baseline, `${story.title}, ${shot.theme}, baseline`)}
    ${figure('Current', shot.current, `${story.title}, ${shot.theme}, current`)}
    ${figure('Diff', shot.diff, `${story.title}, ${shot.theme}, changed pixels in red`)}
  </div>
</div>`;
}

function page(stories, { withStorybook, baselineDir }) {
  const changed = stories.filter((story) => story.needsLook);
  const shots = stories.reduce((sum, story) => sum + story.shots.length, 0);
  const headline = changed.length
    ? `${changed.length} of ${stories.length} stories changed`
    : `No visual change in ${stories.length} stories`;
  const toc = changed
    .map(
      (story) =>
        `<li><a href="#${escapeHtml(story.id)}">${escapeHtml(story.title)}</a> (${story.changed.toLocaleString('en-US')} px)</li>`,
    )
    .join('');
  const section = (
    story,
  ) => `<section class="story${story.needsLook ? ' needs-look' : ''}" id="${escapeHtml(story.id)}" data-story="${escapeHtml(story.id)}" data-changed-pixels="${story.changed}">
<h2>${escapeHtml(story.title)} <code>${escapeHtml(story.id)}</code></h2>
${story.shots.map((shot) => shotHtml(story, shot, withStorybook)).join('\n')}
</section>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(headline)} · ui-kit visual review</title>
<style>
  :root { color-scheme: light; font: 14px/1.45 system-ui, sans-serif; color: #1b1f24; background: #f4f5f7; }
  body { margin: 0; }
  header { background: #fff; border-bottom: 1px solid #d0d4da; padding: 12px 24px; }
  header h1 { font-size: 20px; margin: 0 0 4px; }
  header p { margin: 0; color: #4a525c; }
  main { padding: 16px 24px 48px; }
  nav ol { margin: 8px 0 0; padding-left: 20px; }
  h2.group { font-size: 16px; margin: 24px 0 8px; color: #4a525c; }
  .story { background: #fff; border: 1px solid #d0d4da; border-radius: 8px; padding: 12px 16px; margin: 0 0 16px; }
  .story.needs-look { border: 2px solid #c8003c; }
  .story h2 { font-size: 16px; margin: 0 0 8px; }
  .story h2 code { font-size: 12px; color: #4a525c; font-weight: 400; margin-left: 8px; }
  .shot h3 { font-size: 13px; margin: 8px 0 6px; font-weight: 600; }
  .status { font-weight: 400; margin-left: 8px; padding: 1px 8px; border-radius: 999px; background: #e6e9ed; }
  .changed .status { background: #c8003c; color: #fff; }
  .new .status, .removed .status, .failed .status { background: #8a5a00; color: #fff; }
  .note { color: #8a1f00; margin: 0 0 6px; white-space: pre-wrap; }
  .triple { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; }
  @media (max-width: 700px) { .triple { grid-template-columns: minmax(0, 1fr); } main, header { padding-inline: 12px; } }
  figure { margin: 0; min-width: 0; }
  figcaption { font-size: 12px; color: #4a525c; margin-bottom: 4px; }
  figure img { display: block; max-width: 100%; height: auto; border: 1px solid #d0d4da; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
  .closeup { margin-bottom: 10px; }
  .closeup img { image-rendering: pixelated; }
  figure.missing p { border: 1px dashed #d0d4da; padding: 24px; text-align: center; color: #4a525c; margin: 0; }
  a { color: #0b57d0; }
</style>
</head>
<body>
<header>
  <h1>${escapeHtml(headline)}</h1>
  <p>${shots} screenshots (each story in the light and the dark theme): the baseline (<code>${escapeHtml(baselineDir)}</code>), the current run, and their difference (changed pixels in red over a faded baseline). Changed stories come first.${withStorybook ? ' <a href="storybook/index.html">Open the Storybook</a> (switch the theme in its toolbar).' : ''}</p>
  ${changed.length ? `<nav><ol>${toc}</ol></nav>` : ''}
</header>
<main>
${changed.length ? `<h2 class="group">Changed (${changed.length})</h2>\n${changed.map(section).join('\n')}` : ''}
<h2 class="group">Unchanged (${stories.length - changed.length})</h2>
${stories
  .filter((story) => !story.needsLook)
  .map(section)
  .join('\n')}
</main>
</body>
</html>
`;
}

/** Walks Playwright's JSON report: the stories test results, by shot name, with the path of any `-actual.png`. */
function runResults(reportPath, storybookDir) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const ids = new Map([...storyTitles(storybookDir)].map(([id, title]) => [title, id]));
  const results = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const match = /^(.+) \((light|dark)\)$/.exec(spec.title);
      const id = match && ids.get(match[1]);
      if (!id) continue;
      const result = spec.tests?.[0]?.results?.at(-1);
      if (!result) continue;
      const actual = result.attachments?.find((a) => a.path && /-actual\.png$/.test(a.path));
      const error = result.status === 'passed' ? undefined : (result.error?.message ?? result.status);
      results.set(`${id}--${match[2]}`, { actual: actual?.path, status: result.status, error });
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return results;
}

function main() {
  const { values } = parseArgs({
    options: {
      baseline: { type: 'string' },
      current: { type: 'string' },
      out: { type: 'string' },
      grep: { type: 'string', short: 'g' },
    },
  });
  const outDir = resolve(values.out ?? join(repoRoot, 'test-results/review'));
  const baselineDir = resolve(values.baseline ?? baselineFolder);
  let currentDir;
  let only;
  const notes = {};
  if (values.current) {
    currentDir = resolve(values.current);
  } else {
    // The current run: the stories' screenshot test itself (it rebuilds storybook-static when the kit changed).
    // A screenshot that differs from its baseline is the test's `-actual.png`; one that matches is the baseline.
    const work = join(repoRoot, 'test-results', 'review-run');
    rmSync(work, { recursive: true, force: true });
    mkdirSync(join(work, 'current'), { recursive: true });
    const reportPath = join(work, 'report.json');
    const run = spawnSync(
      'pnpm',
      [
        'exec',
        'playwright',
        'test',
        '--project=stories',
        'tests/stories/stories.spec.ts',
        ...(values.grep ? ['-g', values.grep] : []),
      ],
      { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: reportPath } },
    );
    if (!existsSync(reportPath)) {
      process.stderr.write(
        `review: the stories run wrote no report (exit ${run.status}); nothing to review.\n`,
      );
      process.exit(1);
    }
    currentDir = join(work, 'current');
    only = new Set();
    for (const [name, result] of runResults(reportPath, storybookFolder)) {
      only.add(name);
      const file = `${name}-stories-linux.png`;
      // No `-actual.png`: the screenshot matched its baseline, unless the story failed before it (not axe, which
      // checks after the screenshot).
      const matched = !result.error || /axe violations/.test(result.error);
      const current = result.actual ?? (matched ? join(baselineDir, file) : null);
      if (current && existsSync(current)) copyFileSync(current, join(currentDir, file));
      else notes[name] = (result.error ?? 'no screenshot').split('\n')[0];
    }
  }
  const stories = buildReview({ baselineDir, currentDir, outDir, only, notes });
  const changed = stories.filter((story) => story.needsLook);
  process.stdout.write(
    `review: ${changed.length} of ${stories.length} stories changed${changed.length ? ` (${changed.map((s) => s.id).join(', ')})` : ''}.\n` +
      `Open ${pathToFileURL(join(outDir, 'index.html')).href}\n`,
  );
}

if (process.argv[1] && basename(process.argv[1]) === 'review.mjs') main();
