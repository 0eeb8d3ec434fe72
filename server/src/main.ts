import { oneLine, StartupError } from './errors.ts';
import type { RunningServer } from './server.ts';

/** The one process `pnpm start` runs. */
async function main(): Promise<void> {
  let server: RunningServer | undefined;
  // SHUTDOWN_GRACE_S, once the configuration is read (10 s before).
  let graceSeconds = 10;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`Received ${signal} again: exiting now.\n`);
      process.exit(130);
    }
    stopping = true;
    process.stdout.write(
      `Stopping Tranche: finishing in-flight requests and running jobs (at most ${graceSeconds} s, SHUTDOWN_GRACE_S)...\n`,
    );
    const inTime = await server?.close(graceSeconds * 1000);
    if (inTime === false)
      process.stderr.write(
        `Requests or jobs were still running after ${graceSeconds} s: they were interrupted (an interrupted job resumes at the next start).\n`,
      );
    process.stdout.write('Tranche stopped.\n');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  try {
    // Imported here so that even a module failing to load ends in one line, not a stack trace.
    if (process.env.NODE_ENV === 'production') {
      const { productionProblems } = await import('./production.ts');
      const problems = productionProblems(process.env);
      if (problems.length > 0) {
        process.stderr.write(`${problems.map(oneLine).join('\n')}\n`);
        process.exit(1);
      }
    }
    // Traces (off unless OTEL_EXPORTER_OTLP_ENDPOINT): the SDK starts before the app it instruments is built.
    const { startTracing } = await import('./telemetry/tracing.ts');
    await startTracing(process.env);
    const { loadConfig } = await import('./config.ts');
    const { startServer } = await import('./server.ts');
    const config = loadConfig();
    graceSeconds = config.shutdownGraceSeconds;
    server = await startServer(config);
  } catch (error) {
    const message =
      error instanceof StartupError
        ? error.message
        : `Tranche could not start: ${oneLine((error as Error)?.message ?? String(error))}`;
    process.stderr.write(`${oneLine(message)}\n`);
    process.exit(1);
  }
  if (stopping) return;
  process.stdout.write(`Tranche is running at ${server.url}\n`);
  if (server.chain.local)
    process.stdout.write(`Embedded chain: ${server.chain.rpcUrl} (chain id ${server.chain.chainId})\n`);
  if (server.mailer.kind === 'outbox' && server.chain.local) {
    process.stdout.write(`Mail goes to the local outbox: ${server.url}/local/mail\n`);
  }
  if (server.demo) process.stdout.write(`Demo login: ${server.demo.loginName} / ${server.demo.password}\n`);
}

await main();
