/**
 * Library build: ESM JS + one CSS file in dist/ (types come from tsc, see tsconfig.build.json).
 * Every dependency stays external; the pdf.js worker is copied beside the bundle.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [pdfWorkerBesideBundle(), react(), vanillaExtractPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    cssCodeSplit: false,
    lib: {
      entry: resolve(import.meta.dirname, 'src/index.ts'),
      formats: ['es'],
      fileName: 'index',
      cssFileName: 'style',
    },
    rolldownOptions: { external: isExternal },
  },
});
