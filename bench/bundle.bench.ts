// Console bundle report: builds the console and prints, for each route the serving ratchet covers
// (tests/e2e/serving.spec.ts), the JavaScript its first load fetches (the same files and gzip bytes as the ratchet),
// what that load is made of by package (from the source maps: each package's bytes gzipped on their own, so a share,
// not a sum), and the largest chunks loaded on demand. Usage: pnpm bench bundle
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';
import { consoleDist, gzipBytes, initialFiles, readManifest, routeModules } from '../tests/e2e/bundle.ts';

const root = path.resolve(import.meta.dirname, '..');
execFileSync('pnpm', ['--filter', '@tranche/console', 'build'], { cwd: root, stdio: 'ignore' });

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** Who wrote a source of the bundle: its npm package, or the workspace package's folder. */
function owner(source: string | null | undefined): string {
  if (!source) return '(generated: class names, helpers)';
  const pkg = source.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1] as string;
  const local = source.match(/(?:^|\/)(api|console|ui-kit)\/src\//);
  if (local) return `${local[1]}/src`;
  return source.startsWith('../../src/') || source.startsWith('../src/') ? 'console/src' : '(generated)';
}

/** The minified text of a built script, by the package its source maps to. */
function textByOwner(file: string): Map<string, string> {
  const full = path.join(consoleDist, file);
  const code = readFileSync(full, 'utf8');
  if (!existsSync(`${full}.map`)) return new Map([['(generated: class names, helpers)', code]]);
  const lines = code.split('\n');
  const map = JSON.parse(readFileSync(path.join(consoleDist, `${file}.map`), 'utf8')) as {
    sources: string[];
    mappings: string;
  };
  const parts = new Map<string, string>();
  decode(map.mappings).forEach((segments, line) => {
    segments.forEach((segment, index) => {
      const next = segments[index + 1];
      const text = (lines[line] ?? '').slice(segment[0], next ? next[0] : undefined);
      const who = owner(segment.length > 1 ? map.sources[segment[1] as number] : undefined);
      parts.set(who, (parts.get(who) ?? '') + text);
    });
  });
  return parts;
}

const manifest = readManifest();
const initial = new Set<string>();
for (const route of Object.keys(routeModules) as (keyof typeof routeModules)[]) {
  const { js } = initialFiles(manifest, route);
  for (const file of js) initial.add(file);
  const total = js.reduce((sum, file) => sum + gzipBytes(file), 0);
  console.log(`\nFirst load of ${route}: ${js.length} scripts, ${kB(total)} gzip`);
  const parts = new Map<string, string>();
  for (const file of js)
    for (const [who, text] of textByOwner(file)) parts.set(who, (parts.get(who) ?? '') + text);
  const rows = [...parts]
    .map(([who, text]) => ({ who, raw: Buffer.byteLength(text), gzip: gzipSync(text).length }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 10);
  for (const row of rows)
    console.log(
      `  ${row.who.padEnd(36)} ${kB(row.raw).padStart(10)} ${kB(row.gzip).padStart(10)} gzip alone`,
    );
}

const lazy = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file, index, all) => file.endsWith('.js') && !initial.has(file) && all.indexOf(file) === index)
  .map((file) => ({ file, gzip: gzipBytes(file) }))
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, 8);
console.log('\nLargest chunks loaded on demand:');
for (const chunk of lazy) console.log(`  ${chunk.file.padEnd(48)} ${kB(chunk.gzip).padStart(10)} gzip`);
