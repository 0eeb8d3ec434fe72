/** Shared by the stories specs: (re)build storybook-static when stale and serve it from a tiny HTTP server. */
import { execSync } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');
const staticDir = join(repoRoot, 'storybook-static');
const indexFile = join(staticDir, 'index.json');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Rebuilds storybook-static when ui-kit/src or .storybook changed since the last build. Only the
 * runner process builds: workers restart after a failure and must not rebuild mid-run.
 */
export function ensureStorybookBuilt(): void {
  if (process.env.TEST_WORKER_INDEX !== undefined) return;
  const sourcesChanged = Math.max(
    newestMtime(join(repoRoot, 'ui-kit/src')),
    newestMtime(join(repoRoot, '.storybook')),
  );
  if (existsSync(indexFile) && statSync(indexFile).mtimeMs >= sourcesChanged) return;
  execSync('pnpm build-storybook', { cwd: repoRoot, stdio: 'inherit' });
}

export type StoryEntry = { id: string; type: 'story' | 'docs'; title: string; name: string };

export function readStories(): StoryEntry[] {
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, StoryEntry> };
  return Object.values(index.entries).filter((entry) => entry.type === 'story');
}

const mimeTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export type StaticServer = { baseUrl: string; close: () => Promise<void> };

/** Serves storybook-static, or another Storybook build folder. */
export async function serveStorybook(root: string = staticDir): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': mimeTypes[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
