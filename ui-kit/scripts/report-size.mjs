// Prints the library's sizes after `vite build`: the whole of dist/ (every module, style.css) and, per entry point,
// what importing it alone brings (the entry's module, every kit module it imports, their CSS; dependencies such as
// React, Radix and pdf.js not counted). Unminified library output: a host's minifier makes it smaller (the packed
// consumer test measures that for Button).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
const kB = (bytes) => +(bytes / 1024).toFixed(1);
const cost = (names) => {
  const text = names.map((name) => readFileSync(join(dist, name))).join('');
  return { kB: kB(Buffer.byteLength(text)), gzipKB: kB(gzipSync(text).length) };
};

/** The kit files an entry brings: its module and, depth first, every relative import (JS and CSS). */
function closure(entry) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    if (!name.endsWith('.js')) return;
    const source = readFileSync(join(dist, name), 'utf8');
    for (const [, path] of source.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+)"/g))
      visit(normalize(join(dirname(name), path)));
  };
  visit(entry);
  return [...seen];
}

const entries = ['index.js', ...files.filter((name) => /^([A-Z]\w*)\/\1\.js$/.test(name)).sort()];
const rows = entries.map((entry) => {
  const names = closure(entry);
  const js = cost(names.filter((name) => name.endsWith('.js')));
  const css = cost(names.filter((name) => name.endsWith('.css')));
  return {
    entry: entry.replace(/\/.*$/, '').replace('index.js', '(barrel)'),
    jsKB: js.kB,
    jsGzipKB: js.gzipKB,
    cssKB: css.kB,
    cssGzipKB: css.gzipKB,
  };
});
const allJs = files.filter((name) => name.endsWith('.js'));
console.log('ui-kit dist/ (unminified ESM, one file per module):');
console.table([
  { files: `${allJs.length} .js modules`, ...cost(allJs) },
  { files: 'style.css (all CSS)', ...cost(['style.css']) },
]);
console.log('per entry point: what importing it alone brings from the kit');
console.table(rows);
