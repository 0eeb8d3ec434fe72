/**
 * Library build: ESM, one file per source module (dist/Button/Button.js, ...), so that a host importing one
 * component pulls only that component's modules; each module that has styles imports its own CSS file
 * (dist/Button/Button.css.css), so its CSS comes with it. dist/style.css holds all of it, in import order, for hosts
 * that load CSS with a <link>. Types come from tsc (tsconfig.build.json). Every dependency stays external; the pdf.js
 * worker is copied beside the bundle.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { buildEntries } from './build/entryPoints.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const workerFile = 'pdf.worker.min.mjs';
const workerImport = `pdfjs-dist/build/${workerFile}?url`;
const dependencies = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];
const isExternal = (id: string) =>
  id !== workerImport && dependencies.some((name) => id === name || id.startsWith(`${name}/`));

/** Library consumers get the worker as dist/pdf.worker.min.mjs, located relative to the bundle. */
function pdfWorkerBesideBundle(): Plugin {
  const virtualId = '\0tranche-pdf-worker-url';
  return {
    name: 'tranche-pdf-worker-url',
    enforce: 'pre',
    resolveId(id) {
      return id === workerImport ? virtualId : null;
    },
    load(id) {
      if (id !== virtualId) return null;
      return `const file = ${JSON.stringify(`./${workerFile}`)};\nexport default new URL(file, import.meta.url).href;\n`;
    },
    writeBundle(options) {
      const outDir = options.dir ?? resolve(import.meta.dirname, 'dist');
      mkdirSync(outDir, { recursive: true });
      const require = createRequire(import.meta.url);
      copyFileSync(require.resolve(`pdfjs-dist/build/${workerFile}`), resolve(outDir, workerFile));
    },
  };
}

/** A chunk's relative import path to a file of the bundle (always starting with ./ or ../). */
function importPath(from: string, to: string): string {
  const path = relative(dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * Library mode leaves the CSS of each chunk as a loose file; this makes each chunk import its own CSS (so a bundler
 * brings it with the component, see `sideEffects` in package.json) and writes style.css: every chunk's CSS in the
 * order a bundler would place it (imports before the importer), starting from the barrel.
 */
function cssWithItsModule(): Plugin {
  return {
    name: 'tranche-css-with-its-module',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rolldown.OutputChunk => file.type === 'chunk',
      );
      for (const chunk of chunks) {
        const css = [...(chunk.viteMetadata?.importedCss ?? [])];
        if (css.length === 0) continue;
        chunk.code = `${css.map((file) => `import ${JSON.stringify(importPath(chunk.fileName, file))};`).join('\n')}\n${chunk.code}`;
      }
      const ordered: string[] = [];
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') return;
        for (const imported of chunk.imports) visit(imported);
        for (const css of chunk.viteMetadata?.importedCss ?? [])
          if (!ordered.includes(css)) ordered.push(css);
      };
      visit('index.js');
      for (const chunk of chunks) visit(chunk.fileName);
      const source = ordered
        .map((name) => {
          const asset = bundle[name];
          return asset?.type === 'asset' ? String(asset.source) : '';
        })
        .join('');
      this.emitFile({ type: 'asset', fileName: 'style.css', source });
    },
  };
}

export default defineConfig({
  plugins: [pdfWorkerBesideBundle(), react(), vanillaExtractPlugin(), cssWithItsModule()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    cssCodeSplit: true,
    lib: { entry: buildEntries(), formats: ['es'] },
    rolldownOptions: {
      external: isExternal,
      output: {
        preserveModules: true,
        preserveModulesRoot: resolve(import.meta.dirname, 'src'),
        entryFileNames: '[name].js',
        assetFileNames: '[name][extname]',
      },
    },
  },
});
