/** Builds the kit's dist/ when it is missing or older than its sources or build config (for the library tests). */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
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

/** Waits `ms` without a timer (the build step is synchronous). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds dist/ when stale, one test file at a time: the library and packed-consumer tests run in parallel workers,
 * and a build empties dist/ while the other file may be reading it. A lock folder (mkdir is atomic) serialises the
 * builds; a file that waited finds dist/ fresh and builds nothing.
 */
export function buildDistWhenStale(): void {
  const lock = join(kitRoot, '.dist-build.lock');
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than the longest build is left by a killed run.
      if (waited > 180_000 || (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 180_000))
        rmSync(lock, { recursive: true, force: true });
      pause(200);
    }
  }
  try {
    const built = join(dist, 'index.js');
    const sources = Math.max(
      newestMtime(join(kitRoot, 'src')),
      newestMtime(join(kitRoot, 'build')),
      ...['vite.config.ts', 'package.json', 'tsconfig.build.json'].map(
        (file) => statSync(join(kitRoot, file)).mtimeMs,
      ),
    );
    if (!existsSync(built) || statSync(built).mtimeMs < sources) {
      execSync('pnpm build', { cwd: kitRoot, stdio: 'pipe' });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
