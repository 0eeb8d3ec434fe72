// Console bundle report: builds the console and prints what the Login page loads first (JS and CSS, raw and
// gzip), and the largest lazy chunks. Usage: pnpm bench bundle
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'console', 'dist');
execFileSync('pnpm', ['--filter', '@tranche/console', 'build'], { cwd: root, stdio: 'ignore' });

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const referenced = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
  (m) => m[1] as string,
);
const assets = readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f));
const loginChunk = assets.find((f) => /^account-.*\.js$/.test(f));
const initial = [...new Set([...referenced, ...(loginChunk ? [`assets/${loginChunk}`] : [])])];

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const sizeOf = (file: string) => {
  const bytes = readFileSync(path.join(dist, file));
  return { raw: statSync(path.join(dist, file)).size, gzip: gzipSync(bytes).length };
};

let raw = 0;
let gzip = 0;
console.log('Initial load of /Login:');
for (const file of initial) {
  const size = sizeOf(file);
  raw += size.raw;
  gzip += size.gzip;
  console.log(`  ${file.padEnd(48)} ${kb(size.raw).padStart(10)} ${kb(size.gzip).padStart(10)} gzip`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} gzip`);

const lazy = assets
  .filter((f) => !initial.includes(`assets/${f}`) && f.endsWith('.js'))
  .map((f) => ({ f, ...sizeOf(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, 8);
console.log('Largest chunks loaded on demand:');
for (const chunk of lazy)
  console.log(`  ${chunk.f.padEnd(48)} ${kb(chunk.raw).padStart(10)} ${kb(chunk.gzip).padStart(10)} gzip`);
