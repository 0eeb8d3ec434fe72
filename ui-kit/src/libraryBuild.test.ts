// @vitest-environment node
/**
 * The kit as a library: builds dist/ (when stale), then builds and typechecks a tiny consumer app
 * that imports '@tranche/ui-kit/dist' and its CSS through the package's exports, with plain Vite
 * and NO vanilla-extract plugin.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentNames, publishedExports } from '../build/entryPoints.ts';
import { buildDistWhenStale, dist, kitRoot } from '../test/distBuild.ts';

const consumer = join(kitRoot, '.tmp', 'consumer');

const consumerSource = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { Alert, Button, ThemeRoot, TxWizard, type TxWizardState, timeAgo } from '@tranche/ui-kit/dist';
import '@tranche/ui-kit/dist/style.css';

const state: TxWizardState = 'aborted';
const label: string = timeAgo(new Date(0), new Date(3_000));

createRoot(document.getElementById('root')!).render(
  h(ThemeRoot, { theme: 'dark', children: [
    h(Alert, { key: 'a', tone: 'success', title: 'Consumer', children: label }),
    h(Button, { key: 'b', variant: 'primary', children: 'Save' }),
    h(TxWizard, { key: 'c', state, explorer: { isLocal: true } }),
  ] }),
);
`;

beforeAll(() => {
  buildDistWhenStale();
  rmSync(consumer, { recursive: true, force: true });
  mkdirSync(join(consumer, 'src'), { recursive: true });
  mkdirSync(join(consumer, 'node_modules', '@tranche'), { recursive: true });
  symlinkSync(kitRoot, join(consumer, 'node_modules', '@tranche', 'ui-kit'), 'dir');
  writeFileSync(
    join(consumer, 'index.html'),
    '<div id="root"></div><script type="module" src="/src/main.ts"></script>',
  );
  writeFileSync(join(consumer, 'src', 'main.ts'), consumerSource);
  writeFileSync(join(consumer, 'src', 'env.d.ts'), "declare module '*.css';\n");
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2023', 'DOM'],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      include: ['src'],
    }),
  );
}, 300_000);

afterAll(() => {
  rmSync(join(kitRoot, '.tmp'), { recursive: true, force: true });
});

describe('library build', () => {
  it('emits ESM, one CSS file, declarations and the pdf.js worker', () => {
    const files = readdirSync(dist);
    expect(files.filter((name) => name.endsWith('.css'))).toEqual(['style.css']);
    expect(files).toEqual(expect.arrayContaining(['index.js', 'index.d.ts', 'pdf.worker.min.mjs']));
    const js = readFileSync(join(dist, 'index.js'), 'utf8');
    expect(js).toMatch(/^import /m);
    expect(js).not.toContain('@vanilla-extract/css');
    const css = readFileSync(join(dist, 'style.css'), 'utf8');
    expect(css).toContain(':where([data-tranche-root])');
    // Per-component entry points: each module with styles imports its own CSS, so a host's bundler brings it along.
    expect(readFileSync(join(dist, 'Button', 'Button.css.js'), 'utf8')).toMatch(
      /^import "\.\/Button\.css\.ts\.vanilla\.css";$/m,
    );
    expect(readFileSync(join(dist, 'Button', 'Button.js'), 'utf8')).toMatch(/from "\.\/Button\.css\.js"/);
  });

  it('leaves React and Radix to the host: peer dependencies, kept as dev dependencies, never bundled', () => {
    const pkg = JSON.parse(readFileSync(join(kitRoot, 'package.json'), 'utf8')) as Record<
      'dependencies' | 'peerDependencies' | 'devDependencies',
      Record<string, string>
    >;
    const peers = Object.keys(pkg.peerDependencies).sort();
    expect(peers).toEqual([
      '@radix-ui/react-dialog',
      '@radix-ui/react-dropdown-menu',
      '@radix-ui/react-popover',
      '@radix-ui/react-tabs',
      '@radix-ui/react-tooltip',
      'react',
      'react-dom',
    ]);
    for (const name of peers) {
      expect(pkg.dependencies[name], `${name} is a peer, not a dependency`).toBeUndefined();
      // The range admits the version the workspace tests with.
      expect(pkg.peerDependencies[name]).toBe(`^${pkg.devDependencies[name]}`);
    }
    // One file per module: the imports of React and Radix stay in the modules that use them.
    const js = readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(dist, name), 'utf8'))
      .join('\n');
    expect(js).toMatch(/from ['"]react['"]/);
    expect(js).toMatch(/from ['"]@radix-ui\/react-dialog['"]/);
    expect(js).not.toMatch(/function useState|__SECRET_INTERNALS|react\.transitional\.element/);
  });

  it('publishes one entry point per component folder, each built with its declarations', () => {
    const pkg = JSON.parse(readFileSync(join(kitRoot, 'package.json'), 'utf8')) as {
      publishConfig: { exports: Record<string, unknown> };
      sideEffects: string[];
    };
    expect(
      pkg.publishConfig.exports,
      'a component folder was added or removed: run `node ui-kit/build/writeExports.ts`',
    ).toEqual(publishedExports());
    expect(pkg.sideEffects).toEqual(['*.css']);
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
    for (const name of componentNames())
      expect(files).toEqual(expect.arrayContaining([`${name}/${name}.js`, `${name}/${name}.d.ts`]));
  });

  it('a plain Vite app (no vanilla-extract plugin) builds against it', async () => {
    const output = await build({
      root: consumer,
      configFile: false,
      logLevel: 'silent',
      resolve: { preserveSymlinks: false },
      build: { outDir: join(consumer, 'out'), write: true },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
      'output' in result ? result.output : [],
    );
    const css = chunks.filter((chunk) => chunk.fileName.endsWith('.css'));
    const js = chunks.filter((chunk) => chunk.type === 'chunk');
    expect(css).toHaveLength(1);
    const cssText = String((css[0] as { source: string | Uint8Array }).source);
    expect(cssText).toContain('[data-tranche-root]');
    expect(js.map((chunk) => (chunk.type === 'chunk' ? chunk.code : '')).join('')).toContain(
      'Transaction aborted.',
    );
  }, 300_000);

  it('its declarations typecheck in the consumer', () => {
    const tsc = join(kitRoot, '..', 'node_modules', '.bin', 'tsc');
    let diagnostics = '';
    try {
      execSync(`${tsc} -p ${consumer}`, { stdio: 'pipe' });
    } catch (error) {
      diagnostics = String((error as { stdout?: Buffer }).stdout ?? error);
    }
    expect(diagnostics).toBe('');
  }, 120_000);
});
