import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The built console the server serves (`pnpm --filter @tranche/console build`, or CONSOLE_DIR). */
export const consoleDist = path.resolve(
  process.env.CONSOLE_DIR ?? path.join(import.meta.dirname, '..', '..', 'console', 'dist'),
);

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(): Manifest {
  const file = path.join(consoleDist, '.vite', 'manifest.json');
  if (!existsSync(file))
    throw new Error(`No ${file}: build the console first (pnpm --filter @tranche/console build)`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The route modules the router loads for each page (console/src/app/router.tsx). */
export const routeModules = {
  '/Login': 'src/routes/login.tsx',
  '/Tokens': 'src/routes/tokens.tsx',
  '/TokenInfo': 'src/routes/tokenInfo.tsx',
  '/Whitelists': 'src/routes/whitelists.tsx',
} as const;

/** The scripts and styles a first visit to a route loads before it renders: the entry and the route module, with everything they import statically. */
export function initialFiles(
  manifest: Manifest,
  route: keyof typeof routeModules,
): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit(routeModules[route]);
  const chunks = [...seen].map((key) => manifest[key] as ManifestChunk);
  // The console builds one stylesheet (vite.config.ts, cssCodeSplit false), which the manifest names 'style.css'.
  const sheet = manifest['style.css']?.file;
  return {
    js: [...new Set(chunks.map((chunk) => chunk.file))],
    css: [...new Set([...chunks.flatMap((chunk) => chunk.css ?? []), ...(sheet ? [sheet] : [])])],
  };
}

/** Bytes a browser accepting gzip receives for a built file: its `.gz` built beside it, or the file itself when the build left it uncompressed. */
export function gzipBytes(file: string): number {
  const full = path.join(consoleDist, file);
  return existsSync(`${full}.gz`) ? statSync(`${full}.gz`).size : statSync(full).size;
}

/** The heavy libraries that must load only where needed. */
export const heavyLibraries = {
  ethers: /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?ethers\//,
  ledger: /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?@ledgerhq\//,
  pdfjs: /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?pdfjs-dist\//,
  zod: /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?zod\//,
} as const;
export type HeavyLibrary = keyof typeof heavyLibraries;

/** Which heavy libraries a built script carries, read from its source map. */
export function heavyLibrariesIn(file: string): HeavyLibrary[] {
  const map = path.join(consoleDist, `${file}.map`);
  if (!existsSync(map)) return file.includes('pdf.worker') ? ['pdfjs'] : [];
  const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
  return (Object.keys(heavyLibraries) as HeavyLibrary[]).filter((name) =>
    sources.some((source) => heavyLibraries[name].test(source)),
  );
}
