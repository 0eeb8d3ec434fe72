/** Builds the kit's dist/ when it is missing or older than any file under src/ (for the library tests). */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const kitRoot = resolve(import.meta.dirname, '..');
export const dist = join(kitRoot, 'dist');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function buildDistWhenStale(): void {
  const built = join(dist, 'index.js');
  if (!existsSync(built) || statSync(built).mtimeMs < newestMtime(join(kitRoot, 'src'))) {
    execSync('pnpm build', { cwd: kitRoot, stdio: 'pipe' });
  }
}
