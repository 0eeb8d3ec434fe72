// @vitest-environment node
/**
 * The kit as other teams get it: `pnpm pack` of the package, installed into an app OUTSIDE the workspace (a temp
 * dir) that brings its own React and Radix, built with plain Vite (no vanilla-extract plugin), rendered in
 * Chromium in both themes. One React (no invalid-hook error), no console error.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDistWhenStale, kitRoot } from '../test/distBuild.ts';

const pkg = JSON.parse(readFileSync(join(kitRoot, 'package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const app = mkdtempSync(join(tmpdir(), 'tranche-ui-kit-consumer-'));

const consumerSource = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { ApprovalCard, PagedTable, ThemeRoot, TxWizard, WalletSelector, createColumnHelper } from '@tranche/ui-kit';
import '@tranche/ui-kit/style.css';

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

let server: PreviewServer;
let installSeconds = 0;

beforeAll(async () => {
  buildDistWhenStale();
  const packDir = join(app, 'pack');
  execFileSync('pnpm', ['pack', '--pack-destination', packDir], { cwd: kitRoot, stdio: 'pipe' });
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
        expect(await screen.getByRole('button').count()).toBeGreaterThan(2);
      }
      // The two themes really differ: the dark root's background is not the light one's.
      const backgrounds = await page.$$eval('[data-theme]', (roots) =>
        roots.map((root) => getComputedStyle(root).getPropertyValue('background-color')),
      );
      expect(new Set(backgrounds).size).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
