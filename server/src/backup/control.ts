import { existsSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { oneLine } from '../errors.ts';
import { type BackupContents, packContents } from './archive.ts';
import { backupNames } from './snapshot.ts';

/** Longest Unix socket path Linux and macOS accept (sun_path less the terminator). */
const maxSocketPath = 103;

/**
 * The running product's control socket, `DATA_DIR/control.sock`: `npm run backup` asks it for a snapshot
 * (`POST /backup` answers the archive's contents, unencrypted; the command encrypts them). Only DATA_DIR's owner can
 * reach it (DATA_DIR is 0700, the socket 0600 under the process umask 077), the same person who can read the data
 * itself. Answers undefined (no socket) when DATA_DIR's path is too long for a socket: `npm run backup` then refuses.
 */
export async function startControlSocket(
  dataDir: string,
  snapshot: () => Promise<BackupContents>,
): Promise<(() => Promise<void>) | undefined> {
  const socketPath = path.join(dataDir, backupNames.controlSocket);
  if (Buffer.byteLength(socketPath) > maxSocketPath) return undefined;
  // Left by a process that died (the database is open by this one, so no other server runs on DATA_DIR).
  if (existsSync(socketPath)) unlinkSync(socketPath);
  let busy = false;
  const server = http.createServer((request, reply) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      reply.writeHead(404).end('Not found');
      return;
    }
    if (busy) {
      reply.writeHead(409).end('Another backup is being taken.');
      return;
    }
    busy = true;
    snapshot()
      .then((contents) => {
        const body = packContents(contents);
        reply.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
        reply.end(body);
      })
      .catch((error: unknown) => {
        reply.writeHead(500).end(oneLine((error as Error)?.message ?? String(error)));
      })
      .finally(() => {
        busy = false;
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}
