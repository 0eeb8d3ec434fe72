/**
 * `npm run backup -- <archive>` and `npm run restore -- <archive> [--force]` (scripts/tranche.mjs runs this file):
 *   backup   the embedded database, the embedded chain's state and DATA_DIR's generated secrets, in one archive
 *            encrypted with BACKUP_PASSPHRASE (backup/archive.ts). A running product is asked through its control
 *            socket (a consistent snapshot while it serves); a stopped one is read from DATA_DIR.
 *   restore  into an empty DATA_DIR (or, with --force, after moving the present one aside).
 * Every refusal is one line on stderr and exit code 1.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { oneLine, StartupError } from '../errors.ts';
import { backupPassphrase, openArchive, packContents, sealArchive, unpackContents } from './archive.ts';
import { contentsFromRunning, restoreContents, stoppedContents } from './snapshot.ts';

const postgresAdvice =
  'DATABASE_URL is set: back PostgreSQL up with pg_dump (README, "Production guide: backups"), and keep MASTER_KEY and JWT_SECRET with it.';

/** The archive path as typed: npm runs scripts from the project's root, INIT_CWD is where the command was typed. */
function archivePath(argument: string | undefined): string {
  if (!argument) throw new StartupError('Name the archive: npm run backup -- <archive> (or restore).');
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
}

async function backup(args: string[]): Promise<void> {
  const file = archivePath(args[0]);
  const passphrase = backupPassphrase(process.env);
  const config = loadConfig(process.env);
  if (config.databaseUrl) throw new StartupError(postgresAdvice);
  if (existsSync(file)) throw new StartupError(`${file} exists already: name a new archive.`);
  const fromRunning = await contentsFromRunning(config.dataDir);
  const packed = fromRunning ?? packContents(await stoppedContents(config.dataDir));
  const contents = unpackContents(packed);
  writeFileSync(file, await sealArchive(packed, passphrase), { mode: 0o600, flag: 'wx' });
  const names = contents.entries.map((entry) => entry.name);
  process.stdout.write(
    `Backed up ${config.dataDir} (${contents.takenFrom === 'running' ? 'running' : 'stopped'}) to ${file} (${statSync(file).size} bytes): ${names.join(', ')}.\n`,
  );
  const fromEnv = [...(config.masterKey ? ['MASTER_KEY'] : []), ...(config.jwtSecret ? ['JWT_SECRET'] : [])];
  if (fromEnv.length > 0)
    process.stdout.write(
      `${fromEnv.join(' and ')} come from the environment, not DATA_DIR: they are not in the archive; keep them with it.\n`,
    );
}

async function restore(args: string[]): Promise<void> {
  const replace = args.includes('--force');
  const file = archivePath(args.find((arg) => arg !== '--force'));
  const passphrase = backupPassphrase(process.env);
  const config = loadConfig(process.env);
  if (config.databaseUrl) throw new StartupError(postgresAdvice);
  if (!existsSync(file)) throw new StartupError(`${file} does not exist.`);
  const contents = unpackContents(await openArchive(readFileSync(file), passphrase, file));
  const { movedAside } = await restoreContents(config.dataDir, contents, { replace });
  process.stdout.write(
    `Restored ${file} into ${config.dataDir}: ${contents.entries.map((entry) => entry.name).join(', ')}.${movedAside ? ` The former DATA_DIR is in ${movedAside}.` : ''} Start Tranche with the same DATA_DIR.\n`,
  );
}

const [command, ...args] = process.argv.slice(2);
const commands: Record<string, (args: string[]) => Promise<void>> = { backup, restore };
const run = command ? commands[command] : undefined;
if (!run) {
  process.stderr.write('usage: cli.ts backup|restore <archive> [--force]\n');
  process.exit(2);
}
try {
  await run(args);
} catch (error) {
  const message =
    error instanceof StartupError
      ? error.message
      : `The ${command} failed: ${(error as Error)?.message ?? String(error)}`;
  process.stderr.write(`${oneLine(message)}\n`);
  process.exit(1);
}
