/**
 * The kit's entry points: the barrel (`@tranche/ui-kit`) and one per component folder (`@tranche/ui-kit/Button` is
 * `src/Button/Button.tsx`, with exactly the exports of that file). Used by the library build and by the test that
 * keeps package.json's `exports` in step with the folders.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const kitRoot = resolve(import.meta.dirname, '..');
const src = join(kitRoot, 'src');

/** Component folders: a capitalised folder holding a file of its own name (`Button/Button.tsx`). */
export function componentNames(): string[] {
  return readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[A-Z]/.test(entry.name))
    .map((entry) => entry.name)
    .filter((name) => existsSync(join(src, name, `${name}.tsx`)))
    .sort();
}

/** Rolldown input: output name (the path under dist/ without `.js`) -> source file. */
export function buildEntries(): Record<string, string> {
  return Object.fromEntries([
    ['index', join(src, 'index.ts')],
    ...componentNames().map((name) => [`${name}/${name}`, join(src, name, `${name}.tsx`)]),
  ]);
}

type Export = { types: string; import: string } | string;

/** The published `exports` map (package.json `publishConfig.exports`). */
export function publishedExports(): Record<string, Export> {
  return {
    '.': { types: './dist/index.d.ts', import: './dist/index.js' },
    ...Object.fromEntries(
      componentNames().map((name) => [
        `./${name}`,
        { types: `./dist/${name}/${name}.d.ts`, import: `./dist/${name}/${name}.js` },
      ]),
    ),
    './style.css': './dist/style.css',
  };
}
