import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../db/database.ts';
import { makeDataDirPrivate } from '../dataDir.ts';
import { StartupError } from '../errors.ts';
import type { BackupContents, BackupEntry } from './archive.ts';

/** Names inside DATA_DIR (and the archive). */
export const backupNames = {
  database: 'pglite.tar.gz',
  chainState: 'chain-state.json',
  pgliteFolder: 'pglite',
  controlSocket: 'control.sock',
};

/**
 * DATA_DIR's own files: the generated secrets (master.key, jwt-secret), the demo login. Not the chain state (taken
 * apart) nor anything in a folder (the database is dumped, not copied).
 */
function dataDirFiles(dataDir: string): BackupEntry[] {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir)
    .filter((name) => !name.startsWith('chain-state') && lstatSync(path.join(dataDir, name)).isFile())
    .sort()
    .map((name) => ({ name, data: readFileSync(path.join(dataDir, name)) }));
}

/**
 * What a running server backs up (through its control socket, backup/control.ts): the database first, then the chain
 * (so the chain holds at least every transaction the database recorded; a recorded one it lacks would be broadcast
 * again by the reconciler, one it has and the database does not know is settled from the chain's truth). PGlite's
 * dump runs between statements and after a checkpoint: a snapshot as consistent as a power cut, which every durable
 * flow here recovers from.
 */
export async function liveContents(options: {
  client: PGlite;
  dataDir: string;
  /** The embedded chain's RPC URL (local mode); its state comes from anvil_dumpState. */
  chainRpcUrl?: string;
}): Promise<BackupContents> {
  await options.client.exec('checkpoint');
  const tar = await options.client.dumpDataDir('gzip');
  const entries: BackupEntry[] = [{ name: backupNames.database, data: Buffer.from(await tar.arrayBuffer()) }];
  if (options.chainRpcUrl) {
    entries.push({ name: backupNames.chainState, data: await dumpChainState(options.chainRpcUrl) });
  }
  entries.push(...dataDirFiles(options.dataDir));
  return { entries, takenFrom: 'running' };
}

/** anvil_dumpState answers the state file's JSON, gzipped, as hex. */
async function dumpChainState(rpcUrl: string): Promise<Buffer> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_dumpState', params: [] }),
  });
  const answer = (await response.json()) as { result?: string; error?: { message: string } };
  if (!answer.result) throw new Error(`The embedded chain did not dump its state: ${answer.error?.message}`);
  const bytes = Buffer.from(answer.result.replace(/^0x/, ''), 'hex');
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

/** The same from a stopped product's DATA_DIR (its database opened here, its chain state file read). */
export async function stoppedContents(dataDir: string): Promise<BackupContents> {
  const folder = path.join(dataDir, backupNames.pgliteFolder);
  if (!existsSync(folder))
    throw new StartupError(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: folder, extensions: pgliteExtensions });
  } catch (error) {
    throw new StartupError(`Cannot open the embedded database in ${folder}: ${(error as Error).message}`);
  }
  try {
    const tar = await client.dumpDataDir('gzip');
    const entries: BackupEntry[] = [
      { name: backupNames.database, data: Buffer.from(await tar.arrayBuffer()) },
    ];
    const chainState = path.join(dataDir, backupNames.chainState);
    if (existsSync(chainState))
      entries.push({ name: backupNames.chainState, data: readFileSync(chainState) });
    entries.push(...dataDirFiles(dataDir));
    return { entries, takenFrom: 'stopped' };
  } finally {
    await client.close();
  }
}

/** The running product's snapshot through its control socket, or undefined when none answers (it is stopped). */
export function contentsFromRunning(dataDir: string): Promise<Buffer | undefined> {
  const socketPath = path.join(dataDir, backupNames.controlSocket);
  if (!existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: '/backup', method: 'POST' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) resolve(body);
        else
          reject(new StartupError(`The running Tranche could not take the backup: ${body.toString('utf8')}`));
      });
      response.on('error', reject);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A socket file left by a process that died: nobody is running.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    });
    request.end();
  });
}

/** Whether DATA_DIR has anything in it. */
export function isNonEmptyDir(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/**
 * Writes a backup's contents into DATA_DIR (empty or missing; with `replace`, what is there is moved aside to
 * `<DATA_DIR>.before-restore-<time>` first): the database unpacked by PGlite, the chain state and the files.
 */
export async function restoreContents(
  dataDir: string,
  contents: BackupContents,
  options: { replace?: boolean } = {},
): Promise<{ movedAside?: string }> {
  let movedAside: string | undefined;
  if (isNonEmptyDir(dataDir)) {
    if (!options.replace)
      throw new StartupError(
        `${dataDir} (DATA_DIR) is not empty: restore into an empty directory, or add --force to move what is there to ${dataDir}.before-restore-<time> first.`,
      );
    if ((await contentsFromRunning(dataDir).catch(() => 'running')) !== undefined)
      throw new StartupError(`Tranche is running on ${dataDir}: stop it before restoring over it.`);
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, movedAside);
  }
  makeDataDirPrivate(dataDir);
  for (const entry of contents.entries) {
    if (entry.name === backupNames.database) {
      const client = await PGlite.create({
        dataDir: path.join(dataDir, backupNames.pgliteFolder),
        loadDataDir: new Blob([new Uint8Array(entry.data)]),
        extensions: pgliteExtensions,
      });
      await client.close();
    } else if (/^[\w.-]+$/.test(entry.name) && !entry.name.startsWith('.')) {
      writeFileSync(path.join(dataDir, entry.name), entry.data, { mode: 0o600 });
    }
  }
  mkdirSync(dataDir, { recursive: true });
  makeDataDirPrivate(dataDir);
  return { movedAside };
}
