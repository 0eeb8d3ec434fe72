// @vitest-environment node
/**
 * The kit as other teams get it: `pnpm --filter @tranche/ui-kit pack`, installed into an app OUTSIDE the workspace
 * (a temp dir) that brings its own React and Radix, built with plain Vite (no vanilla-extract plugin), rendered in
 * Chromium in both themes. One React (no invalid-hook error), no console error. The app imports through the
 * per-component entry points (`@tranche/ui-kit/TxWizard`, ...) and the barrel side by side, with no stylesheet
 * import: each component brings its own CSS. The same install measures what a host pays for `Button` alone.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentNames, publishedExports } from '../build/entryPoints.ts';
import { buildDistWhenStale, kitRoot } from '../test/distBuild.ts';

/**
 * Minified bytes `Button` alone adds to a React app. Measured 2026-11-27: JS 3,511 (Button, Spinner, the recipe
 * runtime), CSS 5,320 (both themes' variables, the scoped reset, Button and Spinner).
 */
const BUTTON_JS_BUDGET = 4_000;
const BUTTON_CSS_BUDGET = 6_000;

const pkg = JSON.parse(readFileSync(join(kitRoot, 'package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const app = mkdtempSync(join(tmpdir(), 'tranche-ui-kit-consumer-'));

const consumerSource = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { createColumnHelper } from '@tranche/ui-kit';
import { ApprovalCard } from '@tranche/ui-kit/ApprovalCard';
import { PagedTable } from '@tranche/ui-kit/PagedTable';
import { ThemeRoot } from '@tranche/ui-kit/ThemeRoot';
import { TxWizard } from '@tranche/ui-kit/TxWizard';
import { WalletSelector } from '@tranche/ui-kit/WalletSelector';

const column = createColumnHelper();
const columns = [column.accessor('symbol', { header: 'Symbol' }), column.accessor('name', { header: 'Name' })];
const rows = [{ symbol: 'ACME', name: 'Acme bond' }, { symbol: 'BETA', name: 'Beta share' }];
const item = {
  txId: 7, txTypeName: 'Pause trading', key: { address: '0x' + '1'.repeat(40), name: 'Treasury' },
  token: { symbol: 'ACME', name: 'Acme bond' }, effect: 'Trading on ACME stops.', precheck: { ok: true, reason: '' },
  startedBy: 'alice@example.com', requiredApprovers: 2, approvals: [], approvedByMe: false, secondsLeft: 3600,
};
const none = () => {};

function Screen({ theme }) {
  return h(ThemeRoot, { theme, children: h('section', { 'data-theme-shown': theme }, [
    h(TxWizard, { key: 'w', state: 'mined', hash: '0x' + 'a'.repeat(64), blockNumber: 12, explorer: { isLocal: true } }),
    h(PagedTable, { key: 't', columns, data: rows, caption: 'Tokens', emptyTitle: 'No tokens' }),
    h(WalletSelector, { key: 's', onConnect: async () => [], onSelectAccount: none, onCancel: none }),
    h(ApprovalCard, { key: 'a', item, onApprove: none, onAbort: none }),
  ]) });
}

createRoot(document.getElementById('root')).render(h('div', null, [
  h(Screen, { key: 'light', theme: 'light' }),
  h(Screen, { key: 'dark', theme: 'dark' }),
]));
`;

/** Apps that measure the bytes a host ships: React alone, and React plus what each imports from the kit. */
const sizeApps = {
  reactOnly: '',
  button: "import { Button } from '@tranche/ui-kit/Button';",
  buttonFromBarrel: "import { Button } from '@tranche/ui-kit';",
  wholeKit: "import * as kit from '@tranche/ui-kit';\nconst Button = kit.Button;\nwindow.kit = kit;",
  wholeKitWithStylesheet:
    "import * as kit from '@tranche/ui-kit';\nimport '@tranche/ui-kit/style.css';\nconst Button = kit.Button;\nwindow.kit = kit;",
} as const;
type SizeApp = keyof typeof sizeApps;
type Bytes = { js: number; css: number; jsGzip: number; cssGzip: number; jsText: string; cssText: string };
const sizes = {} as Record<SizeApp, Bytes>;

function sizeAppSource(imports: string): string {
  const element = imports
    ? "h(Button, { variant: 'primary', children: 'Save' })"
    : "h('button', { type: 'button', children: 'Save' })";
  return `import { createElement as h } from 'react';\nimport { createRoot } from 'react-dom/client';\n${imports}\ncreateRoot(document.getElementById('root')).render(${element});\n`;
}

/** Builds one app with plain Vite (minified, as a host ships it) and sums its JS and CSS output. */
async function measure(name: SizeApp): Promise<Bytes> {
  const root = join(app, 'size', name);
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<div id="root"></div><script type="module" src="./main.js"></script>',
  );
  writeFileSync(join(root, 'main.js'), sizeAppSource(sizeApps[name]));
  const output = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    // Vitest sets NODE_ENV=test; a host ships React's production build.
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { write: false },
  });
  const files = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  const text = (kind: 'js' | 'css') =>
    files
      .filter((file) => file.fileName.endsWith(`.${kind}`))
      .map((file) => (file.type === 'chunk' ? file.code : String(file.source)))
      .join('');
  const jsText = text('js');
  const cssText = text('css');
  return {
    js: Buffer.byteLength(jsText),
    css: Buffer.byteLength(cssText),
    jsGzip: gzipSync(jsText).length,
    cssGzip: gzipSync(cssText).length,
    jsText,
    cssText,
  };
}

/** What the kit adds to an app that has React already (minified bytes, raw and gzip). */
function kitShare(name: SizeApp): { js: number; css: number; jsGzip: number; cssGzip: number } {
  const base = sizes.reactOnly;
  const measured = sizes[name];
  return {
    js: measured.js - base.js,
    css: measured.css - base.css,
    jsGzip: measured.jsGzip - base.jsGzip,
    cssGzip: measured.cssGzip - base.cssGzip,
  };
}

let server: PreviewServer;
let installSeconds = 0;

beforeAll(async () => {
  buildDistWhenStale();
  const packDir = join(app, 'pack');
  execFileSync('pnpm', ['--filter', '@tranche/ui-kit', 'pack', '--pack-destination', packDir], {
    cwd: join(kitRoot, '..'),
    stdio: 'pipe',
  });
  const tarball = join(packDir, readdirSync(packDir).find((name) => name.endsWith('.tgz')) as string);
  // The app's own React and Radix, at the versions the kit is tested with.
  const own = Object.fromEntries(
    Object.keys(pkg.peerDependencies).map((name) => [name, pkg.devDependencies[name]]),
  );
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      type: 'module',
      dependencies: { '@tranche/ui-kit': `file:${tarball}`, ...own },
    }),
  );
  mkdirSync(join(app, 'src'));
  writeFileSync(
    join(app, 'index.html'),
    '<link rel="icon" href="data:,"><div id="root"></div><script type="module" src="/src/main.js"></script>',
  );
  writeFileSync(join(app, 'src', 'main.js'), consumerSource);
  const started = performance.now();
  // From the pnpm store the workspace install filled: no download of packages the workspace already has.
  execFileSync(
    'pnpm',
    ['install', '--prefer-offline', '--ignore-workspace', '--config.confirmModulesPurge=false'],
    {
      cwd: app,
      stdio: 'pipe',
    },
  );
  installSeconds = (performance.now() - started) / 1000;
  await build({ root: app, configFile: false, logLevel: 'silent', build: { outDir: join(app, 'out') } });
  server = await preview({
    root: app,
    configFile: false,
    logLevel: 'silent',
    build: { outDir: join(app, 'out') },
    preview: { port: 0, host: '127.0.0.1' },
  });
  for (const name of Object.keys(sizeApps) as SizeApp[]) sizes[name] = await measure(name);
}, 300_000);

afterAll(async () => {
  await server?.close();
  rmSync(app, { recursive: true, force: true });
});

describe('the packed kit in an app outside the workspace', () => {
  it('installs from the tarball with one React (the app’s own)', () => {
    const installed = join(app, 'node_modules', '@tranche', 'ui-kit');
    expect(readdirSync(join(installed, 'dist'))).toContain('index.js');
    // The kit declares React and Radix as peers, so pnpm links the app's copies: no nested React beside the kit.
    const kitDeps = join(app, 'node_modules', '.pnpm');
    const reacts = readdirSync(kitDeps).filter((name) => /^react@/.test(name));
    expect(reacts).toEqual([`react@${pkg.devDependencies.react}`]);
    expect(installSeconds).toBeLessThan(120);
  });

  it('publishes one entry point per component, and marks only CSS as having side effects', () => {
    const installed = JSON.parse(
      readFileSync(join(app, 'node_modules', '@tranche', 'ui-kit', 'package.json'), 'utf8'),
    ) as { exports: Record<string, unknown>; sideEffects: string[] };
    expect(installed.sideEffects).toEqual(['*.css']);
    expect(installed.exports).toEqual(publishedExports());
    for (const name of componentNames()) {
      const entry = installed.exports[`./${name}`] as { import: string; types: string };
      for (const file of [entry.import, entry.types])
        expect(existsSync(join(app, 'node_modules', '@tranche', 'ui-kit', file)), file).toBe(true);
    }
  });

  it('a host importing Button alone ships only Button: its bytes within budget, a sliver of the whole kit', () => {
    const button = kitShare('button');
    const barrel = kitShare('buttonFromBarrel');
    const whole = kitShare('wholeKit');
    const withSheet = kitShare('wholeKitWithStylesheet');
    console.info(
      `ui-kit bytes a host adds to a React app (minified, raw / gzip): Button alone JS ${button.js} / ${button.jsGzip}, CSS ${button.css} / ${button.cssGzip}; ` +
        `Button through the barrel JS ${barrel.js} / ${barrel.jsGzip}, CSS ${barrel.css} / ${barrel.cssGzip}; ` +
        `whole kit JS ${whole.js} / ${whole.jsGzip}, CSS ${whole.css} / ${whole.cssGzip}; ` +
        `whole kit + style.css JS ${withSheet.js} / ${withSheet.jsGzip}, CSS ${withSheet.css} / ${withSheet.cssGzip}`,
    );
    // Budgets in bytes (minified output does not depend on the machine); raise them only with a reason.
    expect(button.js).toBeLessThanOrEqual(BUTTON_JS_BUDGET);
    expect(button.css).toBeLessThanOrEqual(BUTTON_CSS_BUDGET);
    // Button, its Spinner, the theme contract and the reset: a tenth of the kit or less.
    expect(button.js * 10).toBeLessThan(whole.js);
    expect(button.css * 3).toBeLessThan(whole.css);
    // Nothing of other components: no TxWizard texts, no pdf.js, no table library.
    const buttonJs = sizes.button.jsText;
    expect(buttonJs).not.toContain('Transaction mined');
    expect(buttonJs).not.toContain('pdfjs');
    expect(buttonJs).not.toContain('getCoreRowModel');
    expect(sizes.wholeKit.jsText).toContain('Transaction mined');
    // The barrel is tree-shaken too (sideEffects): importing Button from it costs what the entry point costs, plus the
    // bundler's CommonJS interop helper (about 0.5 kB) kept for a CommonJS dependency the barrel re-exports.
    expect(barrel.js).toBeLessThanOrEqual(button.js + 1_000);
    expect(barrel.css).toBe(button.css);
    // The imports bring every style the kit has: style.css adds the same rules again, nothing new.
    expect(whole.css).toBeGreaterThan(30_000);
  });

  it('renders TxWizard, PagedTable, WalletSelector and ApprovalCard in both themes without a console error', async () => {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const address = server.resolvedUrls?.local[0] as string;
      await page.goto(address);
      for (const theme of ['light', 'dark']) {
        const screen = page.locator(`[data-theme="${theme}"]`);
        await expect
          .poll(() => screen.getByText('Transaction mined', { exact: false }).count())
          .toBeGreaterThan(0);
        expect(await screen.getByRole('table').getByText('ACME', { exact: true }).count()).toBe(1);
        expect(await screen.getByText('Pause trading').count()).toBeGreaterThan(0);
        expect(await screen.getByText('What kind of device would you like to use?').count()).toBe(1);
        expect(await screen.getByRole('button').count()).toBeGreaterThan(2);
      }
      // The two themes really differ: the dark root's background is not the light one's.
      const backgrounds = await page.$$eval('[data-theme]', (roots) =>
        roots.map((root) => getComputedStyle(root).getPropertyValue('background-color')),
      );
      expect(new Set(backgrounds).size).toBe(2);
      // Styles arrived with the component imports (no stylesheet import): the primary button is not a bare button.
      const buttonColours = await page.$$eval('[data-theme] button', (buttons) =>
        buttons.map((button) => getComputedStyle(button).getPropertyValue('background-color')),
      );
      expect(
        buttonColours.filter((colour) => colour !== 'rgb(239, 239, 239)' && colour !== 'rgba(0, 0, 0, 0)')
          .length,
      ).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
