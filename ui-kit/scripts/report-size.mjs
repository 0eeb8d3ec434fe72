// Prints the library's JS and CSS sizes (raw and gzip) after `vite build`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const rows = readdirSync(dist)
  .filter((name) => /\.(js|css)$/.test(name))
  .map((name) => {
    const bytes = readFileSync(join(dist, name));
    return {
      file: name,
      kB: +(statSync(join(dist, name)).size / 1024).toFixed(1),
      gzipKB: +(gzipSync(bytes).length / 1024).toFixed(1),
    };
  });
console.table(rows);
