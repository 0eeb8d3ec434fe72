import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the database (password hashes, investors' names), the generated secrets and the chain state:
 * only the owner may read it, whatever the caller's umask. The process umask becomes 077, so everything the
 * server, PGlite and the embedded chain (a child, which inherits it) write later is private too; what is there
 * already is tightened now (folders 0700, files 0600). PGlite unpacks a new database with explicit 0666 modes:
 * call this again once the database is open (the files PostgreSQL creates after that follow the umask).
 */
export function makeDataDirPrivate(dataDir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // Worker threads may not change the umask; the walk below still tightens what exists.
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir);
}

function tighten(folder: string): void {
  chmodSync(folder, 0o700);
  for (const name of readdirSync(folder)) {
    const entry = path.join(folder, name);
    const stats = lstatSync(entry);
    if (stats.isDirectory()) tighten(entry);
    else if (stats.isFile()) chmodSync(entry, 0o600);
  }
}
